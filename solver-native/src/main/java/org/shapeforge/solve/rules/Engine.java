package org.shapeforge.solve.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.shapeforge.solve.rank.RankGraph;
import org.shapeforge.solve.rank.VarIds;
import org.shapeforge.solve.search.Choices;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Item;
import org.shapeforge.solve.store.Pending;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.Stored;
import org.shapeforge.solve.store.Subst;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The run of Defs. 4.1–4.4: a worklist of facts processed to fixpoint by one rule class per
 * relation. Binding a variable re-emits exactly the stored facts indexed under it (no rounds
 * over the whole list), and records the rank edge of Def. 4.5(1).
 */
public final class Engine {
    /** Thrown when the step budget is exhausted (reported as Unknown, never a hang). */
    public static final class BudgetExhausted extends RuntimeException {
        public BudgetExhausted(String m) {
            super(m, null, false, false);
        }
    }

    public final Store store;
    public final Subst subst;
    /** The rank facts of Def. 4.5; null once {@link #retireRankFacts() retired}. */
    private RankGraph rank;
    /** Def. 4.5 refined per flank: lead(γρ) ≥ lead(γρ') + k (flank-fit of the marked order, Def. 2.3). */
    private RankGraph leadRank;
    /** The trailing-flank counterpart of {@link #leadRank}. */
    private RankGraph trailRank;
    public final Choices choices;
    /**
     * The worklist: an {@link Item} is a fact not yet processed; a {@link Stored} is a stored fact
     * re-emitted by a binding, whose rank facts as written are already in the (persistent) graphs.
     */
    private final ArrayDeque<Pending> work = new ArrayDeque<>();
    private final ArrayDeque<Item> placements = new ArrayDeque<>();
    private boolean placing;
    private final long maxSteps;
    private long steps;
    private int fresh;
    private final DimRules dimRules = new DimRules(this);
    private final RowEqRule rowEq = new RowEqRule(this);
    private final RowLeRule rowLe = new RowLeRule(this);
    /** The full language's constraints (issue 4): propagators woken by the variables they watch. */
    public final SizeRules size = new SizeRules(this);

    private final int maxRank;
    /** The terms of the last inequality whose rank facts were recorded (identity, not equality). */
    private Row.Open lastLo, lastUp;

    /**
     * @param maxSteps rule applications before the run gives up (Unknown)
     * @param maxRank the largest known rank a row binding may reach before the run gives up: a
     *     guard against growth the rank-fact graph did not catch (Thm. 5.2(b) is open)
     */
    public Engine(Choices choices, long maxSteps, int maxRank) {
        this(choices, maxSteps, maxRank, List.of(), List.of());
    }

    /**
     * As above, over the input's dimension and row variables, interned: terms whose ids are their
     * positions in the lists (in order of first mention). They are registered in the store, their
     * slots taking those ids, and the store is sized from their counts, as are the rank graphs.
     */
    public Engine(Choices choices, long maxSteps, int maxRank, List<Dim.Var> dims, List<Row.Open> rows) {
        // Measured on the network mix (issue 12): ~1.3 slots per input dimension, ~1.5 row ids per
        // input row, ~4.3 edges per input row in the main rank graph and ~3.7 in each flank graph.
        this.store = new Store(dims.size() * 3 / 2 + 16, rows.size() * 3 / 2 + 16);
        this.subst = new Subst(store);
        store.registerNew(dims, rows); // slots allocated in input order: passes over them read memory in order
        for (int i = 0; i < dims.size() && !freshDimsMayClash; i++) freshDimsMayClash = dims.get(i).name().startsWith(FRESH_DIM);
        for (int i = 0; i < rows.size() && !freshRowsMayClash; i++) freshRowsMayClash = rows.get(i).var().startsWith(FRESH_ROW);
        this.rank = new RankGraph(new StoreIds(store), rows.size() * 3 / 2 + 16, rows.size() * 9 / 2 + 16);
        this.leadRank = new RankGraph(rank, rows.size() * 15 / 4 + 16);
        this.trailRank = new RankGraph(rank, rows.size() * 15 / 4 + 16);
        this.choices = choices;
        this.maxSteps = maxSteps;
        this.maxRank = maxRank;
    }

    public void emit(Fact f, Why why) {
        work.add(new Item(f, why));
    }

    /** The input's facts, read in order ahead of the worklist (see {@link #input}); null: none. */
    private java.util.function.IntFunction<Fact> inputFacts;
    private int inputCount, inputNext;

