package org.shapeforge.solve;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.lang.Constraint;
import org.shapeforge.solve.rules.Engine;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;

/**
 * The input's dimension variables indexed once per {@link Entailer} (O(N), issue 12), for
 * refutations by perturbation ({@link Perturbation}): an id per variable (the input's in order of
 * first mention, then the σ⋆ representatives the input does not mention), the constraints
 * mentioning each, the σ⋆ classes (read off stage 1's substitution, Cor. 5.7), and the order
 * graph of {@link OrderCones}: an edge {@code l → u} per input {@code l <= u} between two
 * variables, edges both ways per input {@code a = b} between two variables and per σ⋆ class link.
 *
 * <p>A variable is <em>dirty</em> when a constraint mentions it that is not {@linkplain #inert
 * inert}: moving an up-closed set of variables to the unit can make such a constraint false, so
 * a cone with a dirty member is re-checked constraint by constraint, never shifted unchecked.
 */
final class DimIndex {
    final Map<String, Integer> ids;
    final String[] names;
    /** Ids below this are the input's dimension variables (the ones an assignment of Φ names). */
    final int inputVars;
    /** Per variable: the indices of the input constraints mentioning it, each once. */
    final Csr mentions;
    final Csr up, down;
    /** The input's own order edges (no σ⋆ links): l → u per {@code l <= u}, both ways per {@code a = b}, between variables. */
    final Csr order;
    /** Per variable x: indices into {@link #grounds} of the ground g with an input {@code g <= x}, {@code x = g} or {@code g = x}. */
    final Csr lower;
    final List<Dim> grounds = new ArrayList<>();
    /** The index of each ground dimension in {@link #grounds}. */
    final Map<Dim, Integer> groundIds = new HashMap<>();
    final boolean[] dirty;
    /** Per variable: the id of its σ⋆ representative when that is a variable (itself included), else -1 (bound to a term). */
    final int[] rep;
    /** Per representative: the input variables of its σ⋆ class. */
    final Csr classes;

    DimIndex(Input in, Engine engine) {
        ids = HashMap.newHashMap(in.dimVars().size());
        List<String> ns = new ArrayList<>(in.dimVars());
        for (String x : ns) ids.put(x, ids.size());
        inputVars = ns.size();
        int[] repOf = new int[inputVars];
        Trace t = new Trace(Why.NONE, false);
        for (int x = 0; x < inputVars; x++)
            if (engine.view().dim(new Dim.Var(ns.get(x)), t) instanceof Dim.Var w) {
                Integer r = ids.get(w.name());
                if (r == null) {
                    r = ids.size();
                    ids.put(w.name(), r);
                    ns.add(w.name());
                }
                repOf[x] = r;
            } else repOf[x] = -1;
        names = ns.toArray(String[]::new);
        int n = names.length;
        rep = new int[n];
        System.arraycopy(repOf, 0, rep, 0, inputVars);
        for (int x = inputVars; x < n; x++) rep[x] = x;
        Csr.Pairs cls = new Csr.Pairs(), edges = new Csr.Pairs(), men = new Csr.Pairs(), own = new Csr.Pairs(), low = new Csr.Pairs();
        for (int x = 0; x < inputVars; x++)
            if (rep[x] >= 0) {
                cls.add(rep[x], x);
                if (rep[x] != x) link(edges, x, rep[x]);
            }
        classes = cls.build(n);
        dirty = new boolean[n];
        int[] last = new int[n];
        Arrays.fill(last, -1);
        List<Constraint> cs = in.constraints();
        for (int i = 0; i < cs.size(); i++) {
            Constraint c = cs.get(i);
            int k = i;
            boolean inert = inert(c);
            Mentions.dims(c, x -> {
                Integer id = ids.get(x);
                if (id == null) return;
                if (!inert) dirty[id] = true;
                if (last[id] != k) {
                    last[id] = k;
                    men.add(id, k);
                }
            });
            switch (c) {
                case Constraint.DimLe(Dim.Var l, Dim.Var u, var s) -> own.add(ids.get(l.name()), ids.get(u.name()));
                case Constraint.DimEq(Dim.Var a, Dim.Var b, var s) -> link(own, ids.get(a.name()), ids.get(b.name()));
                case Constraint.DimLe(Dim g, Dim.Var u, var s) when g.isGround() -> low.add(ids.get(u.name()), groundId(g));
                case Constraint.DimEq(Dim.Var x, Dim g, var s) when g.isGround() -> low.add(ids.get(x.name()), groundId(g));
                case Constraint.DimEq(Dim g, Dim.Var x, var s) when g.isGround() -> low.add(ids.get(x.name()), groundId(g));
                default -> {}
            }
        }
        mentions = men.build(n);
        order = own.build(n);
        lower = low.build(n);
        for (int k = 0; k < own.count; k++) edges.add(own.from[k], own.value[k]);
        up = edges.build(n);
        Csr.Pairs rev = new Csr.Pairs();
        for (int x = 0; x < n; x++) for (int e = up.begin(x); e < up.end(x); e++) rev.add(up.to()[e], x);
        down = rev.build(n);
    }

    private int groundId(Dim g) {
        return groundIds.computeIfAbsent(g, k -> {
            grounds.add(k);
            return grounds.size() - 1;
        });
    }

    private static void link(Csr.Pairs edges, int a, int b) {
        edges.add(a, b);
        edges.add(b, a);
    }

    /**
     * Whether {@code c} stays true when an up-closed set S of variables (closed under the edges
     * above) moves to the unit, from a solution: {@code x <= u} with u a variable and x a variable
     * or a ground dimension (if u ∈ S it is the unit, the top of ⊑ (Def. 1.2), above every ground
     * dimension; if x ∈ S then u ∈ S; else nothing moved), {@code a = b} between two variables
     * (both in S or neither) and {@code likely} (a hint: always holds).
     */
    static boolean inert(Constraint c) {
        return switch (c) {
            case Constraint.DimLe(Dim l, Dim.Var u, var s) -> l instanceof Dim.Var || l.isGround();
            case Constraint.DimEq(Dim.Var a, Dim.Var b, var s) -> true;
            case Constraint.Likely l -> true;
            default -> false;
        };
    }

    /** The id of input dimension variable {@code name}, or -1. */
    int id(String name) {
        Integer x = ids.get(name);
        return x == null || x >= inputVars ? -1 : x;
    }
}
