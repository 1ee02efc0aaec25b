package org.shapeforge.solve.rank;

import java.util.Arrays;

/**
 * The cycle check of {@link RankGraph} as incremental maintenance of a feasible potential: every
 * accepted edge {@code u -w-> v} satisfies {@code p(u) ≥ p(v) + w} (a rank model up to a shift,
 * Prop. 4.6). Inserting an edge the current potential violates is repaired by one of two
 * tentative propagations over the old potential, run in alternation: <em>raise</em> u and its
 * ancestors (backward over in-edges), or <em>lower</em> v and its descendants (forward over
 * out-edges). The first to reach a fixpoint is committed, so the cost is about twice the smaller
 * affected region; either one reaching the other endpoint proves a positive cycle through the
 * new edge (the graph had none before), whose edges are read off its parent pointers.
 *
 * <p>Both propagations are FIFO label-correcting (Bellman–Ford) walks, exact for arbitrary integer
 * weights: without the new edge the graph has no positive cycle, so they terminate. Scratch arrays
 * are epoch-stamped and reused; an insertion the potential already satisfies costs O(1).
 */
final class Potentials {
    private long[] p;
    private boolean[] placed;

    /** An empty potential with room for {@code nodes} nodes before it grows. */
    Potentials(int nodes) {
        this(nodes, null);
    }

    /**
     * An empty potential that shares {@code scratch}'s search arrays (node-sized, so sharing them
     * between the graphs of one solver saves two sets of them; insertions are never concurrent).
     */
    Potentials(int nodes, Potentials scratch) {
        p = new long[Math.max(16, nodes)];
        placed = new boolean[p.length];
        raise = scratch == null ? new Side() : scratch.raise;
        lower = scratch == null ? new Side() : scratch.lower;
    }
    private final Side raise, lower;

    /**
     * Edges scanned by repairs so far, both sides together (shared with the potentials whose
     * scratch these share): the work measure by which a test bounds a repair's cost.
     */
    long scanned() {
        return raise.scanned + lower.scanned;
    }

    /** The outcome of {@link #insert}: null when accepted, else the cycle's edge indices in path order. */
    int[] insert(int u, int v, int w, int newEdge, RankGraph.IntLists out, RankGraph.IntLists in, EdgeTable edges,
            int nodes) {
        ensure(nodes);
        if (!placed[u] && !placed[v]) {
            placed[u] = placed[v] = true;
            p[v] = 0;
            p[u] = w;
            return null;
        }
        if (!placed[u]) {
            placed[u] = true;
            p[u] = p[v] + w;
            return null;
        }
        if (!placed[v]) {
            placed[v] = true;
            p[v] = p[u] - w;
            return null;
        }
        if (p[u] >= p[v] + w) return null;
        raise.start(u, p[v] + w, newEdge, nodes);
        lower.start(v, p[u] - w, newEdge, nodes);
        while (true) {
            int r = raise.step(p, v, in, edges, true);
            if (r == Side.CYCLE) return raise.cycle(u, v, edges, true);
            if (r == Side.DONE) {
                raise.commit(p);
                return null;
            }
            int l = lower.step(p, u, out, edges, false);
            if (l == Side.CYCLE) return lower.cycle(v, u, edges, false);
            if (l == Side.DONE) {
                lower.commit(p);
                return null;
            }
        }
    }

    private void ensure(int nodes) {
        if (p.length >= nodes) return;
        int cap = Math.max(nodes, p.length * 2);
        p = Arrays.copyOf(p, cap);
        placed = Arrays.copyOf(placed, cap);
    }

    /**
     * One tentative propagation. Raising: a node x with in-edge {@code x -w-> y} must satisfy
     * {@code p(x) ≥ p(y) + w}. Lowering: a node y with out-edge... read symmetrically:
     * {@code p(y) ≤ p(x) − w} for each {@code x -w-> y}. Values live in a scratch array stamped
     * with the search epoch; {@code parent[x]} is the edge through which x last moved.
     */
    private static final class Side {
        static final int MORE = 0, DONE = 1, CYCLE = 2;
        private long[] val = new long[0];
        private int[] stamp = new int[0], parent = new int[0], queued = new int[0], queue = new int[0];
        private int[] touched = new int[0];
        /** Edges one {@link #step} scans at most. */
        private static final int EDGES_PER_STEP = 8;
        private int epoch, head, tail, size, nTouched, stopEdge;
        /** The next edge to scan of the node in progress (-1: none in progress), and that node's value. */
        private int edge = -1;
        private long from;
        /** Edges scanned by this side's steps so far (a work measure for tests, never reset). */
        private long scanned;

