package org.shapeforge.lang;

/**
 * Span erasure: the same statements with every {@link Span} replaced by {@link Span#NONE}, so
 * that ASTs can be compared structurally (terms carry no spans; statements and the constraints
 * nested in expectations do).
 */
public final class Spans {
    private Spans() {}

    public static Problem erase(Problem p) {
        return new Problem(p.file(), p.statements().stream().map(Spans::erase).toList());
    }

    public static Statement erase(Statement s) {
        return switch (s) {
            case Constraint c -> erase(c);
            case Declaration d -> new Declaration(d.kind(), d.vars(), Span.NONE);
            case Expectation.ExpectVerdict(var engine, var verdict, var _) ->
                new Expectation.ExpectVerdict(engine, verdict, Span.NONE);
            case Expectation.ExpectClosed(var c, var _) -> new Expectation.ExpectClosed(erase(c), Span.NONE);
            case Expectation.ExpectEntails(var c, var _) -> new Expectation.ExpectEntails(erase(c), Span.NONE);
            case Expectation.ExpectPrincipal(var yes, var _) -> new Expectation.ExpectPrincipal(yes, Span.NONE);
        };
    }

    public static Constraint erase(Constraint c) {
        Span n = Span.NONE;
        return switch (c) {
            case Constraint.DimEq(var l, var r, var _) -> new Constraint.DimEq(l, r, n);
            case Constraint.DimLe(var l, var r, var _) -> new Constraint.DimLe(l, r, n);
            case Constraint.RowEq(var l, var r, var _) -> new Constraint.RowEq(l, r, n);
            case Constraint.RowLe(var l, var r, var _) -> new Constraint.RowLe(l, r, n);
            case Constraint.RowLeOne(var l, var r, var _) -> new Constraint.RowLeOne(l, r, n);
            case Constraint.Total(var rows, var num, var by, var _) -> new Constraint.Total(rows, num, by, n);
            case Constraint.Exact(var rows, var axes, var _) -> new Constraint.Exact(rows, axes, n);
            case Constraint.SizeRel(var l, var rel, var r, var _) -> new Constraint.SizeRel(l, rel, r, n);
            case Constraint.SizeIn(var e, var lo, var hi, var _) -> new Constraint.SizeIn(e, lo, hi, n);
            case Constraint.Likely(var d, var values, var _) -> new Constraint.Likely(d, values, n);
        };
    }
}
