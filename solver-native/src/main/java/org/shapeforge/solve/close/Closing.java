package org.shapeforge.solve.close;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.shapeforge.solve.rules.Contradiction;
import org.shapeforge.solve.rules.Engine;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.StoreView;
import org.shapeforge.solve.store.Stored;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Closing as staged solving (Def. 6.1 refined by the stage table): each stage commits values as
 * equalities and re-solves to a fixpoint after every commitment (fixpoint-before-commit, Remark
 * 6.3), so a later commitment always sees the bounds the earlier ones forwarded. Every commitment
 * is a policy step; in complete mode each is a choice point (Remark 6.7(ii)).
 */
public final class Closing {
    private final Engine en;
    private final Provenance prov;
    private final boolean complete;

    public Closing(Engine en, Provenance prov, boolean complete) {
        this.en = en;
        this.prov = prov;
        this.complete = complete;
    }

    /** Runs stages 3–7; throws {@link Contradiction} on a failed re-solve or a hidden dimension. */
    public void run() {
        for (Stage s : Stage.values()) if (s != Stage.SOLVE) stage(s);
    }

    private void stage(Stage s) {
        switch (s) {
            case SOLVE -> en.run();
            case LEAF_ROWS -> forRows(true);
            case LEAF_DIMS -> forDims(Stage.LEAF_DIMS, true);
            case SIZE_GUESS -> new SizeStage(en, prov, complete, this::commit).run();
            case LEAF_GUESS -> forDims(Stage.LEAF_GUESS, false);
            case ROWS -> {
                deferred();
                forRows(false);
            }
            case DIMS -> {
                forDims(Stage.DIMS, true);
                forDims(Stage.DIMS, false);
            }
        }
    }

    /**
     * Row commitments. Stage 3 (leaves) reads every leaf row's value — the join of its caps, or
     * {@code []} without caps — off the store first and then emits them together before one
     * fixpoint, like the capped dimensions below: committing them one at a time made the answer
     * depend on which leaf came first (found by the fuzzer's metamorphic check:
     * {@code [3] <r1> ~ <r2> [3]; [5] <r2> <= <r1>; leaf <r1>, <r2>}). Stage 6 commits the remaining
     * rows to {@code []} one at a time (that guess creates no caps).
     */
    private void forRows(boolean leavesOnly) {
        boolean tagged = !prov.dynamic().isEmpty() || !prov.leaf().isEmpty();
        StoreView store = en.view().store();
        List<Fact> batch = new ArrayList<>();
        List<Why> whys = new ArrayList<>();
        for (int i = 0, n = store.registeredRows(); i < n; i++) { // the variables there are now: commits may add fresh ones
            int slot = store.registeredRow(i);
            if (store.rowBound(slot)) continue;
            String v = store.rowName(slot);
            String key = tagged ? Provenance.rowKey(v) : null;
            if (tagged && prov.dynamic().contains(key)) continue;
            boolean leaf = tagged && prov.leaf().contains(key);
            if (leavesOnly != leaf) continue;
            Row value = Row.empty();
            Why valueWhy = Why.GUESS;
            boolean joined = false; // the value is the join of the caps (else a guess)
            if (leaf) {
                List<Row> caps = new ArrayList<>();
                Why why = Why.GUESS;
                for (Stored c : store.rowCaps(slot)) {
                    Trace t = new Trace(Why.NONE, true);
                    caps.add(en.view().row(c.lowerRow(), t));
                    why = why.and(c.why()).and(t.why());
                }
                if (!caps.isEmpty()) {
                    RowJoin.Result j = RowJoin.of(caps);
                    if (j.holes() > 0 && prov.param().contains(key))
                        throw Contradiction.error("unspecified hidden dimension in parameter <" + v + ">: "
                                + j.holes() + " position(s) of its shape are not determined by any constraint; "
                                + "give the parameter an explicit shape", why);
                    if (!complete || j.row().flat().isEmpty() || en.choose(2) == 0) {
                        value = j.row();
                        valueWhy = why;
                        joined = true;
                    }
                }
                if (!joined && en.view().sizes().pendingRow(v)) continue; // left to stage 5's Total_elems heuristics
                batch.add(new Fact.RowEq(store.rowTerm(slot), value));
                whys.add(valueWhy);
                continue;
            }
            commit(new Fact.RowEq(store.rowTerm(slot), value), Why.GUESS);
        }
        if (batch.isEmpty()) return;
        for (int i = 0; i < batch.size(); i++) en.emit(batch.get(i), whys.get(i).asPolicy());
        en.run();
    }

