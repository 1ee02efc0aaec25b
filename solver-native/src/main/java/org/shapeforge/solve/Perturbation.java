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
        Overlay o = classMove(c, v, Sizes.size(now));
        if (o != null || now instanceof Dim.Unit) return o;
        return cones.clean(v) ? coneShift(c, v) : boundedCone(c, v);
    }

    /** Move 1: v's σ⋆ class (v open after stage 1) to size n + 1, else 2n. */
    private Overlay classMove(Constraint c, int v, long n) {
        int r = ix.rep[v];
        if (r < 0 || n >= Long.MAX_VALUE / 2) return null;
        for (long size : new long[] {n + 1, 2 * n}) {
            Dim to = Sizes.ofSize(size, Dim.DEFAULT_BASIS);
            Map<String, Dim> moves = new LinkedHashMap<>();
            for (int e = ix.classes.begin(r); e < ix.classes.end(r); e++) moves.put(ix.names[ix.classes.to()[e]], to);
            Overlay o = Overlay.moving(base, moves);
            if (refutes(o, c) && holdsAround(o, ix.classes, r)) return o;
        }
        return null;
    }

    /** Move 2: v's clean up-cone to the unit, held lazily by the overlay; the root boundary re-checked. */
    private Overlay coneShift(Constraint c, int v) {
        Overlay o = Overlay.region(base, Dim.unit(), cones.inside(v), cones.outside(v), () -> cones.cone(v, Integer.MAX_VALUE));
        if (!refutes(o, c)) return null;
        for (int x : cones.component(v)) if (!holds(o, x)) return null;
        return o;
    }

    /** Move 3: v's cone, not clean, enumerated up to the budget, to the unit; every constraint it touches re-checked. */
    private Overlay boundedCone(Constraint c, int v) {
        Set<String> cone = cones.cone(v, BUDGET);
        if (cone == null) return null;
        Map<String, Dim> moves = new LinkedHashMap<>();
        for (String x : cone) moves.put(x, Dim.unit());
        Overlay o = Overlay.moving(base, moves);
        if (!refutes(o, c)) return null;
        for (String x : cone) if (!holds(o, ix.id(x))) return null;
        return o;
    }

    /** The evaluator says {@code c} fails on {@code o}. */
    private static boolean refutes(Overlay o, Constraint c) {
        return Evaluator.judge(c, o, Semantics.FLAT).truth() == Truth.FAILS;
    }

    /** The constraints mentioning the variables of list {@code r} of {@code lists} hold on {@code o}. */
    private boolean holdsAround(Overlay o, Csr lists, int r) {
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