    /**
     * Puts the input's facts at the head of the worklist, in order: fact {@code i} (null: none) with
     * derivation {@code Why.source(i)}. The same order as emitting them all first, but each fact, its
     * item and its derivation are made only when processed — a worklist of a million items held
     * three million objects that every collection during the run had to copy (issue 12).
     */
    public void input(int count, java.util.function.IntFunction<Fact> facts) {
        if (inputFacts != null && inputNext < inputCount) throw new IllegalStateException("input facts already pending");
        this.inputFacts = facts;
        this.inputCount = count;
        this.inputNext = 0;
    }

    /**
     * Postpones a fact whose next step is a placement (a policy step, Lemma 5.1) until the
     * semantic steps have reached their fixpoint, so that placements see every semantic fact
     * (fixpoint-before-commit, applied to placements too). Returns false when the placement may
     * be made now.
     */
    boolean postponePlacement(Fact f, Why why) {
        if (placing) return false;
        placements.add(new Item(f, why));
        return true;
    }

    public long steps() {
        return steps;
    }

    /**
     * Processes the worklist to a solved form (Def. 5.3) or throws {@link Contradiction}. The
     * size propagators (issue 4) woken since they last ran run at each semantic fixpoint, before
     * any postponed placement: their facts are semantic too.
     */
    public void run() {
        while (true) {
            if (inputNext < inputCount) {
                int i = inputNext++;
                Fact f = inputFacts.apply(i);
                if (f != null) step(f, source(i), false, true);
            }
            else if (!work.isEmpty()) {
                switch (work.poll()) {
                    case Stored s -> step(s.fact(), s.why(), false, false);
                    case Item i -> step(i.fact(), i.why(), false, true);
                }
            }
            else if (size.propagate()) continue;
            else if (!placements.isEmpty()) {
                Item p = placements.poll();
                step(p.fact(), p.why(), true, false);
            }
            else return;
        }
    }

    /** Whether semantic facts are waiting to be processed. */
    boolean hasWork() {
        return inputNext < inputCount || !work.isEmpty();
    }

    private void step(Fact fact, Why why, boolean placing, boolean firstTime) {
        this.placing = placing;
        if (++steps > maxSteps) throw new BudgetExhausted("step budget of " + maxSteps + " exhausted");
        if (firstTime) recordedRankFact(fact, why);
        Trace t = new Trace(why, fact.markerSensitive());
        switch (fact) {
            case Fact.DimEq(Dim l, Dim r) -> dimRules.eq(subst.dim(l, t), subst.dim(r, t), t.why());
            case Fact.DimLe(Dim lo, Dim up) -> dimRules.le(subst.dim(lo, t), subst.dim(up, t), t.why());
            case Fact.RowEq(Row l, Row r) -> rowEq.apply(grown(subst.row(l, t)), grown(subst.row(r, t)), t.why());
            case Fact.RowLe(Row lo, Row up) -> rowLe.apply(grown(subst.row(lo, t)), grown(subst.row(up, t)), t.why());
        }
    }

    /**
     * Def. 4.5's edges read off the fact as written, before substitution: for open sides with
     * variables v ≠ w, {@code v ⊑ w} (or ≈) entails rank(v) ≥ rank(w) + (known flanks of w's side
     * minus v's), recorded whatever its sign (a negative weight is the genuine non-positive bound
     * of a result surplus, never rounded up: the sign discipline). Recording against the
     * unsubstituted names is what makes a cycle visible in every processing order.
     */
    private void recordedRankFact(Fact fact, Why why) {
        switch (fact) {
            case Fact.RowLe(Row.Open lo, Row.Open up) when !lo.var().equals(up.var()) -> inequalityRankFacts(lo, up, why);
            case Fact.RowEq(Row.Open a, Row.Open b) when !a.var().equals(b.var()) -> {
                int w = b.knownRank() - a.knownRank(), ia = store.rowSlotOrNew(a), ib = store.rowSlotOrNew(b);
                rankEdge(rank, "", ia, ib, w, why);
                rankEdge(rank, "", ib, ia, -w, why);
            }
            default -> {}
        }
    }

