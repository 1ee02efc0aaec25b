package org.shapeforge.solve.rules;

/**
 * A construct (or a size system) the native solver does not decide: reported as
 * {@code Outcome.Unknown("not supported natively: …")}, never as a failure, so that an
 * {@code expect native: fail} cannot pass by accident (issue 4).
 */
public final class Unsupported extends RuntimeException {
    public Unsupported(String message) {
        super(message, null, false, false);
    }
}
