package org.shapeforge.semantics;

import org.shapeforge.term.Valuation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint;

/**
 * The trusted ground evaluator (style lesson 3): judges each constraint under a ground
 * assignment γ and a semantics, independently of every solver. Every solver answer is re-checked
 * here.
 *
 * <ul>
 *   <li>{@code d1 = d2}: identity of ground dimensions; {@code d1 <= d2}: Def. 1.2
 *       ({@link DimOrder}).
 *   <li>{@code R1 ~ R2}, {@code R1 <= R2}: per semantics ({@link RowJudge}); {@code R1 <=1 R2}:
 *       the one-shot order ({@link OneShotOrder}) under every semantics.
 *   <li>Total_elems, Exact, size predicates: exact integer arithmetic ({@link SizeJudge}).
 *   <li>{@code likely}: a hint, always holds.
 * </ul>
 *
 * Terms are grounded by {@link Grounding} (rows per semantics). A constraint is
 * {@link Truth#UNDEFINED} when grounding fails ({@link Undefined}: unassigned variable, wrong
 * sort, basis conflict, overflow).
 */
public final class Evaluator {
    private Evaluator() {}

    /** One judgement per constraint, in order. */
    public static List<Judgement> evaluate(List<Constraint> cs, Valuation a, Semantics s) {
        List<Judgement> out = new ArrayList<>(cs.size());
        for (Constraint c : cs) out.add(judge(c, a, s));
        return List.copyOf(out);
    }

    /** Whether every constraint {@link Truth#HOLDS} (none fails, none is undefined). */
    public static boolean holdsAll(List<Constraint> cs, Valuation a, Semantics s) {
        for (Constraint c : cs) if (judge(c, a, s).truth() != Truth.HOLDS) return false;
        return true;
    }

    /** The judgement of one constraint. */
    public static Judgement judge(Constraint c, Valuation a, Semantics s) {
        try {
            Optional<String> failure = failure(c, a, s);
            return failure.map(why -> new Judgement(c, Truth.FAILS, why))
                    .orElseGet(() -> new Judgement(c, Truth.HOLDS, "holds"));
        } catch (Undefined u) {
            return new Judgement(c, Truth.UNDEFINED, u.getMessage());
        }
    }

    private static Optional<String> failure(Constraint c, Valuation a, Semantics s) {
        return switch (c) {
            case Constraint.DimEq(var l, var r, var span) -> {
                var gl = Grounding.dim(l, a);
                var gr = Grounding.dim(r, a);
                yield gl.equals(gr) ? Optional.empty()
                        : Optional.of("dimension equality fails: " + GroundText.dim(gl) + " != " + GroundText.dim(gr));
            }
            case Constraint.DimLe(var l, var u, var span) -> {
                var gl = Grounding.dim(l, a);
                var gu = Grounding.dim(u, a);
                yield DimOrder.le(gl, gu) ? Optional.empty()
                        : Optional.of("broadcast order fails: " + GroundText.dim(gl) + " not ⊑ " + GroundText.dim(gu));
            }
            case Constraint.RowEq(var l, var r, var span) ->
                    RowJudge.equal(Grounding.row(l, a, s), Grounding.row(r, a, s), s);
            case Constraint.RowLe(var l, var u, var span) ->
                    RowJudge.le(Grounding.row(l, a, s), Grounding.row(u, a, s), s);
            case Constraint.RowLeOne(var l, var u, var span) ->
                    RowJudge.leOne(Grounding.row(l, a, s), Grounding.row(u, a, s));
            case Constraint.Total t -> SizeJudge.total(t, a, s);
            case Constraint.Exact e -> SizeJudge.exact(e, a, s);
            case Constraint.SizeRel r -> SizeJudge.rel(r, a);
            case Constraint.SizeIn r -> SizeJudge.in(r, a);
            case Constraint.Likely l -> Optional.empty();
        };
    }
}
