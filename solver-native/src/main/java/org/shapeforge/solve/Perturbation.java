package org.shapeforge.solve;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.semantics.Truth;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Overlay;

/**
 * Refutations by perturbation (issue 12): from a solution γ of Φ — checked against every
 * constraint by the trusted evaluator once, when the {@link Entailer} was built — a solution
 * violating a query on a dimension variable v ({@code v = d}, {@code d = v}, {@code v <= d},
 * {@code d <= v}), as an {@link Overlay} over γ (never a copy of γ). The first move that works:
 *
 * <ol>
 *   <li><b>Class move</b>: v's σ⋆ class (v open after stage 1) to size n + 1 or 2n, n = |γ(v)|.
 *       The evaluator judges the query (must fail) and every constraint mentioning a moved
 *       variable (must hold) on the overlay: O(class and its constraints).
 *   <li><b>Cone shift</b>: v's up-cone S ({@link OrderCones}) to the unit, when S is clean (no
 *       dirty member, {@link DimIndex}); S is not enumerated. Soundness: a constraint mentioning
 *       no member of S sees γ's values, so it holds as it did; one mentioning a member is inert
 *       ({@link DimIndex#inert}), and an inert constraint stays true when an up-closed set moves
 *       to the unit, the top of ⊑ (Def. 1.2). So γ[S ↦ 1] ⊨ Φ. On top of that argument the
 *       evaluator judges the query (must fail) and the constraints mentioning v's component — the
 *       cone's root boundary, e.g. {@code c_(k-1) <= c_k} and {@code c_k <= c_(k+1)} for
 *       {@code c_k} of a chain — on the overlay, whose hints place every variable they mention:
 *       O(component and its constraints), whatever the size of the cone.
 *   <li><b>Bounded cone</b>: a cone with a dirty member, enumerated up to {@link #BUDGET}
 *       variables, moved to the unit, and every constraint mentioning a moved variable judged
 *       (must hold): O(cone and its constraints).
 * </ol>
 *
 * None found: null (the caller answers Undetermined). The counterexample users see is the
 * overlay's complete assignment, materialised when they ask for it.
 */
final class Perturbation {
    /** How many variables a bounded cone may move (its re-check is per moved variable). */
    static final int BUDGET = 256;

    private final List<Constraint> constraints;
    private final DimIndex ix;
    private final OrderCones cones;
    private final Assignment base;

    Perturbation(List<Constraint> constraints, DimIndex ix, Assignment base) {
        this.constraints = constraints;
        this.ix = ix;
        this.cones = new OrderCones(ix);
        this.base = base;
    }

    /** A checked solution of Φ violating {@code c}, or null. */
    Overlay refute(Constraint c) {
        String name = switch (c) {
            case Constraint.DimEq(Dim.Var x, Dim o, var s) -> x.name();
            case Constraint.DimEq(Dim o, Dim.Var x, var s) -> x.name();
            case Constraint.DimLe(Dim.Var x, Dim o, var s) -> x.name();
            case Constraint.DimLe(Dim o, Dim.Var x, var s) -> x.name();
            default -> null;
        };
        int v = name == null ? -1 : ix.id(name);
        if (v < 0 || !(base.dim(name) instanceof Dim now)) return null;
        long n = Sizes.size(now);
        if (ix.rep[v] >= 0 && n < Long.MAX_VALUE / 2) {
            for (long size : new long[] {n + 1, 2 * n}) {
                Map<String, Dim> moves = new LinkedHashMap<>();
                Dim to = Sizes.ofSize(size, Dim.DEFAULT_BASIS);
                int r = ix.rep[v];
                for (int e = ix.classes.begin(r); e < ix.classes.end(r); e++) moves.put(ix.names[ix.classes.to()[e]], to);
                Overlay o = Overlay.moving(base, moves);
                if (checked(o, c, ix.classes, r)) return o;
            }
        }
        if (now instanceof Dim.Unit) return null;
        if (cones.clean(v)) {
            Overlay o = Overlay.region(base, Dim.unit(), cones.inside(v), cones.outside(v), () -> cones.cone(v, Integer.MAX_VALUE));
            int[] root = cones.component(v);
            if (Evaluator.judge(c, o, Semantics.FLAT).truth() != Truth.FAILS) return null;
            for (int x : root) if (!holds(o, x)) return null;
            return o;
        }
        Set<String> cone = cones.cone(v, BUDGET);
        if (cone == null) return null;
        Map<String, Dim> moves = new LinkedHashMap<>();
        for (String x : cone) moves.put(x, Dim.unit());
        Overlay o = Overlay.moving(base, moves);
        if (Evaluator.judge(c, o, Semantics.FLAT).truth() != Truth.FAILS) return null;
        for (String x : cone) if (!holds(o, ix.id(x))) return null;
        return o;
    }

    /** The query fails on {@code o} and the constraints mentioning the variables of list {@code r} of {@code lists} hold. */
    private boolean checked(Overlay o, Constraint c, Csr lists, int r) {
        if (Evaluator.judge(c, o, Semantics.FLAT).truth() != Truth.FAILS) return false;
        for (int e = lists.begin(r); e < lists.end(r); e++) if (!holds(o, lists.to()[e])) return false;
        return true;
    }

    /** Every constraint mentioning variable {@code x} holds on {@code o}. */
    private boolean holds(Overlay o, int x) {
        for (int e = ix.mentions.begin(x); e < ix.mentions.end(x); e++)
            if (Evaluator.judge(constraints.get(ix.mentions.to()[e]), o, Semantics.FLAT).truth() != Truth.HOLDS) return false;
        return true;
    }
}