    /**
     * Dimension commitments. Within a stage, variables with a cap commit first, to their caps, and
     * <em>together</em>: every capped variable's value is read off the store before any of them is
     * emitted, then all are emitted and solved to one fixpoint (as OCANNL's stage table commits a
     * stage's leaves). Committing them one at a time made the result depend on which came first:
     * with {@code leaf p, q; 4 <= p; 7 <= q; h <= p; h <= q}, committing p first pinned h = 4 and
     * collapsed q's caps to 1, committing q first gave the mirror answer. Together, the conflict
     * between the two commitments is a {@code policy} failure naming both, and complete mode
     * branches over each cap-or-unit choice. Only then are the uncapped variables guessed, one at a
     * time (a guess to 1 creates no caps), so the closed values depend neither on the order of the
     * constraints and declarations nor on the names.
     */
    private void forDims(Stage s, boolean capped) {
        boolean anyLeaf = !prov.leaf().isEmpty(), anyDynamic = !prov.dynamic().isEmpty();
        if (!anyLeaf && s != Stage.DIMS) return; // the leaf stages concern leaves only
        StoreView store = en.view().store();
        int[] vars = new int[store.registeredDims()]; // the variables there are now: commits may add fresh ones
        for (int i = 0; i < vars.length; i++) vars[i] = store.registeredDim(i);
        if (capped) {
            commitCapped(s, vars, anyLeaf, anyDynamic);
            return;
        }
        // Guesses to the unit create no caps (1 ⊑ x pins x to the unit); a discardable's 0 caps the
        // variables above it. So the zeros go last, and the closed values do not depend on the
        // order in which variables were first mentioned (stable sort).
        if (!prov.discardable().isEmpty()) { // a stable partition: the discardable ones last
            int[] sorted = new int[vars.length];
            int k = 0;
            for (int v : vars) if (!prov.discardable().contains(store.dimName(v))) sorted[k++] = v;
            for (int v : vars) if (prov.discardable().contains(store.dimName(v))) sorted[k++] = v;
            vars = sorted;
        }
        Set<String> tied = anyDynamic ? en.view().sizes().tiedToDynamic() : Set.of(); // never closed through a relation either
        for (int slot : vars) {
            String v = store.dimName(slot);
            if (store.dimBound(slot) || anyDynamic && (en.view().sizes().isSymbol(v) || tied.contains(v))) continue;
            boolean leaf = anyLeaf && prov.leaf().contains(v);
            Store.Cap cap = store.cap(slot);
            Dim.Var term = store.dimTerm(slot);
            // some uncapped variables may have received a cap from a guess made earlier in this pass
            switch (s) {
                case LEAF_DIMS -> {
                    if (!leaf || cap == null) continue;
                    commit(new Fact.DimEq(term, cap.atom()), Why.GUESS.and(cap.why()));
                }
                case LEAF_GUESS -> {
                    if (!leaf || cap != null || en.view().sizes().preventsGuess(v)) continue;
                    if (prov.param().contains(v))
                        throw Contradiction.error("unspecified hidden dimension: parameter " + v
                                + " is not determined by any constraint; give it a value (e.g. `" + v + " = 3`)",
                                Why.NONE);
                    commit(new Fact.DimEq(term, guess(v)), Why.GUESS);
                }
                default -> {
                    if (cap != null && anyDynamic && !en.view().sizes().symbolsBelow(v).isEmpty()) continue; // see commitCapped
                    Set<String> above = cap == null && anyDynamic ? dynamicAbove(v) : Set.of();
                    if (above.size() > 1) continue; // below two dynamic dims: any value would guess one of them
                    if (above.size() == 1) {
                        // below a dynamic dim: the broadcast result is that dim (1 would pin it to the unit)
                        commit(new Fact.DimEq(term, Dim.var(above.iterator().next())), Why.GUESS);
                        continue;
                    }
                    commit(new Fact.DimEq(term, cap != null ? cap.atom() : guess(v)),
                            cap != null ? Why.GUESS.and(cap.why()) : Why.GUESS);
                }
            }
        }
    }

