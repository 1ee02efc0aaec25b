package org.shapeforge.lang;

/**
 * A source position {@code file:line:col} (1-based line and column). Every statement carries
 * one; solver failures report the spans of the constraints involved (provenance, style lesson 4).
 */
public record Span(String file, int line, int column) {
    /** The span of constraints built programmatically rather than parsed. */
    public static final Span NONE = new Span("<none>", 0, 0);

    public Span {
        if (file == null) file = "<none>";
    }

    public boolean isKnown() {
        return line > 0;
    }

    /** {@code file:line} as used in JSON {@code origin} lists. */
    public String fileLine() {
        return file + ":" + line;
    }

    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
