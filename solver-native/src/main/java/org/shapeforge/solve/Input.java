package org.shapeforge.solve;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Problem;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The problem as the native solver reads it: the constraints (their index is their identity in
 * derivations), their facts, the variables in order of first mention, and the first constraint
 * of a kind the native solver does not handle (reported as an ERROR failure, never guessed at).
 */
record Input(List<Constraint> constraints, List<Fact> facts, Set<String> dimVars, Set<String> rowVars,
        Constraint unsupported, String unsupportedWhy) {

    static Input of(Problem p) {
        List<Constraint> cs = p.constraints();
        List<Fact> facts = new java.util.ArrayList<>();
        Set<String> dv = new LinkedHashSet<>(), rv = new LinkedHashSet<>();
        Constraint bad = null;
        String why = null;
        for (Constraint c : cs) {
            Fact f = switch (c) {
                case Constraint.DimEq(Dim l, Dim r, var s) -> new Fact.DimEq(l, r);
                case Constraint.DimLe(Dim lo, Dim up, var s) -> new Fact.DimLe(lo, up);
                case Constraint.RowEq(Row l, Row r, var s) -> new Fact.RowEq(l, r);
                case Constraint.RowLe(Row lo, Row up, var s) -> new Fact.RowLe(lo, up);
                default -> null;
            };
            String reason = switch (c) {
                case Constraint.RowLeOne x -> "not supported by the native solver: the one-shot order <=1 (Remark 2.15(ii))";
                case Constraint.Total x -> "not yet supported natively: total";
                case Constraint.Exact x -> "not yet supported natively: exact";
                case Constraint.SizeRel x -> "not yet supported natively: size predicate";
                case Constraint.SizeIn x -> "not yet supported natively: size range";
                default -> null;
            };
            if (f != null) {
                facts.add(f);
                collect(f, dv, rv);
            } else if (reason != null && bad == null) {
                bad = c;
                why = reason;
            } else {
                facts.add(null); // a hint (likely): holds in every assignment
            }
        }
        for (Declaration d : p.declarations())
            for (Declaration.VarRef v : d.vars()) (v.row() ? rv : dv).add(v.name());
        return new Input(cs, facts, dv, rv, bad, why);
    }

    private static void collect(Fact f, Set<String> dv, Set<String> rv) {
        switch (f) {
            case Fact.DimEq(Dim l, Dim r) -> {
                dim(l, dv);
                dim(r, dv);
            }
            case Fact.DimLe(Dim l, Dim r) -> {
                dim(l, dv);
                dim(r, dv);
            }
            case Fact.RowEq(Row l, Row r) -> {
                row(l, dv, rv);
                row(r, dv, rv);
            }
            case Fact.RowLe(Row l, Row r) -> {
                row(l, dv, rv);
                row(r, dv, rv);
            }
        }
    }

    private static void row(Row r, Set<String> dv, Set<String> rv) {
        for (Dim d : r.flat()) dim(d, dv);
        if (r.rowVar() != null) rv.add(r.rowVar());
    }

    private static void dim(Dim d, Set<String> dv) {
        switch (d) {
            case Dim.Var v -> dv.add(v.name());
            case Dim.Concat c -> c.parts().forEach(x -> dim(x, dv));
            case Dim.Affine a -> {
                dim(a.over(), dv);
                a.kernel().ifPresent(k -> dim(k, dv));
            }
            default -> {}
        }
    }
}
