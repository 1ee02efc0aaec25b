package org.shapeforge.solve.rank;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.solve.store.Why;

/**
 * The persistent rank-fact graph of Def. 4.5: an edge {@code ρ -k-> ρ'} records the entailed fact
 * rank(γρ) ≥ rank(γρ') + k, k ≥ 0. Edges are never retracted. An insertion that closes a cycle of
 * positive total weight is refused (Prop. 4.6: the recorded facts are then unsatisfiable). The
 * reachability test searches from both ends in alternation, so growing a chain at either end
 * costs O(1) rather than a walk over the whole chain.
 */
public final class RankGraph {
    /** An edge with its derivation. */
    public record Edge(String from, String to, int weight, Why why) {}

    /** The cycle found by a refused insertion. */
    public record Cycle(List<Edge> edges, int weight) {}

    private final Map<String, List<Edge>> out = new HashMap<>();
    private final Map<String, List<Edge>> in = new HashMap<>();
    private record Key(String from, String to, int weight) {}

    private final Set<Key> seen = new HashSet<>();
    private int size;

    public int size() {
        return size;
    }

    /** Adds {@code from -weight-> to}; returns the positive cycle it would close, or null. */
    public Cycle add(String from, String to, int weight, Why why) {
        if (weight < 0) throw new IllegalStateException("negative rank edge (sign discipline, Def. 4.5)");
        if (!seen.add(new Key(from, to, weight))) return null;
        Edge e = new Edge(from, to, weight, why);
        if (from.equals(to)) {
            if (weight > 0) return new Cycle(List.of(e), weight);
            return null;
        }
        boolean trivial = !in.containsKey(from) || !out.containsKey(to);
        if (!trivial && reachable(to, from)) {
            Cycle c = positivePath(to, from, weight > 0);
            if (c != null) {
                List<Edge> edges = new ArrayList<>(c.edges());
                edges.add(e);
                return new Cycle(edges, c.weight() + weight);
            }
        }
        out.computeIfAbsent(from, k -> new ArrayList<>()).add(e);
        in.computeIfAbsent(to, k -> new ArrayList<>()).add(e);
        size++;
        return null;
    }

    /** Bidirectional search: forward from {@code a}, backward from {@code b}, one node each. */
    private boolean reachable(String a, String b) {
        Set<String> fwd = new HashSet<>(), bwd = new HashSet<>();
        ArrayDeque<String> fq = new ArrayDeque<>(), bq = new ArrayDeque<>();
        fwd.add(a);
        fq.add(a);
        bwd.add(b);
        bq.add(b);
        if (a.equals(b)) return true;
        while (!fq.isEmpty() && !bq.isEmpty()) {
            for (Edge e : out.getOrDefault(fq.poll(), List.of())) {
                if (bwd.contains(e.to())) return true;
                if (fwd.add(e.to())) fq.add(e.to());
            }
            for (Edge e : in.getOrDefault(bq.poll(), List.of())) {
                if (fwd.contains(e.from())) return true;
                if (bwd.add(e.from())) bq.add(e.from());
            }
        }
        return false;
    }

    /**
     * A path {@code a ->* b}; when {@code anyPath} is false it must contain a positive edge.
     * States are (node, positive-so-far), so the search is linear in the graph.
     */
    private Cycle positivePath(String a, String b, boolean anyPath) {
        record State(String node, boolean pos) {}
        record Step(State prev, Edge edge) {}
        Map<State, Step> parent = new HashMap<>();
        ArrayDeque<State> q = new ArrayDeque<>();
        State start = new State(a, anyPath);
        q.add(start);
        parent.put(start, new Step(null, null));
        while (!q.isEmpty()) {
            State s = q.poll();
            if (s.node().equals(b) && s.pos()) {
                List<Edge> path = new ArrayList<>();
                int w = 0;
                for (Step st = parent.get(s); st.edge() != null; st = parent.get(st.prev())) {
                    path.addFirst(st.edge());
                    w += st.edge().weight();
                }
                return new Cycle(path, w);
            }
            for (Edge e : out.getOrDefault(s.node(), List.of())) {
                State n = new State(e.to(), s.pos() || e.weight() > 0);
                if (!parent.containsKey(n)) {
                    parent.put(n, new Step(s, e));
                    q.add(n);
                }
            }
        }
        return null;
    }
}