    /**
     * The rank facts of {@code lo ⊑ up} between distinct row variables: total rank, and per flank
     * (flank-fit: lead(γ lo) ≥ lead(γ up), trail likewise), each with its exact weight, negative
     * ones included (Example "forward spiral" in docs/solver.md shows they are needed).
     */
    public void inequalityRankFacts(Row.Open lo, Row.Open up, Why why) {
        if (lo == lastLo && up == lastUp) return; // the same terms again (substitution changed nothing)
        lastLo = lo;
        lastUp = up;
        int dl = up.lead().size() - lo.lead().size(), dr = up.trail().size() - lo.trail().size();
        int l = store.rowSlotOrNew(lo), u = store.rowSlotOrNew(up);
        rankEdge(rank, "", l, u, dl + dr, why);
        rankEdge(leadRank, "leading ", l, u, dl, why);
        rankEdge(trailRank, "trailing ", l, u, dr, why);
    }

    /*
     * The variables whose size may be 0 are flagged on their store slots (Store.zeroOkDim/zeroOkRow):
     * the discardable ones (Def. 1.1: sizes are ≥ 1 except for discardable variables, seed 000's
     * invalid_vars) and the fresh ones, less those bound to or inside the value of a variable that
     * may not be 0. (A set of names, with "<r>" keys built per row binding, held a node and a string
     * per fresh variable: issue 12.)
     */

    /**
     * The table of first-source derivations ({@link Why#first}), or null when derivations keep all
     * their sources. With it the run decides exactly the same (the policy flags are kept) and
     * places residual constraints the same (their first source is kept), allocates no derivation
     * nodes — at 10^6 constraints about 2.4 million objects that every collection during the run
     * copied (issue 12) — but a failure names only its first constraint: the run is deterministic,
     * and a caller that needs them all replays it with full derivations ({@code NativeSolver}).
     */
    private Why[] firsts;

    /**
     * Derivations over {@code constraints} input constraints keep only their first source and
     * policy flag ({@code firstOnly}) or everything (the default); call before anything is emitted.
     */
    public void derivations(boolean firstOnly, int constraints) {
        firsts = firstOnly ? Why.firstOnly(constraints) : null;
    }

    /** The derivation of input constraint {@code i} ({@link Why#source} or {@link Why#first}, see {@link #derivations}). */
    public Why source(int i) {
        return firsts == null ? Why.source(i) : Why.first(firsts, i);
    }

    /** Planted rule mutations (tests of the tests only; empty in production). */
    private Set<Mutation> mutations = Set.of();

    public void mutations(Set<Mutation> ms) {
        mutations = Set.copyOf(ms);
    }

    boolean mutated(Mutation m) {
        return !mutations.isEmpty() && mutations.contains(m);
    }

    /**
     * Declares the discardable variables, keys as {@code close.Provenance.dimKey/rowKey} write them
     * ({@code a}, {@code <r>}); call before {@link #run()}.
     */
    public void discardable(Set<String> keys) {
        for (String k : keys)
            if (k.length() > 2 && k.startsWith("<") && k.endsWith(">")) store.zeroOkRow(k.substring(1, k.length() - 1), true);
            else store.zeroOkDim(k, true);
    }

    /** Whether dimension variable {@code v} may still have size 0. */
    public boolean zeroOk(String v) {
        return store.zeroOkDim(v);
    }

    /** Binds the variable {@code v} to {@code value} (DE-bind): its cap, stored facts and propagators follow. */
    public void bindDim(Dim.Var v, Dim value, Why why) {
        int s = store.dimSlotOrNew(v);
        if (!store.zeroOkDim(s)) {
            if (value instanceof Dim.Atom a && a.size() == 0)
                throw Contradiction.fail("size 0 for " + v.name() + ": sizes are at least 1 except for discardable variables (Def. 1.1)", why);
            if (value instanceof Dim.Var w) store.zeroOkDim(w, false);
        }
        store.bindDim(s, value, why);
        Store.Cap c = store.removeCap(s);
        if (c != null) emit(new Fact.DimLe(c.atom(), store.dimTerm(s)), c.why());
        List<Stored> w = store.bound().takeDimWatchers(s);
        if (!w.isEmpty()) work.addAll(w);
        store.wakeDim(s, true);
        size.bound(store.dimName(s));
    }

    /** Sets the atom cap lb(v) (DI-cap) of dimension variable {@code s}; a known size of v is then decided (size rules). */
    void setCap(int s, Dim.Atom a, Why why) {
        store.setCap(s, a, why);
        size.capped(store.dimName(s));
    }

