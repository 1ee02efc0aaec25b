package org.shapeforge.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.shapeforge.lang.Constraint.TotalNum;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Canonical text in the {@code .shc} language ({@code language.md}): what it prints parses back
 * ({@link Parser}) to the same AST up to spans ({@link Spans#erase}). One statement per line; the
 * unit is {@code 1}, atoms {@code 7}, {@code 7:rgb}, {@code 1:default}, {@code 0}; a closed row with
 * an empty lead is printed as the literal {@code [3, a]}; affine arguments come in the fixed order
 * stride, kernel, dilation, padding, offset. One degenerate case does not read back: a size
 * predicate {@code 3 <= 5} between two bare non-negative literals reads as a dimension order.
 */
public final class Printer {
    private Printer() {}

    public static String print(Problem p) {
        return p.statements().stream().map(s -> print(s) + "\n").collect(Collectors.joining());
    }

    public static String print(Statement s) {
        return switch (s) {
            case Constraint c -> print(c);
            case Declaration d -> d.kind().keyword + " "
                    + d.vars().stream().map(Declaration.VarRef::toString).collect(Collectors.joining(", "));
            case Expectation e -> expectation(e);
        };
    }

    public static String print(Constraint c) {
        return switch (c) {
            case Constraint.DimEq(var l, var r, var _) -> print(l) + " = " + print(r);
            case Constraint.DimLe(var l, var r, var _) -> print(l) + " <= " + print(r);
            case Constraint.RowEq(var l, var r, var _) -> print(l) + " ~ " + print(r);
            case Constraint.RowLe(var l, var r, var _) -> print(l) + " <= " + print(r);
            case Constraint.RowLeOne(var l, var r, var _) -> print(l) + " <=1 " + print(r);
            case Constraint.Total(var rows, var num, var by, var _) -> "total(" + rows(rows) + ") = " + total(num)
                    + (by.isEmpty() ? "" : " / {" + dims(by) + "}");
            case Constraint.Exact(var rows, var axes, var _) -> "exact(" + rows(rows) + ") = [" + dims(axes) + "]";
            case Constraint.SizeRel(var l, var rel, var r, var _) -> print(l) + " " + rel.symbol + " " + print(r);
            case Constraint.SizeIn(var e, var lo, var hi, var _) -> print(e) + " in " + lo + ".." + hi;
            case Constraint.Likely(var d, var values, var _) -> "likely(" + print(d) + ") = {"
                    + values.stream().map(String::valueOf).collect(Collectors.joining(", ")) + "}";
        };
    }

    private static String total(TotalNum n) {
        return switch (n) {
            case TotalNum.NumElems(var k) -> String.valueOf(k);
            case TotalNum.StridedVar(var coeff, var v, var denom) ->
                coeff + " * " + v.name() + (denom == 1 ? "" : " / " + denom);
        };
    }

    private static String expectation(Expectation e) {
        return switch (e) {
            case Expectation.ExpectVerdict(var engine, var verdict, var _) ->
                "expect " + engine.keyword + ": " + verdict(verdict);
            case Expectation.ExpectClosed(var c, var _) -> "expect closed " + print(c);
            case Expectation.ExpectEntails(var c, var _) -> "expect entails " + print(c);
            case Expectation.ExpectPrincipal(var yes, var _) -> "expect principal: " + (yes ? "yes" : "no");
        };
    }

    private static String verdict(Expectation.Verdict v) {
        return switch (v) {
            case Expectation.Verdict.Sat() -> "sat";
            case Expectation.Verdict.Unsat() -> "unsat";
            case Expectation.Verdict.Unknown() -> "unknown";
            case Expectation.Verdict.Fail(var kind, var text) -> "fail" + kind.map(k -> " " + k).orElse("")
                    + text.map(t -> " \"" + t.replace("\\", "\\\\").replace("\"", "\\\"") + "\"").orElse("");
        };
    }

    /**
     * A dimension term. Appends to one builder (no streams), so that printing costs two stack
     * frames per nesting level; depth is bounded by {@link NestingLimit} for parsed input.
     */
    public static String print(Dim d) {
        StringBuilder sb = new StringBuilder();
        dim(d, sb);
        return sb.toString();
    }

    private static void dim(Dim d, StringBuilder sb) {
        switch (d) {
            case Dim.Unit() -> sb.append('1');
            case Dim.Atom(var n, var basis) -> sb.append(n).append(basis.equals(Dim.DEFAULT_BASIS) && n != 1 ? "" : ":" + basis);
            case Dim.Var(var name, _) -> sb.append(name);
            case Dim.Concat(var parts) -> {
                for (int i = 0; i < parts.size(); i++) {
                    if (i > 0) sb.append(" ^ ");
                    Dim p = parts.get(i);
                    if (p instanceof Dim.Concat) {
                        sb.append('(');
                        dim(p, sb);
                        sb.append(')');
                    } else {
                        dim(p, sb);
                    }
                }
            }
            case Dim.Affine a -> affine(a, sb);
        }
    }

    private static void affine(Dim.Affine a, StringBuilder sb) {
        sb.append("affine(");
        dim(a.over(), sb);
        sb.append(", stride=").append(a.stride());
        a.kernel().ifPresent(k -> {
            sb.append(", kernel=");
            dim(k, sb);
            sb.append(", dilation=").append(a.dilation());
        });
        if (a.padding()) sb.append(", padding=same");
        if (a.offset() != 0) sb.append(", offset=").append(a.offset());
        sb.append(')');
    }

    public static String print(Row r) {
        return switch (r) {
            case Row.Closed(var lead, var trail) when lead.isEmpty() -> "[" + dims(trail) + "]";
            case Row.Closed(var lead, var trail) -> "[" + dims(lead) + "] <>" + (trail.isEmpty() ? "" : " [" + dims(trail) + "]");
            case Row.Open(var lead, var v, var trail, _) -> (lead.isEmpty() ? "" : "[" + dims(lead) + "] ") + "<" + v + ">"
                    + (trail.isEmpty() ? "" : " [" + dims(trail) + "]");
            case Row.Rigid(var axes) -> "![" + dims(axes) + "]";
        };
    }

    /** {@code a = 3, <r> = [3] <> [5]}: parses back with {@link Parser#parseAssignment}. */
    public static String print(Assignment a) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Dim> e : a.dims().entrySet()) parts.add(e.getKey() + " = " + print(e.getValue()));
        for (Map.Entry<String, Row> e : a.rows().entrySet()) parts.add("<" + e.getKey() + "> = " + print(e.getValue()));
        return String.join(", ", parts);
    }

    /** Size expressions with the fewest parentheses that keep the (left-associative) tree. */
    public static String print(SizeExpr e) {
        return switch (e) {
            case SizeExpr.Lit(var v) -> String.valueOf(v);
            case SizeExpr.Size(var d) -> "size(" + print(d) + ")";
            case SizeExpr.Add(var l, var r) -> binary(l, " + ", r, 1);
            case SizeExpr.Sub(var l, var r) -> binary(l, " - ", r, 1);
            case SizeExpr.Mul(var l, var r) -> binary(l, " * ", r, 2);
            case SizeExpr.Mod(var l, var k) -> operand(l, 2, false) + " % " + k;
        };
    }

    private static String binary(SizeExpr l, String op, SizeExpr r, int prec) {
        return operand(l, prec, false) + op + operand(r, prec, true);
    }

    private static String operand(SizeExpr e, int prec, boolean right) {
        int p = precedence(e);
        boolean paren = right ? p <= prec : p < prec;
        return paren ? "(" + print(e) + ")" : print(e);
    }

    private static int precedence(SizeExpr e) {
        return switch (e) {
            case SizeExpr.Add _, SizeExpr.Sub _ -> 1;
            case SizeExpr.Mul _, SizeExpr.Mod _ -> 2;
            case SizeExpr.Lit _, SizeExpr.Size _ -> 3;
        };
    }

    private static String dims(List<Dim> ds) {
        return ds.stream().map(Printer::print).collect(Collectors.joining(", "));
    }

    private static String rows(List<Row> rs) {
        return rs.stream().map(Printer::print).collect(Collectors.joining(", "));
    }
}
