package org.shapeforge.program.spec;

import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;

/**
 * An error inside a spec string. {@code column} is 0-based inside the spec; the span points at
 * that character in the program (the string literal's position plus one for the quote).
 */
public final class SpecError extends ShapeError {
    private final String spec;
    private final int column;

    public SpecError(Span literal, String spec, int column, String message) {
        super("spec", shift(literal, column), message + " in spec \"" + spec + "\" (column " + (column + 1)
                + " of the spec)\n  " + spec + "\n  " + " ".repeat(Math.max(0, column)) + "^");
        this.spec = spec;
        this.column = column;
    }

    private static Span shift(Span literal, int column) {
        if (literal == null || !literal.isKnown()) return literal;
        return new Span(literal.file(), literal.line(), literal.column() + 1 + column);
    }

    public String spec() {
        return spec;
    }

    /** 0-based column inside the spec string. */
    public int specColumn() {
        return column;
    }
}
