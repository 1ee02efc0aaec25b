package org.shapeforge.lang;

/**
 * A user error with a stable code, a span and a message that suggests the fix (style lesson 5):
 * reported as {@code file:line:col: message}, never as a stack trace. Our own bugs are
 * {@link IllegalStateException}s instead.
 */
public class ShapeError extends RuntimeException {
    private final String code;
    private final Span span;

    public ShapeError(String code, Span span, String message) {
        super(message);
        this.code = code;
        this.span = span == null ? Span.NONE : span;
    }

    public String code() {
        return code;
    }

    public Span span() {
        return span;
    }

    /** {@code file:line:col: message}. */
    public String render() {
        return (span.isKnown() ? span + ": " : "") + getMessage();
    }
}
