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

    /**
     * The strongly connected components of the graph whose successor lists these are: a component
     * id per node, by Tarjan's algorithm made iterative (no recursion on 10^5-long chains). A
     * component gets its id after every component it reaches: successors have smaller ids.
     */
    int[] components() {
        Csr g = this;
        int n = start.length - 1;
        int[] index = new int[n], low = new int[n], comp = new int[n], stack = new int[n], call = new int[n], pos = new int[n];
        Arrays.fill(index, -1);
        boolean[] on = new boolean[n];
        int counter = 0, comps = 0, sp = 0;
        for (int s = 0; s < n; s++) {
            if (index[s] != -1) continue;
            int cp = 0;
            index[s] = low[s] = counter++;
            stack[sp++] = s;
            on[s] = true;
            call[cp] = s;
            pos[cp++] = g.begin(s);
            while (cp > 0) {
                int v = call[cp - 1];
                if (pos[cp - 1] < g.end(v)) {
                    int w = g.to()[pos[cp - 1]++];
                    if (index[w] == -1) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        on[w] = true;
                        call[cp] = w;
                        pos[cp++] = g.begin(w);
                    } else if (on[w]) low[v] = Math.min(low[v], index[w]);
                } else {
                    cp--;
                    if (low[v] == index[v]) {
                        int w;
                        do {
                            w = stack[--sp];
                            on[w] = false;
                            comp[w] = comps;
                        } while (w != v);
                        comps++;
                    }
                    if (cp > 0) low[call[cp - 1]] = Math.min(low[call[cp - 1]], low[v]);
                }
            }
        }
        return comp;
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
