package org.shapeforge.solve.rank;

import java.util.Arrays;
import org.shapeforge.solve.store.Why;

/** Every rank edge a {@link RankGraph} recorded or refused, in parallel arrays (no per-edge objects). */
final class EdgeTable {
    private int[] from, to, weight;
    private Why[] why;

    /** An empty table with room for {@code capacity} edges before it grows. */
    EdgeTable(int capacity) {
        int c = Math.max(16, capacity);
        from = new int[c];
        to = new int[c];
        weight = new int[c];
        why = new Why[c];
    }
    private int n;

    int from(int e) {
        return from[e];
    }

    int to(int e) {
        return to[e];
    }

    int weight(int e) {
        return weight[e];
    }

    Why why(int e) {
        return why[e];
    }

    /** Records the edge and returns its index. */
    int add(int f, int t, int w, Why y) {
        if (n == from.length) grow();
        from[n] = f;
        to[n] = t;
        weight[n] = w;
        why[n] = y;
        return n++;
    }

    private void grow() {
        int cap = from.length + (from.length >> 1); // ×1.5: large tables live in the old generation, where a discarded copy waits for a full collection
        from = Arrays.copyOf(from, cap);
        to = Arrays.copyOf(to, cap);
        weight = Arrays.copyOf(weight, cap);
        why = Arrays.copyOf(why, cap);
    }
}
