package org.shapeforge.solve;

import java.util.Arrays;

/**
 * Per-node int lists in compressed sparse row form (node i's list is {@code to[start[i] ..
 * start[i+1])}), built once from (node, value) pairs in O(nodes + pairs): the entailer's indexes
 * over 10^5 variables without a list object per variable.
 */
record Csr(int[] start, int[] to) {
    /** The lists of {@code nodes} nodes from the first {@code count} pairs {@code (from[k], value[k])}, in pair order per node. */
    static Csr of(int nodes, int[] from, int[] value, int count) {
        int[] start = new int[nodes + 1];
        for (int k = 0; k < count; k++) start[from[k] + 1]++;
        for (int i = 0; i < nodes; i++) start[i + 1] += start[i];
        int[] fill = Arrays.copyOf(start, nodes);
        int[] to = new int[count];
        for (int k = 0; k < count; k++) to[fill[from[k]]++] = value[k];
        return new Csr(start, to);
    }

    int begin(int node) {
        return start[node];
    }

    int end(int node) {
        return start[node + 1];
    }

    int size(int node) {
        return start[node + 1] - start[node];
    }

    /** A growable list of pairs, the input of {@link #of}. */
    static final class Pairs {
        int[] from = new int[64], value = new int[64];
        int count;

        void add(int f, int v) {
            if (count == from.length) {
                from = Arrays.copyOf(from, count * 2);
                value = Arrays.copyOf(value, count * 2);
            }
            from[count] = f;
            value[count++] = v;
        }

        Csr build(int nodes) {
            return Csr.of(nodes, from, value, count);
        }
    }
}
