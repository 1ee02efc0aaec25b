package org.shapeforge.solve.close;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.solve.rules.EngineView;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.StoreView;
import org.shapeforge.solve.store.Stored;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.solver.ClosingPolicy;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * OCANNL's stage 3 "terminal → LUB" with the LUB read from the row environment (seed 000, "Stage
 * 3"; issue 28), run just before {@link Stage#LEAF_ROWS} and only under {@link ClosingPolicy#OCANNL}.
 * A leaf row whose caps are open ({@code ⟨t⟩ ⊑ ⟨b⟩}: the bound flows in through an interior row)
 * has no ground cap of its own, so Def. 6.1's join of the ground parts closes it to {@code []}
 * (and the front end calls a parameter's such row a hidden dimension). OCANNL instead takes the
 * least upper bound that reaches it through the interior rows: here each open cap
 * {@code l·⟨σ⟩·r} is read with σ at its own LUB — the join of σ's caps, read the same way
 * (recursively; a cycle, or a variable with no caps, adds no axes) — and each dimension variable
 * at its atom cap. Where that join is ground, has no holes, has at least one axis and differs from
 * the join of the leaf's own caps, the leaf row is committed to it.
 *
 * <p>Every value is read off the store before any is emitted, and all are then solved to one
 * fixpoint (as {@code LEAF_ROWS} commits its joins), so the result depends neither on the order of
 * the constraints nor on names. Each commitment is a policy step (Def. 6.1): a later conflict is a
 * {@code policy} failure, and every closed model is re-checked by the evaluator. Rows a live
 * {@code Total_elems} is waiting on are left to stage 5's heuristics, as {@code LEAF_ROWS} leaves
 * them. In complete mode each commitment is a choice point (the LUB, or the notes' closing).
 */
final class RowEnvLub {
    /** Bound on the chain of interior rows followed (cycles are cut first; this bounds long chains). */
    private static final int MAX_DEPTH = 256;

    private final Map<String, Lub> memo = new HashMap<>();
    private boolean cut; // a cycle was cut below the variable being read

    /** A variable's environment LUB and its derivation. */
    private record Lub(Row.Closed row, Why why) {}

    private EngineView view; // the state read, for the run

    /** Commits every leaf row whose environment LUB adds axes to its own caps' join; nothing under the notes' policy. */
    void run(Closer cx) {
        Provenance prov = cx.prov();
        if (cx.policy() != ClosingPolicy.OCANNL || prov.leaf().isEmpty()) return;
        view = cx.view();
        StoreView store = view.store();
        List<Fact> batch = new ArrayList<>();
        List<Why> whys = new ArrayList<>();
        for (int i = 0, n = store.registeredRows(); i < n; i++) {
            int slot = store.registeredRow(i);
            if (store.rowBound(slot)) continue;
            String v = store.rowName(slot);
            String key = Provenance.rowKey(v);
            if (!prov.leaf().contains(key) || prov.dynamic().contains(key) || view.sizes().pendingRow(v)) continue;
            Trace t = new Trace(Why.NONE, true);
            List<Row> own = caps(store.rowCaps(slot), t);
            if (own.stream().noneMatch(Row::isOpen)) continue; // ground caps: LEAF_ROWS's join is the LUB already
            Set<String> seen = new HashSet<>(Set.of(v));
            List<Row> read = new ArrayList<>(own.size());
            for (Row c : own) if (atLub(c, seen, t, 0) instanceof Row r) read.add(r);
            if (read.isEmpty()) continue;
            RowJoin.Result lub = RowJoin.of(read);
            if (lub.holes() > 0 || !lub.row().isGround() || lub.row().flat().isEmpty()) continue;
            if (lub.row().equals(RowJoin.of(own).row())) continue;
            if (cx.complete() && cx.choose(2) == 1) continue; // the other branch: the notes' closing
            batch.add(new Fact.RowEq(store.rowTerm(slot), lub.row()));
            whys.add(Why.GUESS.and(t.why()));
        }
        if (!batch.isEmpty()) cx.commitTogether(batch, whys);
    }

    /** The caps, substituted (their derivations joined into {@code t}). */
    private List<Row> caps(List<Stored> stored, Trace t) {
        List<Row> out = new ArrayList<>(stored.size());
        for (Stored c : stored) {
            out.add(view.row(c.lowerRow(), t));
            t.add(c.why());
        }
        return out;
    }

    /**
     * {@code c} with its row variable at that variable's environment LUB and its dimension variables
     * at their caps; null where the variable closes a cycle (the cap then bounds nothing new).
     */
    private Row atLub(Row c, Set<String> seen, Trace t, int depth) {
        List<Dim> lead = dims(c.lead(), t), trail = dims(c.trail(), t);
        if (!(c instanceof Row.Open o)) return new Row.Closed(lead, trail);
        Row.Closed inner = lubOf(o.var(), seen, t, depth);
        if (inner == null) return null;
        List<Dim> l = new ArrayList<>(lead), r = new ArrayList<>(inner.trail());
        l.addAll(inner.lead());
        r.addAll(trail);
        return new Row.Closed(l, r);
    }

    /**
     * The environment LUB of row variable {@code v}: the join of its caps read at their own LUBs,
     * {@code []} without any; null where {@code v} closes a cycle on the current path (which is
     * then "cut": the adjacency repeats a bound already being read). Each variable's LUB is computed once per run (what the store holds does not
     * change while the stage reads it) unless a cut on its path made it path-dependent.
     */
    private Row.Closed lubOf(String v, Set<String> seen, Trace t, int depth) {
        Lub known = memo.get(v);
        if (known != null) {
            t.add(known.why());
            return known.row();
        }
        if (depth >= MAX_DEPTH || !seen.add(v)) {
            cut = true;
            return null;
        }
        boolean outer = cut;
        cut = false;
        Trace own = new Trace(Why.NONE, true);
        List<Row> caps = caps(view.store().rowCaps(v), own);
        List<Row> read = new ArrayList<>(caps.size());
        for (Row k : caps) if (atLub(k, seen, own, depth + 1) instanceof Row r) read.add(r);
        Row.Closed lub = read.isEmpty() ? Row.empty() : RowJoin.of(read).row();
        seen.remove(v); // a cycle is cut along one path only: a sibling path may read the same variable
        if (!cut) memo.put(v, new Lub(lub, own.why()));
        cut |= outer;
        t.add(own.why());
        return lub;
    }

    private List<Dim> dims(List<Dim> ds, Trace t) {
        List<Dim> out = new ArrayList<>(ds.size());
        for (Dim d : ds) {
            Dim s = view.dim(d, t);
            Store.Cap cap = s instanceof Dim.Var x ? view.store().cap(x.name()) : null;
            if (cap != null) t.add(cap.why());
            out.add(cap != null ? cap.atom() : s);
        }
        return out;
    }
}
