package org.shapeforge.solve;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.solver.Entailment;
import org.shapeforge.term.Dim;

/**
 * Orders entailed by the input's own order constraints (issue 12), read off once, answered in
 * O(1) per query. ⊑ is a partial order (Def. 1.2: {@code a ⊑ b} iff b is the unit or a = b), so
 * an input {@code g <= y0} (or {@code y0 = g}, g ground) followed by input orders and equations
 * between variables {@code y0 <= y1 = y2 <= … x} proves {@code Φ ⊨ g <= x} (transitivity); and
 * two variables in one strongly connected component of those orders and equations are equal in
 * every solution (antisymmetry); a path of them from a to b proves {@code a <= b} (searched
 * breadth-first over at most {@link #SEARCH} variables per query). Only input constraints are used, never σ⋆ (which may contain
 * policy steps). Per component, at most {@link #KEEP} ground lower bounds are kept: a truncated
 * set is still a set of proved bounds (sound, only less complete).
 */
final class OrderProofs {
    static final int KEEP = 8;
    /** How many variables a search for an order path may visit (the query stays O(1) in N). */
    static final int SEARCH = 1024;
    private static final int[] NONE = new int[0];

    private final DimIndex ix;
    private final int[] comp;
    /** Per component: indices into {@code ix.grounds} of proved lower bounds. */
    private final int[][] lower;

    OrderProofs(DimIndex ix) {
        this.ix = ix;
        int n = ix.names.length;
        comp = ix.order.components();
        int comps = 0;
        for (int c : comp) comps = Math.max(comps, c + 1);
        lower = new int[comps][];
        Arrays.fill(lower, NONE);
        for (int x = 0; x < n; x++)
            for (int e = ix.lower.begin(x); e < ix.lower.end(x); e++) lower[comp[x]] = with(lower[comp[x]], ix.lower.to()[e]);
        Csr.Pairs m = new Csr.Pairs();
        for (int x = 0; x < n; x++) m.add(comp[x], x);
        Csr members = m.build(comps);
        for (int c = comps - 1; c >= 0; c--) { // predecessors have larger ids: lower[c] is final here
            if (lower[c].length == 0) continue;
            for (int e = members.begin(c); e < members.end(c); e++) {
                int x = members.to()[e];
                for (int f = ix.order.begin(x); f < ix.order.end(x); f++) {
                    int d = comp[ix.order.to()[f]];
                    if (d != c) for (int g : lower[c]) lower[d] = with(lower[d], g);
                }
            }
        }
    }

    private static int[] with(int[] set, int g) {
        if (set.length >= KEEP) return set;
        for (int h : set) if (h == g) return set;
        int[] out = Arrays.copyOf(set, set.length + 1);
        out[set.length] = g;
        return out;
    }

    /** Entailed when the input's orders and equations prove {@code c}; null otherwise (nothing is claimed). */
    Entailment.Entailed entails(Constraint c) {
        return switch (c) {
            case Constraint.DimLe(Dim g, Dim.Var x, var s) when g.isGround() -> below(g, x, c);
            case Constraint.DimLe(Dim.Var a, Dim.Var b, var s) -> {
                Entailment.Entailed eq = equal(a, b, c);
                yield eq != null ? eq : path(a, b);
            }
            case Constraint.DimEq(Dim.Var a, Dim.Var b, var s) -> equal(a, b, c);
            default -> null;
        };
    }

    private Entailment.Entailed below(Dim g, Dim.Var x, Constraint c) {
        int v = ix.id(x.name());
        Integer k = ix.groundIds.get(g);
        if (v < 0 || k == null) return null;
        for (int h : lower[comp[v]])
            if (h == k) return new Entailment.Entailed(Printer.print(c) + " by a chain of input orders and equations from a ground lower bound"
                    + " (⊑ is transitive, Def. 1.2)");
        return null;
    }

    /** {@code a <= b} when a path of input orders and equations leads from a to b within {@link #SEARCH} variables. */
    private Entailment.Entailed path(Dim.Var a, Dim.Var b) {
        int u = ix.id(a.name()), v = ix.id(b.name());
        if (u < 0 || v < 0) return null;
        Set<Integer> seen = new HashSet<>(List.of(u));
        ArrayDeque<Integer> todo = new ArrayDeque<>(List.of(u));
        while (!todo.isEmpty() && seen.size() <= SEARCH) {
            int x = todo.poll();
            for (int f = ix.order.begin(x); f < ix.order.end(x); f++) {
                int y = ix.order.to()[f];
                if (y == v) return new Entailment.Entailed(a.name() + " <= " + b.name() + " by a chain of input orders and equations"
                        + " (⊑ is transitive, Def. 1.2)");
                if (seen.add(y)) todo.add(y);
            }
        }
        return null;
    }

    private Entailment.Entailed equal(Dim.Var a, Dim.Var b, Constraint c) {
        int u = ix.id(a.name()), v = ix.id(b.name());
        if (u < 0 || v < 0 || comp[u] != comp[v]) return null;
        return new Entailment.Entailed(a.name() + " and " + b.name() + " are equal by a cycle of input orders and equations"
                + " (⊑ is antisymmetric, Def. 1.2)");
    }
}
