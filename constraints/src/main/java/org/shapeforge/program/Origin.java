package org.shapeforge.program;

import org.shapeforge.lang.Span;

/**
 * Where a generated constraint comes from: the statement ({@code file:line:col} and its source
 * text), the operation whose shape logic produced it, which argument and which row kind.
 * {@code argument} and {@code kind} are empty when they do not apply.
 */
public record Origin(Span statement, String text, String operation, String argument, String kind) {

    /** {@code file:line}, as in the JSON {@code origin} lists of {@code cli.md}. */
    public String fileLine() {
        return statement.fileLine();
    }

    /** One line: {@code model.shp:7:1 `h = w * x`: compose, argument 1, input row}. */
    public String describe() {
        return statement + " `" + text + "`: " + where();
    }

    /** Without the statement's text: {@code model.shp:7:1: compose, argument 1, input row}. */
    public String brief() {
        return statement + ": " + where();
    }

    private String where() {
        StringBuilder sb = new StringBuilder(operation);
        if (!argument.isEmpty()) sb.append(", ").append(argument);
        if (!kind.isEmpty()) sb.append(", ").append(kind).append(" row");
        return sb.toString();
    }
}
