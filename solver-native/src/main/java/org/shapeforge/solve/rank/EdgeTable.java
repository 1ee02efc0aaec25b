package org.shapeforge.solve.rank;

import java.util.Arrays;
import org.shapeforge.solve.store.Why;

/** Every rank edge a {@link RankGraph} recorded or refused, in parallel arrays (no per-edge objects). */
final class EdgeTable {
    private int[] from = new int[256], to = new int[256], weight = new int[256];
    private Why[] why = new Why[256];
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
        int cap = from.length * 2;
        from = Arrays.copyOf(from, cap);
        to = Arrays.copyOf(to, cap);
        weight = Arrays.copyOf(weight, cap);
        why = Arrays.copyOf(why, cap);
    }
}
