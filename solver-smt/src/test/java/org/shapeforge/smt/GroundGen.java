package org.shapeforge.smt;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Span;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** Small generated inputs for the cross-check properties: few distinct atoms so relations often hold. */
final class GroundGen {
    private GroundGen() {}

    static Arbitrary<Dim> groundDims() {
        return Arbitraries.of(Dim.unit(), new Dim.Atom(2), new Dim.Atom(3), new Dim.Atom(3, "x"), new Dim.Atom(1));
    }

    static Arbitrary<Dim> dims(boolean withVars) {
        if (!withVars) return groundDims();
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, groundDims()),
                net.jqwik.api.Tuple.of(2, Arbitraries.of(Dim.var("a"), Dim.var("b"))),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(new Dim.Concat(List.of(Dim.var("a"), new Dim.Atom(2))))));
    }

    static Arbitrary<Row> rows(boolean withVars) {
        Arbitrary<List<Dim>> flank = dims(withVars).list().ofMaxSize(2);
        Arbitrary<Row> closed = Combinators.combine(flank, flank).as(Row.Closed::new);
        Arbitrary<Row> rigid = dims(withVars).list().ofMaxSize(3).map(Row.Rigid::new);
        if (!withVars) return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, closed), net.jqwik.api.Tuple.of(1, rigid));
        Arbitrary<Row> open = Combinators.combine(flank, Arbitraries.of("r", "s"), flank).as(Row.Open::new);
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, closed), net.jqwik.api.Tuple.of(4, open),
                net.jqwik.api.Tuple.of(1, rigid));
    }

    static Arbitrary<Constraint> constraints(boolean withVars) {
        Arbitrary<Dim> d = dims(withVars);
        Arbitrary<Row> r = rows(withVars);
        Span sp = Span.NONE;
        return Arbitraries.oneOf(
                Combinators.combine(d, d).as((x, y) -> new Constraint.DimEq(x, y, sp)),
                Combinators.combine(d, d).as((x, y) -> new Constraint.DimLe(x, y, sp)),
                Combinators.combine(r, r).as((x, y) -> new Constraint.RowEq(x, y, sp)),
                Combinators.combine(r, r).as((x, y) -> new Constraint.RowLe(x, y, sp)),
                Combinators.combine(r, r).as((x, y) -> new Constraint.RowLeOne(x, y, sp)),
                Combinators.combine(r, Arbitraries.of(1L, 6L, 9L, 18L)).as((x, n) ->
                        new Constraint.Total(List.of(x), new Constraint.TotalNum.NumElems(n), List.of(), sp)),
                Combinators.combine(r, d.list().ofMaxSize(3)).as((x, ax) -> new Constraint.Exact(List.of(x), ax, sp)));
    }

    /** Gives each constraint its own line, so unsat cores can be compared by span. */
    static List<Constraint> numbered(List<Constraint> cs) {
        List<Constraint> out = new ArrayList<>();
        for (int i = 0; i < cs.size(); i++) out.add(atLine(cs.get(i), new Span("gen.shc", i + 1, 1)));
        return out;
    }

    private static Constraint atLine(Constraint c, Span s) {
        return switch (c) {
            case Constraint.DimEq(var l, var r, var sp) -> new Constraint.DimEq(l, r, s);
            case Constraint.DimLe(var l, var r, var sp) -> new Constraint.DimLe(l, r, s);
            case Constraint.RowEq(var l, var r, var sp) -> new Constraint.RowEq(l, r, s);
            case Constraint.RowLe(var l, var r, var sp) -> new Constraint.RowLe(l, r, s);
            case Constraint.RowLeOne(var l, var r, var sp) -> new Constraint.RowLeOne(l, r, s);
            case Constraint.Total t -> new Constraint.Total(t.rows(), t.numerator(), t.dividedBy(), s);
            case Constraint.Exact e -> new Constraint.Exact(e.rows(), e.axes(), s);
            case Constraint.SizeRel r -> new Constraint.SizeRel(r.left(), r.rel(), r.right(), s);
            case Constraint.SizeIn r -> new Constraint.SizeIn(r.expr(), r.lo(), r.hi(), s);
            case Constraint.Likely l -> new Constraint.Likely(l.dim(), l.values(), s);
        };
    }
}
