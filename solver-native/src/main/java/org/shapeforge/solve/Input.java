package org.shapeforge.solve;

import java.util.BitSet;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.solve.rules.SizeClass;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The problem as the native solver reads it: the constraints (their index is their identity in
 * derivations), their facts ({@link #fact}), the variables in order of first mention, and the
 * first constraint of a kind the native solver does not handle (reported as Unknown, never
 * guessed at). Total_elems, Exact and size predicates have no core fact ({@code null}): they go to
 * {@code rules.SizeRules}.
 *
 * <p>A fact is made when asked for, from its constraint's own terms rebuilt over the interned
 * variables ({@link Canon#rebuild}: canonical names, each term carrying its variable's id):
 * {@code core} marks the constraints that have one, {@code factStart} where {@code canon} noted
 * their variables' ids. Holding a million fact objects for the whole solve was a million more
 * objects for every collection to copy (issue 12).
 */
record Input(List<Constraint> constraints, BitSet core, Canon canon, int[] factStart,
        List<String> dimVars, List<String> rowVars, Constraint unsupported, String unsupportedWhy) {

    /** Rigid rows (Def. 2.12) are input-only: the solver never builds one, so they are refused here, once. */
    private static final String RIGID = "not supported natively: rigid rows (flat semantics only)";

    static Input of(Problem p) {
        List<Constraint> cs = p.constraints();
        BitSet core = new BitSet(cs.size());
        int[] factStart = new int[cs.size()];
        Constraint bad = null;
        String why = null;
        Canon canon = new Canon(cs.size(), p.symbols());
        for (int i = 0; i < cs.size(); i++) {
            Constraint c = cs.get(i);
            Fact f = factOf(c);
            int depth = TermDepth.of(c);
            String reason = depth > TermDepth.LIMIT ? "not supported natively: a term nested more than " + TermDepth.LIMIT
                    + " levels deep at " + c.span().file() + ":" + c.span().line() + ":" + c.span().column()
                    + " (the native solver's limit; flatten the nesting, e.g. a ^ b ^ c instead of (a ^ (b ^ c)))" : switch (c) {
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
                // never solved: the whole input is answered Unknown
            } else if (SizeClass.of(c) == SizeClass.CORE) {
                core.set(i);
                factStart[i] = canon.record(f); // the variables are interned in order of first sight
            } else {
                sized(c, canon); // a size constraint (SizeClass.sized), or a hint (likely): holds in every assignment
            }
        }
        for (Declaration d : p.declarations())
            for (Declaration.VarRef v : d.vars()) {
                if (v.row()) canon.rowId(v.name());
                else canon.dimId(v.name());
            }
        return new Input(cs, core, canon, factStart, canon.dimVars(), canon.rowVars(), bad, why);
    }

    /** The core fact of constraint {@code i} over the interned variables, or null (a size constraint, a hint, unsupported). */
    Fact fact(int i) {
        if (!core.get(i)) return null;
        return canon.rebuild(factOf(constraints.get(i)), factStart[i]);
    }

    /** The input's dimension variables as terms carrying their ids, by id (= order of first mention). */
    List<Dim.Var> dimTerms() {
        return canon.dimTerms();
    }

    /** The input's row variables as bare terms carrying their ids, by id. */
    List<Row.Open> rowTerms() {
        return canon.rowTerms();
    }

    /** The core fact a constraint states, over its own terms, or null. */
    static Fact factOf(Constraint c) {
        return switch (c) {
            case Constraint.DimEq(Dim l, Dim r, var s) -> new Fact.DimEq(l, r);
            case Constraint.DimLe(Dim lo, Dim up, var s) -> new Fact.DimLe(lo, up);
            case Constraint.RowEq(Row l, Row r, var s) -> new Fact.RowEq(l, r);
            case Constraint.RowLe(Row lo, Row up, var s) -> new Fact.RowLe(lo, up);
            default -> null;
        };
    }

    /** The variables of a Total_elems, Exact or size predicate. */
    private static void sized(Constraint c, Canon canon) {
        switch (c) {
            case Constraint.Total t -> {
                t.rows().forEach(canon::visit);
                t.dividedBy().forEach(canon::visit);
                if (t.numerator() instanceof Constraint.TotalNum.StridedVar s) canon.visit(s.var());
            }
            case Constraint.Exact x -> {
                x.rows().forEach(canon::visit);
                x.axes().forEach(canon::visit);
            }
            case Constraint.SizeRel r -> {
                size(r.left(), canon);
                size(r.right(), canon);
            }
            case Constraint.SizeIn r -> size(r.expr(), canon);
            default -> {}
        }
    }

    private static void size(SizeExpr e, Canon canon) {
        switch (e) {
            case SizeExpr.Size s -> canon.visit(s.dim());
            case SizeExpr.Add(var l, var r) -> {
                size(l, canon);
                size(r, canon);
            }
            case SizeExpr.Sub(var l, var r) -> {
                size(l, canon);
                size(r, canon);
            }
            case SizeExpr.Mul(var l, var r) -> {
                size(l, canon);
                size(r, canon);
            }
            case SizeExpr.Mod(var l, long k) -> size(l, canon);
            case SizeExpr.Lit l -> {}
        }
    }
}