    /**
     * The capped pass of a stage: every unbound capped variable (leaves only in stage 4) to its cap,
     * all read first and then emitted together before one fixpoint. In complete mode each is a
     * choice point (cap or unit); the choices are taken in the order of the caps' values and bases
     * (then names), not of first mention.
     */
    private void commitCapped(Stage s, int[] vars, boolean anyLeaf, boolean anyDynamic) {
        StoreView store = en.view().store();
        List<Integer> todo = new ArrayList<>();
        Set<String> tied = anyDynamic ? en.view().sizes().tiedToDynamic() : Set.of();
        for (int slot : vars) {
            String v = store.dimName(slot);
            if (store.dimBound(slot) || store.cap(slot) == null || anyDynamic && (en.view().sizes().isSymbol(v) || tied.contains(v))) continue;
            // above a symbol: its cap would pin the symbol to it (s ⊑ v, v = 3 gives s = 3); left open, as
            // below two symbols (`dynamic h; [d] <= [h]; [d] <= [q]; 3 <= q` closed h = 3)
            if (anyDynamic && !en.view().sizes().symbolsBelow(v).isEmpty()) continue;
            if (s == Stage.LEAF_DIMS && !(anyLeaf && prov.leaf().contains(v))) continue;
            if (s == Stage.LEAF_GUESS) continue; // stage 5 guesses uncapped leaves only
            todo.add(slot);
        }
        if (todo.isEmpty()) return;
        boolean branch = complete && s == Stage.LEAF_DIMS;
        if (branch) todo.sort(java.util.Comparator.comparing((Integer d) -> store.cap(d).atom().size())
                .thenComparing(d -> String.valueOf(store.cap(d).atom().basis())).thenComparing(store::dimName));
        List<Fact> facts = new ArrayList<>(todo.size());
        List<Why> whys = new ArrayList<>(todo.size());
        for (int slot : todo) {
            Store.Cap cap = store.cap(slot);
            boolean unit = branch && en.choose(2) == 1;
            facts.add(new Fact.DimEq(store.dimTerm(slot), unit ? Dim.unit() : cap.atom()));
            whys.add(Why.GUESS.and(cap.why()));
        }
        for (int i = 0; i < facts.size(); i++) en.emit(facts.get(i), whys.get(i).asPolicy());
        en.run();
    }

    /** The closing guess for an uncapped variable: its known size, else 1 (0 for a discardable). */
    /**
     * The dynamic variables above {@code v} along stored adjacencies (through unbound variables).
     * Closing v to the unit would pin each of them to the unit ({@code 1 ⊑ x} forces x = 1) — a
     * guess about a dimension that is never closed (found 2026-11-24: {@code dynamic batch;
     * [z] <= [batch]} closed z and batch to 1; an ONNX Add of two {@code [batch, seq, 8]} operands
     * pinned seq). Below exactly one, v closes to it (NumPy's broadcast result); below several, v
     * is left open.
     */
    private Set<String> dynamicAbove(String v) {
        return symbolsAbove(en, v);
    }

    /**
     * The symbols (dynamic or derived) above {@code v} along stored adjacencies, through unbound
     * variables; the dynamic ones (not derived) first, then by name, so the first is a choice that
     * depends neither on the order of the constraints nor on internal names.
     */
    static Set<String> symbolsAbove(Engine en, String v) {
        return en.view().sizes().symbolsAbove(v);
    }

    private Dim guess(String v) {
        return en.view().sizes().guess(v, en.view().zeroOk(v) ? new Dim.Atom(0) : Dim.unit());
    }

