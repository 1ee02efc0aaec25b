package org.shapeforge.program;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.shapeforge.lang.Span;
import org.shapeforge.program.spec.Kind;

/**
 * Where a generated constraint comes from, as typed data (OCANNL's {@code row.mli} origins): the
 * statement ({@code file:line:col} and its source text), the operation's name for people
 * ({@code operation}, e.g. {@code compose (a * b)}) and its shape logic ({@code op}), the part of
 * the operation the constraint relates ({@link Role}: which operand, which rows) and the row kinds
 * it is about ({@code rows}: none, one, or {@code batch@output@input} for a size fact over the
 * whole tensor). Consumers read the typed fields; the English ({@link #argument}, {@link #kind},
 * {@link #describe}) is rendered at the edge and never parsed back.
 */
public record Origin(Span statement, String text, String operation, OpKind op, Role role, List<Kind> rows) {

    public Origin {
        Objects.requireNonNull(statement, "statement");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(role, "role");
        rows = List.copyOf(rows);
    }

    /** The row kind of a constraint about one row of each side, or null (none, or the whole tensor). */
    public Kind axis() {
        return rows.size() == 1 ? rows.getFirst() : null;
    }

    /** The same origin about the rows {@code k} (null: unchanged). */
    public Origin withRow(Kind k) {
        return k == null ? this : new Origin(statement, text, operation, op, role, List.of(k));
    }

    /** The role in English ({@code argument 1}, {@code result}, empty when none). */
    public String argument() {
        return role.text();
    }

    /** The row kinds in English ({@code input}, {@code batch@output@input}, empty when none). */
    public String kind() {
        return rows.stream().map(k -> k.ellipsis).collect(Collectors.joining("@"));
    }

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
        String argument = argument(), kind = kind();
        if (!argument.isEmpty()) sb.append(", ").append(argument);
        if (!kind.isEmpty()) sb.append(", ").append(kind).append(" row");
        return sb.toString();
    }
}
