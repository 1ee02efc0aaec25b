package org.shapeforge.solve.rules;

import org.shapeforge.solve.rank.RankGraph;
import org.shapeforge.solve.rank.VarIds;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Row;

/**
 * The rank facts of Def. 4.5, the guard of every step (Prop. 4.6): one graph over total ranks and
 * one per flank (flank-fit of the marked order, Def. 2.3), over the store's dense row ids. A
 * positive cycle is the contradiction "rank cycle". Owned by the {@link Engine}, which records
 * the facts of each input fact as written, of each inequality a rule meets and of each row binding.
 */
final class RankFacts {
    private final Store store;
    /** The rank facts of Def. 4.5; null once {@link #retire() retired}. */
    private RankGraph rank;
    /** Def. 4.5 refined per flank: lead(γρ) ≥ lead(γρ') + k (flank-fit of the marked order, Def. 2.3). */
    private RankGraph leadRank;
    /** The trailing-flank counterpart of {@link #leadRank}. */
    private RankGraph trailRank;
    /** The terms of the last inequality whose rank facts were recorded (identity, not equality). */
    private Row.Open lastLo, lastUp;

    /** Graphs sized for {@code rows} input row variables (measured on the network mix, issue 12). */
    RankFacts(Store store, int rows) {
        this.store = store;
        // ~1.5 row ids per input row, ~4.3 edges per input row in the main graph, ~3.7 in each flank graph
        this.rank = new RankGraph(new StoreIds(store), rows * 3 / 2 + 16, rows * 9 / 2 + 16);
        this.leadRank = new RankGraph(rank, rows * 15 / 4 + 16);
        this.trailRank = new RankGraph(rank, rows * 15 / 4 + 16);
    }

    /**
     * Def. 4.5's edges read off the fact as written, before substitution: for open sides with
     * variables v ≠ w, {@code v ⊑ w} (or ≈) entails rank(v) ≥ rank(w) + (known flanks of w's side
     * minus v's), recorded whatever its sign (a negative weight is the genuine non-positive bound
     * of a result surplus, never rounded up: the sign discipline). Recording against the
     * unsubstituted names is what makes a cycle visible in every processing order.
     */
    void recordAsWritten(Fact fact, Why why) {
        switch (fact) {
            case Fact.RowLe(Row.Open lo, Row.Open up) when !lo.var().equals(up.var()) -> inequality(lo, up, why);
            case Fact.RowEq(Row.Open a, Row.Open b) when !a.var().equals(b.var()) -> {
                int w = b.knownRank() - a.knownRank(), ia = store.rowSlotOrNew(a), ib = store.rowSlotOrNew(b);
                edge(rank, "", ia, ib, w, why);
                edge(rank, "", ib, ia, -w, why);
            }
            default -> {}
        }
    }

    /**
     * The rank facts of {@code lo ⊑ up} between distinct row variables: total rank, and per flank
     * (flank-fit: lead(γ lo) ≥ lead(γ up), trail likewise), each with its exact weight, negative
     * ones included (Example "forward spiral" in docs/solver.md shows they are needed).
     */
    void inequality(Row.Open lo, Row.Open up, Why why) {
        if (lo == lastLo && up == lastUp) return; // the same terms again (substitution changed nothing)
        lastLo = lo;
        lastUp = up;
        int dl = up.lead().size() - lo.lead().size(), dr = up.trail().size() - lo.trail().size();
        int l = store.rowSlotOrNew(lo), u = store.rowSlotOrNew(up);
        edge(rank, "", l, u, dl + dr, why);
        edge(leadRank, "leading ", l, u, dl, why);
        edge(trailRank, "trailing ", l, u, dr, why);
    }

    /**
     * The binding of row variable {@code v} to the open value {@code o}: an equality, both
     * directions (Def. 4.5(1) records one). A placement fixes where the marker goes (≈ leaves it
     * free): the flank facts are consequences of that policy choice, the total-rank facts are not.
     */
    void binding(int v, Row.Open o, Why why, boolean placement) {
        int l = o.lead().size(), t = o.trail().size(), w = store.rowSlotOrNew(o);
        edge(rank, "", v, w, l + t, why);
        edge(rank, "", w, v, -(l + t), why);
        Why flank = placement ? why.asPolicy() : why;
        edge(leadRank, "leading ", v, w, l, flank);
        edge(leadRank, "leading ", w, v, -l, flank);
        edge(trailRank, "trailing ", v, w, t, flank);
        edge(trailRank, "trailing ", w, v, -t, flank);
    }

    /**
     * Releases the graphs once no rule will run again (after closing, before the model is read
     * off): at 10^6 constraints they are about a fifth of the live heap (issue 12). A fact
     * recorded afterwards is a bug and fails loudly.
     */
    void retire() {
        rank = leadRank = trailRank = null;
    }

    /** Records an edge between the row variables with store ids {@code from} and {@code to}; a positive cycle fails. */
    private static void edge(RankGraph g, String flank, int from, int to, int weight, Why why) {
        if (g == null) throw new IllegalStateException("a rank fact recorded after the rank graphs were retired");
        RankGraph.Cycle c = g.add(from, to, weight, why);
        if (c == null) return;
        Why all = why;
        StringBuilder path = new StringBuilder();
        for (RankGraph.Edge e : c.edges()) {
            all = all.and(e.why());
            path.append('<').append(e.from()).append("> -").append(e.weight()).append("-> ");
        }
        path.append('<').append(c.edges().getLast().to()).append('>');
        throw Contradiction.fail("rank cycle among row variables: " + path + " (each needs more "
                + flank + "axes than the next, total " + c.weight() + " > 0)", all);
    }

    /** The store's dense row ids as the rank graphs' {@link VarIds}. */
    private record StoreIds(Store store) implements VarIds {
        @Override
        public int id(String name) {
            return store.rowSlotOrNew(name);
        }

        @Override
        public String name(int id) {
            return store.rowName(id);
        }

        @Override
        public int size() {
            return store.rowCount();
        }
    }
}