    /**
     * Stage 6's first half: deferred word equations, one at a time, least material first. The
     * next one is chosen by kind — split equations, then rotations, then shifted self-inequalities
     * (whose resolution to [] is the bluntest) — and within a kind by the printed fact, never by
     * store order, so the result does not depend on the order of the input constraints.
     */
    private void deferred() {
        // every live deferred fact is in the queue (new ones join after each commitment); the
        // head is the least by (kind rank, printed fact) among them, as a full scan would find
        java.util.PriorityQueue<Candidate> queue = new java.util.PriorityQueue<>();
        int seen = 0;
        while (true) {
            List<Stored> fresh = en.view().store().deferredFrom(seen);
            for (Stored s : fresh) {
                if (s.alive()) queue.add(new Candidate(s, seen));
                seen++;
            }
            Candidate c = queue.poll();
            if (c == null) return;
            if (!c.stored().alive()) continue; // re-emitted (and maybe re-stored) since it was queued
            resolve(c.stored());
        }
    }

    /** A deferred fact with its sort key, computed once; ties go to the earlier stored. */
    private record Candidate(Stored stored, int rank, String key, int seq) implements Comparable<Candidate> {
        Candidate(Stored s, int seq) {
            this(s, switch (s.kind) {
                case SPLIT_EQ -> 0;
                case ROTATION_EQ -> 1;
                case SHIFTED_LE -> 2;
                case DIM_ADJ, ROW_CAP -> throw new IllegalArgumentException("not deferred: " + s.kind);
            }, s.fact().toString(), seq);
        }

        @Override
        public int compareTo(Candidate o) {
            if (rank != o.rank) return Integer.compare(rank, o.rank);
            int c = key.compareTo(o.key);
            return c != 0 ? c : Integer.compare(seq, o.seq);
        }
    }

    private void resolve(Stored d) {
        Why why = d.why().asPolicy();
        Trace t = new Trace(Why.NONE, false);
        switch (d.fact()) {
            case Fact.RowEq(Row l, Row r) -> {
                Row.Open a = (Row.Open) en.view().row(l, t), b = (Row.Open) en.view().row(r, t);
                if (d.kind == Stored.Kind.ROTATION_EQ) rotation(a, b, why.and(t.why()));
                else split(a, b, why.and(t.why()));
            }
            case Fact.RowLe(Row lo, Row up) -> commit(new Fact.RowEq(Row.var(up.rowVar()), Row.empty()), why);
            default -> throw new IllegalStateException("unexpected deferred fact " + d.fact());
        }
    }

    private void split(Row.Open a, Row.Open b, Why why) {
        Row.Open lead = a.lead().isEmpty() ? b : a, trail = lead == a ? b : a;
        List<WordEquations.Split> cands = new ArrayList<>(WordEquations.split(lead.lead(), trail.trail()));
        int n = complete ? cands.size() + 1 : 1;
        int k = n > 1 ? en.choose(n) : 0;
        if (k == cands.size()) {
            Row.Open w = en.freshRow();
            commit(new Fact.RowEq(trail.withFlanks(List.of(), List.of()), w.withFlanks(lead.lead(), List.of())), why);
            commit(new Fact.RowEq(lead.withFlanks(List.of(), List.of()), w.withFlanks(List.of(), trail.trail())), why);
            return;
        }
        WordEquations.Split c = cands.get(k);
        commit(new Fact.RowEq(Row.var(trail.var()), WordEquations.front(c.x2())), why);
        if (!en.view().store().rowBound(lead.var()))
            commit(new Fact.RowEq(Row.var(lead.var()), WordEquations.front(c.x1())), why);
    }

    private void rotation(Row.Open a, Row.Open b, Why why) {
        Row.Open lead = a.lead().isEmpty() ? b : a, trail = lead == a ? b : a;
        List<List<org.shapeforge.term.Dim>> cands = complete
                ? WordEquations.rotation(lead.lead(), trail.trail(), 2) : List.of(List.of());
        int k = cands.size() > 1 ? en.choose(cands.size()) : 0;
        commit(new Fact.RowEq(Row.var(a.var()), WordEquations.front(cands.get(k))), why);
    }

    private void commit(Fact f, Why why) {
        en.emit(f, why.asPolicy());
        en.run();
    }
}
