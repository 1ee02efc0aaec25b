package org.shapeforge.solve.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Span;
import org.shapeforge.semantics.Sizes;
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
 * The run of Defs. 4.1–4.4: a worklist of facts processed to fixpoint by one {@code Rule} per
 * relation. Binding a variable re-emits exactly the stored facts indexed under it (no rounds
 * over the whole list), and records the rank edge of Def. 4.5(1) ({@code RankFacts}). Its state is
 * private (issue 28): the rules act through a {@code RuleContext}, closing and the report read an
 * {@link EngineView} and change the state only by {@link #emit} and {@link #run}.
 */
public final class Engine {
    /** Thrown when the step budget is exhausted (reported as Unknown, never a hang). */
    public static final class BudgetExhausted extends RuntimeException {
        public BudgetExhausted(String m) {
            super(m, null, false, false);
        }
    }

    private final Store store;
    private final Subst subst;
    /** The rank facts of Def. 4.5, the guard of every step. */
    private final RankFacts rankFacts;
    private final Choices choices;
    /**
     * The worklist: an {@link Item} is a fact not yet processed; a {@link Stored} is a stored fact
     * re-emitted by a binding, whose rank facts as written are already in the (persistent) graphs.
     */
    private final ArrayDeque<Pending> work = new ArrayDeque<>();
    private final ArrayDeque<Item> placements = new ArrayDeque<>();
    private boolean placing;
    private final long maxSteps;
    private long steps;
    private final FreshNames fresh;
    /** What the rules see of this engine: {@code RuleContext}, and nothing else. */
    private final RuleContext context = new Context();
    private final DimRules dimRules = new DimRules(context);
    private final Rule<Dim> dimEq = dimRules::eq, dimLe = dimRules::le;
    private final Rule<Row> rowEq = new RowEqRule(context), rowLe = new RowLeRule(context);
    /** The full language's constraints (issue 4): propagators woken by the variables they watch. */
    private final SizeRules size = new SizeRules(context);
    /** What closing and the report see: the state, read-only. */
    private final EngineView view;

    private final int maxRank;

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
        // Measured on the network mix (issue 12): ~1.3 slots per input dimension, ~1.5 row ids per input row.
        this.store = new Store(dims.size() * 3 / 2 + 16, rows.size() * 3 / 2 + 16);
        this.subst = new Subst(store);
        store.registerNew(dims, rows); // slots allocated in input order: passes over them read memory in order
        this.fresh = new FreshNames(store, dims, rows);
        this.rankFacts = new RankFacts(store, rows.size());
        this.choices = choices;
        this.view = new EngineView(store, subst, new SizeView(size, this::spanOf), this::spanOf);
        this.maxSteps = maxSteps;
        this.maxRank = maxRank;
    }

    /** The state, read-only: what closing's stages and the report read. */
    public EngineView view() {
        return view;
    }

    /** Queues a fact (a closing commitment, with a policy derivation); {@link #run} solves it. */
    public void emit(Fact f, Why why) {
        work.add(new Item(f, why));
    }

    /** The input's facts, read in order ahead of the worklist (see {@link #input}); null: none. */
    private IntFunction<Fact> inputFacts;
    private int inputCount, inputNext;

    /**
     * Puts the input's facts at the head of the worklist, in order: fact {@code i} (null: none) with
     * derivation {@code Why.source(i)}. The same order as emitting them all first, but each fact, its
     * item and its derivation are made only when processed — a worklist of a million items held
     * three million objects that every collection during the run had to copy (issue 12).
     */
    public void input(int count, IntFunction<Fact> facts) {
        if (inputFacts != null && inputNext < inputCount) throw new IllegalStateException("input facts already pending");
        this.inputFacts = facts;
        this.inputCount = count;
        this.inputNext = 0;
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

    private void step(Fact fact, Why why, boolean placing, boolean firstTime) {
        this.placing = placing;
        if (++steps > maxSteps) throw new BudgetExhausted("step budget of " + maxSteps + " exhausted");
        if (firstTime) rankFacts.recordAsWritten(fact, why);
        Trace t = new Trace(why, fact.markerSensitive());
        switch (fact) {
            case Fact.DimEq(Dim l, Dim r) -> dimEq.apply(subst.dim(l, t), subst.dim(r, t), t.why());
            case Fact.DimLe(Dim lo, Dim up) -> dimLe.apply(subst.dim(lo, t), subst.dim(up, t), t.why());
            case Fact.RowEq(Row l, Row r) -> rowEq.apply(grown(subst.row(l, t)), grown(subst.row(r, t)), t.why());
            case Fact.RowLe(Row lo, Row up) -> rowLe.apply(grown(subst.row(lo, t)), grown(subst.row(up, t)), t.why());
        }
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

    /** Binds the variable {@code v} to {@code value} (DE-bind): its cap, stored facts and propagators follow. */
    private void bindDim(Dim.Var v, Dim value, Why why) {
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
    private void bindRow(Row.Open var, Row value, Why why, boolean placement) {
        int s = store.rowSlotOrNew(var);
        nonZeroAxes(s, value, why);
        if (value instanceof Row.Open o) rankFacts.binding(s, o, why, placement);
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
     * is read off): a step recording a rank fact afterwards is a bug and fails loudly (issue 12).
     */
    public void retireRankFacts() {
        rankFacts.retire();
    }

    /** A fresh row variable (closing's splits of deferred word equations), as the bare term {@code <ρ>}. */
    public Row.Open freshRow() {
        return fresh.row();
    }

    /** A fresh dimension variable (closing's one-axis Total_elems rows), as a term carrying its id. */
    public Dim.Var freshDim() {
        return fresh.dim();
    }

    /** The branch taken at a policy choice point with {@code n} branches ({@link Choices}). */
    public int choose(int n) {
        return choices.choose(n);
    }

    /**
     * Declares the discardable variables (size 0 allowed), keys as {@code close.Provenance.dimKey/rowKey}
     * write them ({@code a}, {@code <r>}), and the dynamic dimensions (never closed); call before {@link #run()}.
     */
    public void declare(Set<String> discardable, Set<String> dynamic) {
        size.provenance(discardable, dynamic);
        for (String k : discardable)
            if (k.length() > 2 && k.startsWith("<") && k.endsWith(">")) store.zeroOkRow(k.substring(1, k.length() - 1), true);
            else store.zeroOkDim(k, true);
    }

    /** Where the input constraints are, by index: a residual constraint carries its first source's span. */
    public void spans(IntFunction<Span> spans) {
        this.spans = spans;
    }

    private IntFunction<Span> spans = i -> Span.NONE;

    /** The span of the first input constraint behind {@code why} ({@link Span#NONE} for none). */
    private Span spanOf(Why why) {
        int first = why.firstSource();
        return first < 0 ? Span.NONE : spans.apply(first);
    }

    /** Hands a Total_elems, Exact or size-predicate constraint of the input to the size propagators ({@link SizeClass#sized}). */
    public void addSized(Constraint c, Why why) {
        size.add(c, why);
    }

    /**
     * After closing: the known sizes left (those of dynamic variables: entailed) are bound, each
     * solved to a fixpoint; then a size item still open is a failure ({@code SizeRules.finish}).
     */
    public void finishSizes() {
        for (var e : new ArrayList<>(size.sizes().entrySet())) {
            if (!size.sizes().containsKey(e.getKey())) continue;
            emit(new Fact.DimEq(new Dim.Var(e.getKey()), Sizes.ofSize(e.getValue().size(), Dim.DEFAULT_BASIS)),
                    Why.GUESS.and(e.getValue().why()));
            run();
        }
        size.finish();
    }

    /** The engine as its rules see it: {@code RuleContext}. */
    private final class Context implements RuleContext {
        @Override
        public Store store() {
            return store;
        }

        @Override
        public Subst subst() {
            return subst;
        }

        @Override
        public SizeRules sizes() {
            return size;
        }

        @Override
        public void emit(Fact f, Why why) {
            work.add(new Item(f, why));
        }

        @Override
        public void bindDim(Dim.Var v, Dim value, Why why) {
            Engine.this.bindDim(v, value, why);
        }

        @Override
        public void bindRow(Row.Open var, Row value, Why why, boolean placement) {
            Engine.this.bindRow(var, value, why, placement);
        }

        @Override
        public void setCap(int s, Dim.Atom a, Why why) {
            store.setCap(s, a, why);
            size.capped(store.dimName(s));
        }

        @Override
        public Dim.Var freshDim() {
            return fresh.dim();
        }

        @Override
        public Row.Open freshRow() {
            return fresh.row();
        }

        @Override
        public List<Dim> freshDims(int k) {
            return fresh.dims(k);
        }

        @Override
        public int choose(int n) {
            return choices.choose(n);
        }

        @Override
        public boolean postponePlacement(Fact f, Why why) {
            if (placing) return false;
            placements.add(new Item(f, why));
            return true;
        }

        @Override
        public boolean hasWork() {
            return inputNext < inputCount || !work.isEmpty();
        }

        @Override
        public void inequalityRankFacts(Row.Open lo, Row.Open up, Why why) {
            rankFacts.inequality(lo, up, why);
        }

        @Override
        public boolean mutated(Mutation m) {
            return !mutations.isEmpty() && mutations.contains(m);
        }
    }
}
