package org.shapeforge.solve.rank;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.shapeforge.solve.store.Why;

/**
 * The persistent rank-fact graph of Def. 4.5: an edge {@code ρ -k-> ρ'} records the entailed fact
 * rank(γρ) ≥ rank(γρ') + k. Edges are never retracted. An insertion that closes a cycle of
 * positive total weight is refused (Prop. 4.6: the recorded facts are then unsatisfiable).
 *
 * <p>Unlike the note's Def. 4.5, weights may be negative: an equality binding records both
 * directions and a result surplus records its genuine non-positive bound. The note calls this
 * sound but unnecessary; it is necessary — with non-negative edges only, the rank-unsatisfiable
 * {@code <r2> ⊑ <r3>[2,2], <r3>[2,2] ⊑ <r2>[2]} spirals forward without ever closing a cycle
 * (docs/solver.md, "Rank facts"). What the sign discipline forbids — recording a non-positive bound
 * as a non-negative edge — is still never done.
 *
 * <p>The check maintains a feasible potential ({@link Potentials}): an insertion the potential
 * already satisfies costs O(1), a violating one is repaired from whichever end settles first, so
 * growing a chain at either end stays O(1). Names are interned to dense int ids; edges live in
 * parallel arrays ({@link EdgeTable}) and adjacency in int-array linked lists.
 */
public final class RankGraph {
    /** An edge with its derivation. */
    public record Edge(String from, String to, int weight, Why why) {}

    /** The cycle found by a refused insertion. */
    public record Cycle(List<Edge> edges, int weight) {}

    private final VarIds names;
    private final EdgeTable edges;
    private final IntLists out, in;
    private final int nodeHint, edgeHint;
    private final Potentials potentials;
    private int size;

    /** An empty graph with its own name table. */
    public RankGraph() {
        this(64, 256);
    }

    /** An empty graph with its own name table, sized for about {@code nodes} row variables and {@code edges} edges. */
    public RankGraph(int nodes, int edges) {
        this(new NameTable(nodes), nodes, edges);
    }

    /**
     * An empty graph over the ids of {@code ids} (the solver passes its store's, so that the
     * lookup of a variable for its rank facts and for its binding touch the same memory).
     */
    public RankGraph(VarIds ids, int nodes, int edges) {
        this.names = new RecentIds(ids);
        this.nodeHint = nodes;
        this.edgeHint = edges;
        this.edges = new EdgeTable(edges);
        this.out = new IntLists(nodes, edges);
        this.in = new IntLists(nodes, edges);
        this.potentials = new Potentials(nodes);
    }

    /**
     * An empty graph sharing {@code other}'s name table, size hints and the potential's scratch
     * arrays (edges and potential stay separate), so that graphs over the same variables intern
     * each name once. Neither graph is for concurrent use, nor the two concurrently.
     */
    public RankGraph(RankGraph other) {
        this(other, other.edgeHint);
    }

    /** As {@link #RankGraph(RankGraph)}, with room for about {@code edges} edges. */
    public RankGraph(RankGraph other, int edges) {
        this.names = other.names;
        this.nodeHint = other.nodeHint;
        this.edgeHint = edges;
        this.edges = new EdgeTable(edgeHint);
        this.out = new IntLists(nodeHint, edgeHint);
        this.in = new IntLists(nodeHint, edgeHint);
        this.potentials = new Potentials(nodeHint, other.potentials);
    }

    /**
     * Edges scanned so far by the cycle check's repairs (of this graph and those sharing its
     * scratch): a deterministic work measure, so a test can bound a repair's cost without timing it.
     */
    public long repairWork() {
        return potentials.scanned();
    }

    /** The number of accepted edges. */
    public int size() {
        return size;
    }

    /**
     * Adds {@code from -weight-> to} (any integer weight); returns the positive cycle it would
     * close, or null. A refused edge is not added and leaves the potential unchanged.
     */
    public Cycle add(String from, String to, int weight, Why why) {
        return add(id(from), id(to), weight, why);
    }

    /**
     * {@link #add(String, String, int, Why)} for variables given by their ids in this graph's
     * {@link VarIds} (already assigned there): the solver passes its store's row ids, read off the
     * terms, so no name is looked up.
     */
    public Cycle add(int f, int t, int weight, Why why) {
        int n = Math.max(f, t) + 1;
        if (n > names.size()) throw new IllegalArgumentException("rank graph: id " + (n - 1) + " not assigned (" + names.size() + " are)");
        out.ensure(n);
        in.ensure(n);
        if (out.containsLast(f, t, weight, edges)) return null;
        int e = edges.add(f, t, weight, why);
        if (f == t) {
            if (weight > 0) return new Cycle(List.of(edge(e)), weight);
        } else {
            int[] path = potentials.insert(f, t, weight, e, out, in, edges, names.size());
            if (path != null) {
                List<Edge> es = new ArrayList<>(path.length + 1);
                int w = weight;
                for (int p : path) {
                    es.add(edge(p));
                    w += edges.weight(p);
                }
                es.add(edge(e));
                return new Cycle(es, w);
            }
        }
        out.add(f, e);
        in.add(t, e);
        size++;
        return null;
    }

    private Edge edge(int e) {
        return new Edge(names.name(edges.from(e)), names.name(edges.to(e)), edges.weight(e), edges.why(e));
    }

    private int id(String name) {
        int n = names.id(name);
        out.ensure(n + 1);
        in.ensure(n + 1);
        return n;
    }

    /**
     * Per-node lists of edge indices in insertion order, as linked lists threaded through int
     * arrays (head/tail per node, next per edge): no per-node allocation.
     */
    static final class IntLists {
        private static final int NONE = -1;
        private int[] head, tail;
        private int[] next;

        IntLists(int nodes, int edges) {
            head = filled(Math.max(16, nodes));
            tail = filled(head.length);
            next = new int[Math.max(16, edges)];
        }

        private static int[] filled(int n) {
            int[] a = new int[n];
            Arrays.fill(a, NONE);
            return a;
        }

        void ensure(int nodes) {
            if (nodes <= head.length) return;
            int old = head.length, cap = Math.max(nodes, old * 2);
            head = Arrays.copyOf(head, cap);
            tail = Arrays.copyOf(tail, cap);
            Arrays.fill(head, old, cap, NONE);
            Arrays.fill(tail, old, cap, NONE);
        }

        boolean isEmpty(int node) {
            return head[node] == NONE;
        }

        /** The first edge of {@code node}'s list, or -1. */
        int first(int node) {
            return head[node];
        }

        /** The edge after {@code e} in its list, or -1. */
        int next(int e) {
            return next[e];
        }

        /**
         * Whether {@code node}'s most recent edge is (to, weight): the duplicate check. A fact
         * re-recorded after its terms changed usually repeats the edge just added; an older
         * duplicate is let through (a repeated edge is harmless, only not free).
         */
        boolean containsLast(int node, int to, int weight, EdgeTable edges) {
            int e = node < tail.length ? tail[node] : NONE;
            return e != NONE && edges.to(e) == to && edges.weight(e) == weight;
        }

        void add(int node, int e) {
            if (e >= next.length) next = Arrays.copyOf(next, Math.max(e + 1, next.length + (next.length >> 1)));
            next[e] = NONE;
            if (tail[node] == NONE) head[node] = e;
            else next[tail[node]] = e;
            tail[node] = e;
        }
    }
}