    private Row grown(Row r) {
        if (r.knownRank() > maxRank)
            throw new BudgetExhausted("a row grew past rank " + maxRank + " (growth the rank-fact graph did not catch)");
        return r;
    }

    /**
     * Binds the row variable of {@code var} (its flanks are ignored) to {@code value}; an open
     * value records the rank facts of the equality, the variable's stored facts and propagators
     * follow.
     */
    public void bindRow(Row.Open var, Row value, Why why, boolean placement) {
        int s = store.rowSlotOrNew(var);
        nonZeroAxes(s, value, why);
        if (value instanceof Row.Open o) { // an equality: both directions (Def. 4.5(1) records one)
            int l = o.lead().size(), t = o.trail().size(), v = s, w = store.rowSlotOrNew(o);
            rankEdge(rank, "", v, w, l + t, why);
            rankEdge(rank, "", w, v, -(l + t), why);
            // a placement fixes where the marker goes (≈ leaves it free): the flank facts are
            // consequences of that policy choice, the total-rank facts are not
            Why flank = placement ? why.asPolicy() : why;
            rankEdge(leadRank, "leading ", v, w, l, flank);
            rankEdge(leadRank, "leading ", w, v, -l, flank);
            rankEdge(trailRank, "trailing ", v, w, t, flank);
            rankEdge(trailRank, "trailing ", w, v, -t, flank);
        }
        store.bindRow(s, value, why, placement);
        List<Stored> w = store.bound().takeRowWatchers(s);
        if (!w.isEmpty()) work.addAll(w);
        store.wakeRow(s);
    }

    /** A row variable that may not have size-0 axes: its value's explicit axes are ≥ 1, and so are its variables. */
    private void nonZeroAxes(int v, Row value, Why why) {
        if (store.zeroOkRow(v)) return;
        for (List<Dim> flank : List.of(value.lead(), value.trail()))
            for (Dim d : flank) {
                if (d instanceof Dim.Atom a && a.size() == 0)
                    throw Contradiction.fail("size-0 axis in the value of <" + store.rowName(v) + ">: sizes are at least 1 except for discardable variables (Def. 1.1)", why);
                if (d instanceof Dim.Var w) store.zeroOkDim(w, false);
            }
        if (value instanceof Row.Open o) store.zeroOkRow(o, false);
    }

    /**
     * Releases the rank-fact graphs once no rule will run again (after closing, before the model
     * is read off): they only guard steps (Prop. 4.6), and at 10^6 constraints they are about a
     * fifth of the live heap, which would otherwise peak while the model is built (issue 12).
     * A step recording a rank fact afterwards is a bug and fails loudly.
     */
    public void retireRankFacts() {
        rank = leadRank = trailRank = null;
    }

    /**
     * Records a rank fact (Def. 4.5) between the row variables with store ids {@code from} and
     * {@code to}; a positive cycle fails with "rank cycle".
     */
    private void rankEdge(RankGraph g, String flank, int from, int to, int weight, Why why) {
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

    /** The prefixes of fresh variables' names. */
    private static final String FRESH_DIM = "φ", FRESH_ROW = "ρ";
    /**
     * Whether an input variable's name has a fresh variable's prefix (an input may name a variable
     * φ1): only then is a fresh name checked against the store, which would build its name index
     * for that (issue 12). Fresh names never clash with each other (one counter).
     */
    private boolean freshDimsMayClash, freshRowsMayClash;

    /** A fresh dimension variable (deficit rule, complete-mode witnesses), as a term carrying its id. */
    public Dim.Var freshDim() {
        String n;
        do n = FRESH_DIM + (++fresh); while (freshDimsMayClash && store.hasDim(n));
        // a fresh variable stands for part of some other value: it may be 0 until it is placed in the
        // value of a variable that may not (nonZeroAxes), e.g. an axis of a discardable row's deficit
        Dim.Var term = store.dimTerm(store.registerFreshDim(n));
        store.zeroOkDim(term, true);
        return term;
    }

    /** A fresh row variable, as the bare term {@code <ρ>} carrying its id. */
    public Row.Open freshRow() {
        String n;
        do n = FRESH_ROW + (++fresh); while (freshRowsMayClash && store.hasRow(n));
        Row.Open term = store.rowTerm(store.registerFreshRow(n));
        store.zeroOkRow(term, true);
        return term;
    }

    public List<Dim> freshDims(int k) {
        List<Dim> out = new ArrayList<>();
        for (int i = 0; i < k; i++) out.add(freshDim());
        return out;
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