        void start(int from, long value, int newEdge, int nodes) {
            if (val.length < nodes) {
                int cap = Math.max(nodes, val.length * 2);
                val = Arrays.copyOf(val, cap);
                stamp = Arrays.copyOf(stamp, cap);
                parent = Arrays.copyOf(parent, cap);
                queued = Arrays.copyOf(queued, cap);
                queue = new int[cap];
                touched = new int[cap];
            }
            if (++epoch == Integer.MAX_VALUE) {
                Arrays.fill(stamp, 0);
                Arrays.fill(queued, 0);
                epoch = 1;
            }
            head = tail = size = nTouched = 0;
            edge = -1;
            stopEdge = newEdge;
            set(from, value, newEdge);
            push(from);
        }

        private long get(long[] p, int x) {
            return stamp[x] == epoch ? val[x] : p[x];
        }

        private void set(int x, long value, int via) {
            if (stamp[x] != epoch) {
                stamp[x] = epoch;
                touched[nTouched++] = x;
            }
            val[x] = value;
            parent[x] = via;
        }

        private void push(int x) {
            if (queued[x] == epoch) return;
            queued[x] = epoch;
            queue[tail] = x;
            tail = (tail + 1) % queue.length;
            size++;
        }

        /**
         * Scans up to {@link #EDGES_PER_STEP} edges of the node in progress (taking the next queued
         * node when none is); {@code target} moving means a positive cycle. The work of a step is
         * bounded in edges, not nodes, so the two sides alternate fairly even where one of them
         * reaches a hub — a row variable shared by every layer has in-edges by the thousand, and a
         * whole-node step there made a repair cost the hub's degree even when the other side was
         * done in a few edges (issue 12: a shuffled 10^5 mix took 2 s instead of 0.4). A node whose
         * value changes while its edges are being scanned is queued again, so a scan that continues
         * from its earlier value is only a partial propagation, completed later.
         */
        int step(long[] p, int target, RankGraph.IntLists adj, EdgeTable edges, boolean raising) {
            if (edge < 0) {
                if (size == 0) return DONE;
                int y = queue[head];
                head = (head + 1) % queue.length;
                size--;
                queued[y] = 0;
                from = get(p, y);
                edge = adj.first(y);
            }
            long py = from;
            int e = edge;
            for (int k = 0; k < EDGES_PER_STEP && e >= 0; k++, e = adj.next(e)) {
                scanned++;
                int x = raising ? edges.from(e) : edges.to(e);
                long need = raising ? py + edges.weight(e) : py - edges.weight(e);
                long px = get(p, x);
                if (raising ? px >= need : px <= need) continue;
                if (x == target) {
                    parent[target] = e;
                    stopEdge = e;
                    return CYCLE;
                }
                set(x, need, e);
                push(x);
            }
            edge = e;
            return MORE;
        }

        /**
         * The cycle's edges in path order ending with the new edge {@code from -> to}. Raising
         * started at u (= from) and reached v; lowering started at v and reached u.
         */
        int[] cycle(int start, int reached, EdgeTable edges, boolean raising) {
            int[] path = new int[nTouched + 2];
            int n = 0;
            int e = stopEdge;
            int x = reached;
            // follow parents from the reached endpoint back to the start of the propagation
            while (true) {
                path[n++] = e;
                x = raising ? edges.to(e) : edges.from(e);
                if (x == start) break;
                e = parent[x];
            }
            int[] out = Arrays.copyOf(path, n);
            if (!raising) reverse(out);
            return out;
        }

        private static void reverse(int[] a) {
            for (int i = 0, j = a.length - 1; i < j; i++, j--) {
                int t = a[i];
                a[i] = a[j];
                a[j] = t;
            }
        }

        void commit(long[] p) {
            for (int i = 0; i < nTouched; i++) p[touched[i]] = val[touched[i]];
        }
    }
}
