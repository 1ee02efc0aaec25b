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
 * of a kind the native solver does not handle (reported as Unknown, never guessed at). Total_elems,
 * Exact and size predicates have no core fact ({@code null}): they go to {@code rules.SizeRules}.
 */
record Input(List<Constraint> constraints, List<Fact> facts, Set<String> dimVars, Set<String> rowVars,
        Constraint unsupported, String unsupportedWhy) {

    /** Rigid rows (Def. 2.12) are input-only: the solver never builds one, so they are refused here, once. */
    private static final String RIGID = "not supported natively: rigid rows (flat semantics only)";

    static Input of(Problem p) {
        List<Constraint> cs = p.constraints();
        List<Fact> facts = new java.util.ArrayList<>(cs.size());
        Set<String> dv = LinkedHashSet.newLinkedHashSet(cs.size()), rv = LinkedHashSet.newLinkedHashSet(cs.size());
        Constraint bad = null;
        String why = null;
        Canon canon = new Canon(cs.size());
        for (Constraint c : cs) {
            Fact f = switch (c) {
                case Constraint.DimEq(Dim l, Dim r, var s) -> new Fact.DimEq(l, r);
                case Constraint.DimLe(Dim lo, Dim up, var s) -> new Fact.DimLe(lo, up);
                case Constraint.RowEq(Row l, Row r, var s) -> new Fact.RowEq(l, r);
                case Constraint.RowLe(Row lo, Row up, var s) -> new Fact.RowLe(lo, up);
                default -> null;
            };
            String reason = switch (c) {
                case Constraint.RowLeOne x -> "not supported natively: the one-shot order <=1 (Remark 2.15(ii))";
                case Constraint.RowEq(Row l, Row r, var s) when l instanceof Row.Rigid || r instanceof Row.Rigid -> RIGID;
                case Constraint.RowLe(Row l, Row r, var s) when l instanceof Row.Rigid || r instanceof Row.Rigid -> RIGID;
                default -> null;
            };
            if (reason != null) {
                if (bad == null) {
                    bad = c;
                    why = reason;
                }
                facts.add(null); // never solved: the whole input is answered Unknown
            } else if (f != null) {
                f = canon.fact(f);
                facts.add(f);
                collect(f, dv, rv);
            } else {
                facts.add(null); // a size constraint (SizeRules), or a hint (likely): holds in every assignment
                sized(c, dv, rv, canon);
            }
        }
        for (Declaration d : p.declarations())
            for (Declaration.VarRef v : d.vars()) (v.row() ? rv : dv).add(canon.name(v.name()));
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

    /** The variables of a Total_elems, Exact or size predicate. */
    private static void sized(Constraint c, Set<String> dv, Set<String> rv, Canon canon) {
        switch (c) {
            case Constraint.Total t -> {
                t.rows().forEach(r -> row(canon.row(r), dv, rv));
                t.dividedBy().forEach(d -> dim(canon.dim(d), dv));
                if (t.numerator() instanceof Constraint.TotalNum.StridedVar s) dim(canon.dim(s.var()), dv);
            }
            case Constraint.Exact x -> {
                x.rows().forEach(r -> row(canon.row(r), dv, rv));
                x.axes().forEach(d -> dim(canon.dim(d), dv));
            }
            case Constraint.SizeRel r -> {
                size(r.left(), dv, canon);
                size(r.right(), dv, canon);
            }
            case Constraint.SizeIn r -> size(r.expr(), dv, canon);
            default -> {}
        }
    }

    private static void size(org.shapeforge.lang.SizeExpr e, Set<String> dv, Canon canon) {
        switch (e) {
            case org.shapeforge.lang.SizeExpr.Size s -> dim(canon.dim(s.dim()), dv);
            case org.shapeforge.lang.SizeExpr.Add(var l, var r) -> {
                size(l, dv, canon);
                size(r, dv, canon);
            }
            case org.shapeforge.lang.SizeExpr.Sub(var l, var r) -> {
                size(l, dv, canon);
                size(r, dv, canon);
            }
            case org.shapeforge.lang.SizeExpr.Mul(var l, var r) -> {
                size(l, dv, canon);
                size(r, dv, canon);
            }
            case org.shapeforge.lang.SizeExpr.Mod(var l, long k) -> size(l, dv, canon);
            case org.shapeforge.lang.SizeExpr.Lit l -> {}
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
