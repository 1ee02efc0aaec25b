package org.shapeforge.project;

import java.util.HashMap;
import java.util.Map;

/**
 * Union–find with path halving over any keys (Def. 7.3's partition). Twenty lines are cheaper
 * than a dependency: Guava and JGraphT offer no union–find on arbitrary keys with the
 * representative lookup the labeling needs.
 */
final class UnionFind<T> {
    private final Map<T, T> parent = new HashMap<>();

    T find(T x) {
        T p = parent.getOrDefault(x, x);
        while (!p.equals(x)) {
            T g = parent.getOrDefault(p, p);
            parent.put(x, g);
            x = p;
            p = g;
        }
        return x;
    }

    /** Merges the classes of {@code a} and {@code b}; true when they were distinct. */
    boolean union(T a, T b) {
        T ra = find(a), rb = find(b);
        if (ra.equals(rb)) return false;
        parent.put(ra, rb);
        return true;
    }
}
