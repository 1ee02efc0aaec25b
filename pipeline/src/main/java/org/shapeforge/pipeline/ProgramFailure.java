package org.shapeforge.pipeline;

import java.util.Optional;
import org.shapeforge.program.dynamic.ExtentError;

/**
 * A negative verdict on the program itself (the CLI's exit 1): its shapes do not infer, an
 * upper-bound axis would be lowered, or its operations do not project. A user error, not a bug.
 */
public final class ProgramFailure extends RuntimeException {
    private final String origin;
    private final Optional<ExtentError> extent;

    public ProgramFailure(String message, String origin) {
        this(message, origin, Optional.empty());
    }

    /**
     * @param origin the statement's {@code file:line}, or empty when none is known
     * @param extent seed 004's structured error when a later stage cannot take an extent
     */
    public ProgramFailure(String message, String origin, Optional<ExtentError> extent) {
        super(message);
        this.origin = origin;
        this.extent = extent;
    }

    /** The statement's {@code file:line}, or empty. */
    public String origin() {
        return origin;
    }

    /** The structured extent error (op, field, observed, extent), when that is why. */
    public Optional<ExtentError> extent() {
        return extent;
    }
}
