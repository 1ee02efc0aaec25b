package org.shapeforge.project;

import java.util.Objects;
import java.util.Optional;
import org.shapeforge.lang.Span;

/**
 * A projection-inference failure, a value with a kind. Thm. 7.4 lists exactly three ways the
 * solver of Def. 7.3 fails ({@link Kind#SIZE_MISMATCH}, {@link Kind#PIN_CONFLICT},
 * {@link Kind#SOLVED_MISMATCH}); the stratum-2 extension of Conj. 8.2 adds deferred checks
 * between derived terms ({@link Kind#DERIVED_CONFLICT}); {@link Kind#INPUT} is a broken
 * contract (an unassigned variable, a fixed index outside its axis, an ambiguous row term).
 * Messages name the operation, the tensors and the axes involved; {@link #origin()} is the
 * statement the operation comes from, where a caller knows it (typed: never read back from the
 * message).
 */
public final class ProjectionError extends RuntimeException {

    public enum Kind {
        /** Thm. 7.4(a): a co-iteration class contains axes of different sizes. */
        SIZE_MISMATCH,
        /** Thm. 7.4(b): a class receives two distinct pins. */
        PIN_CONFLICT,
        /** Thm. 7.4(c): an equation between two distinct supplied indices. */
        SOLVED_MISMATCH,
        /** Conj. 8.2, stratum 2: derived (affine / concat) terms disagree, or a concat part is not iterated. */
        DERIVED_CONFLICT,
        /** The input contract of docs/projections.md is violated. */
        INPUT
    }

    private final Kind kind;
    private final String operation;
    private final String detail;
    private final Optional<Span> origin;

    /** The message is {@code projections of <operation>: <detail>}; no origin known. */
    public ProjectionError(Kind kind, String operation, String detail) {
        this(kind, operation, detail, Optional.empty());
    }

    /** As {@link #ProjectionError(Kind, String, String)}, made by the statement at {@code origin}. */
    public ProjectionError(Kind kind, String operation, String detail, Optional<Span> origin) {
        super("projections of " + operation + ": " + detail);
        this.kind = Objects.requireNonNull(kind);
        this.operation = operation;
        this.detail = detail;
        this.origin = Objects.requireNonNull(origin);
    }

    /** The statement whose operation failed, where known. */
    public Optional<Span> origin() {
        return origin;
    }

    public Kind kind() {
        return kind;
    }

    public String operation() {
        return operation;
    }

    /** The message without the operation in front (what a caller re-wraps with a position). */
    public String detail() {
        return detail;
    }
}
