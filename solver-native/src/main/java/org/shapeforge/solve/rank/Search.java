package org.shapeforge.solve.rank;

import java.util.Arrays;

/**
 * The two graph searches of {@link RankGraph}, allocation-free: visited sets are int arrays
 * stamped with a per-search epoch (no clearing), queues are reusable int arrays (each node, or
 * each (node, positive-so-far) state, is enqueued at most once per search).
 */
final class Search {
    private int[] fwdMark = new int[0], bwdMark = new int[0], fq = new int[0], bq = new int[0];
    private int[] stateMark = new int[0], parentEdge = new int[0], parentState = new int[0], sq = new int[0];
    private int epoch;

    /** Sizes the reachability arrays (grown by doubling, never shrunk). */
    private void ensureReach(int nodes) {
        if (fwdMark.length >= nodes) return;
        int cap = Math.max(nodes, fwdMark.length * 2);
        fwdMark = Arrays.copyOf(fwdMark, cap);
        bwdMark = Arrays.copyOf(bwdMark, cap);
        fq = new int[cap];
        bq = new int[cap];
    }

    /** Sizes the path-search arrays, only when a reachability hit asks for a path. */
    private void ensurePath(int nodes) {
        if (stateMark.length >= 2 * nodes) return;
        int cap = Math.max(2 * nodes, stateMark.length * 2);
        stateMark = Arrays.copyOf(stateMark, cap);
        parentEdge = new int[cap];
        parentState = new int[cap];
        sq = new int[cap];
    }

    private int nextEpoch() {
        if (++epoch == Integer.MAX_VALUE) {
            Arrays.fill(fwdMark, 0);
            Arrays.fill(bwdMark, 0);
            Arrays.fill(stateMark, 0);
            epoch = 1;
        }
        return epoch;
    }

    /** Whether {@code b} is reachable from {@code a}: forward from a, backward from b, one node each. */
    boolean reachable(int a, int b, RankGraph.IntLists out, RankGraph.IntLists in, EdgeTable edges, int nodes) {
        if (a == b) return true;
        ensureReach(nodes);
        int ep = nextEpoch();
        int fh = 0, ft = 0, bh = 0, bt = 0;
        fwdMark[a] = ep;
        fq[ft++] = a;
        bwdMark[b] = ep;
        bq[bt++] = b;
        while (fh < ft && bh < bt) {
            int u = fq[fh++];
            for (int e = out.first(u); e >= 0; e = out.next(e)) {
                int v = edges.to(e);
                if (bwdMark[v] == ep) return true;
                if (fwdMark[v] != ep) {
                    fwdMark[v] = ep;
                    fq[ft++] = v;
                }
            }
            int x = bq[bh++];
            for (int e = in.first(x); e >= 0; e = in.next(e)) {
                int v = edges.from(e);
                if (fwdMark[v] == ep) return true;
                if (bwdMark[v] != ep) {
                    bwdMark[v] = ep;
                    bq[bt++] = v;
                }
            }
        }
        return false;
    }

    /**
     * The edge indices of a path {@code a ->* b}, or null; when {@code anyPath} is false it must
     * contain a positive edge. States are (node, positive-so-far), so the search is linear.
     */
    int[] positivePath(int a, int b, boolean anyPath, RankGraph.IntLists out, EdgeTable edges, int nodes) {
        ensurePath(nodes);
        int ep = nextEpoch();
        int h = 0, t = 0;
        int start = 2 * a + (anyPath ? 1 : 0);
        stateMark[start] = ep;
        parentEdge[start] = -1;
        sq[t++] = start;
        while (h < t) {
            int s = sq[h++];
            int node = s >> 1;
            boolean pos = (s & 1) == 1;
            if (node == b && pos) return path(s);
            for (int e = out.first(node); e >= 0; e = out.next(e)) {
                int n = 2 * edges.to(e) + (pos || edges.weight(e) > 0 ? 1 : 0);
                if (stateMark[n] != ep) {
                    stateMark[n] = ep;
                    parentEdge[n] = e;
                    parentState[n] = s;
                    sq[t++] = n;
                }
            }
        }
        return null;
    }

    private int[] path(int s) {
        int len = 0;
        for (int x = s; parentEdge[x] >= 0; x = parentState[x]) len++;
        int[] p = new int[len];
        for (int x = s; parentEdge[x] >= 0; x = parentState[x]) p[--len] = parentEdge[x];
        return p;
    }
}
