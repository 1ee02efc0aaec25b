package org.shapeforge.solve.rank;

import java.util.Arrays;
import org.shapeforge.solve.store.Why;

/**
 * Every rank edge ever offered to a {@link RankGraph} (accepted or refused), in parallel arrays,
 * with an open-addressing index on (from, to, weight) so that a repeated edge is recognised
 * without allocating a key.
 */
final class EdgeTable {
    private int[] from = new int[256], to = new int[256], weight = new int[256];
    private Why[] why = new Why[256];
    private int n;
    /** Slots hold edge index + 1; 0 is empty. Load factor at most 1/2. */
    private int[] slots = new int[512];

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

    /** Records the edge and returns its index, or -1 when the same (from, to, weight) was seen. */
    int addIfAbsent(int f, int t, int w, Why y) {
        int mask = slots.length - 1;
        for (int s = hash(f, t, w) & mask; ; s = (s + 1) & mask) {
            int e = slots[s] - 1;
            if (e < 0) {
                if (n == from.length) grow();
                from[n] = f;
                to[n] = t;
                weight[n] = w;
                why[n] = y;
                slots[s] = n + 1;
                n++;
                if (2 * n > slots.length) rehash();
                return n - 1;
            }
            if (from[e] == f && to[e] == t && weight[e] == w) return -1;
        }
    }

    private static int hash(int f, int t, int w) {
        long k = ((long) f << 32 | (t & 0xffffffffL)) * 0x9E3779B97F4A7C15L + w * 0xC2B2AE3DL;
        return (int) (k ^ (k >>> 29));
    }

    private void grow() {
        int cap = from.length * 2;
        from = Arrays.copyOf(from, cap);
        to = Arrays.copyOf(to, cap);
        weight = Arrays.copyOf(weight, cap);
        why = Arrays.copyOf(why, cap);
    }

    private void rehash() {
        slots = new int[slots.length * 2];
        int mask = slots.length - 1;
        for (int e = 0; e < n; e++) {
            int s = hash(from[e], to[e], weight[e]) & mask;
            while (slots[s] != 0) s = (s + 1) & mask;
            slots[s] = e + 1;
        }
    }
}
