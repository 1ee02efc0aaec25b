package org.shapeforge.solve;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Up-cones in the order graph of a {@link DimIndex} (issue 12): the cone of v is every variable
 * reachable from v, the least set containing v that is closed under the graph's edges (hence
 * under the input's {@code l <= u} and {@code a = b} between variables). Built once in
 * O(V + E): the strongly connected components (Tarjan's algorithm, iterative: a component gets
 * its id after every component it reaches, so successors have smaller ids), and per component
 * whether its cone is <em>clean</em> — reaches no dirty variable — computed in that order. A
 * clean cone can be moved to the unit with no enumeration ({@link Perturbation}); its members
 * are enumerated only when a caller asks for them.
 */
final class OrderCones {
    private final DimIndex ix;
    private final int[] comp;
    private final boolean[] clean;
    private final Csr members;

    OrderCones(DimIndex ix) {
        this.ix = ix;
        int n = ix.names.length;
        comp = ix.up.components();
        int comps = 0;
        for (int c : comp) comps = Math.max(comps, c + 1);
        Csr.Pairs m = new Csr.Pairs();
        for (int x = 0; x < n; x++) m.add(comp[x], x);
        members = m.build(comps);
        clean = new boolean[comps];
        for (int c = 0; c < comps; c++) {
            boolean ok = true;
            for (int e = members.begin(c); ok && e < members.end(c); e++) {
                int x = members.to()[e];
                if (ix.dirty[x]) ok = false;
                for (int f = ix.up.begin(x); ok && f < ix.up.end(x); f++) {
                    int d = comp[ix.up.to()[f]];
                    if (d != c && !clean[d]) ok = false; // d < c: already decided
                }
            }
            clean[c] = ok;
        }
    }

    /** Whether the cone of {@code x} reaches no dirty variable. */
    boolean clean(int x) {
        return clean[comp[x]];
    }

    /** The input variables of x's component and their direct successors: members of x's cone. */
    Set<String> inside(int x) {
        Set<String> out = new LinkedHashSet<>();
        int c = comp[x];
        for (int e = members.begin(c); e < members.end(c); e++) {
            int y = members.to()[e];
            input(out, y);
            for (int f = ix.up.begin(y); f < ix.up.end(y); f++) input(out, ix.up.to()[f]);
        }
        return out;
    }

    /** The input variables with an edge into x's component from outside it: not in x's cone (they would be in the component). */
    Set<String> outside(int x) {
        Set<String> out = new LinkedHashSet<>();
        int c = comp[x];
        for (int e = members.begin(c); e < members.end(c); e++)
            for (int f = ix.down.begin(members.to()[e]); f < ix.down.end(members.to()[e]); f++)
                if (comp[ix.down.to()[f]] != c) input(out, ix.down.to()[f]);
        return out;
    }

    /** The input variables of x's component (their constraints are the cone's root boundary). */
    int[] component(int x) {
        int c = comp[x];
        return Arrays.copyOfRange(members.to(), members.begin(c), members.end(c));
    }

    /**
     * The input variables of x's cone in breadth-first order; null when there are more than
     * {@code limit} variables in it (inputs and σ⋆ representatives counted alike).
     */
    Set<String> cone(int x, int limit) {
        Set<String> out = new LinkedHashSet<>();
        BitSet seen = new BitSet();
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        seen.set(x);
        todo.add(x);
        int count = 0;
        while (!todo.isEmpty()) {
            int y = todo.poll();
            if (++count > limit) return null;
            input(out, y);
            for (int f = ix.up.begin(y); f < ix.up.end(y); f++) {
                int z = ix.up.to()[f];
                if (!seen.get(z)) {
                    seen.set(z);
                    todo.add(z);
                }
            }
        }
        return out;
    }

    private void input(Set<String> out, int y) {
        if (y < ix.inputVars) out.add(ix.names[y]);
    }
}
