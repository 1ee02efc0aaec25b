package org.shapeforge.solve.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.shapeforge.solve.rank.RankGraph;
import org.shapeforge.solve.search.Choices;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Item;
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

    public final Store store = new Store();
    public final Subst subst = new Subst(store);
    public final RankGraph rank = new RankGraph();
    public final Choices choices;
    private final ArrayDeque<Item> work = new ArrayDeque<>();
    private final Set<String> dimVars = new LinkedHashSet<>();
    private final Set<String> rowVars = new LinkedHashSet<>();
    private final Set<String> freshVars = new LinkedHashSet<>();
    private final long maxSteps;
    private long steps;
    private int fresh;
    private final DimRules dimRules = new DimRules(this);
    private final RowEqRule rowEq = new RowEqRule(this);
    private final RowLeRule rowLe = new RowLeRule(this);
    /** The full language's constraints (issue 4), re-examined at every fixpoint. */
    public final SizeRules size = new SizeRules(this);

    public Engine(Choices choices, long maxSteps) {
        this.choices = choices;
        this.maxSteps = maxSteps;
    }

    public void emit(Fact f, Why why) {
        work.add(new Item(f, why));
    }

    public long steps() {
        return steps;
    }

    /** Processes the worklist to a solved form (Def. 5.3) or throws {@link Contradiction}. */
    public void run() {
        do runCore();
        while (size.propagate());
    }

    /** Whether facts are waiting to be processed. */
    boolean hasWork() {
        return !work.isEmpty();
    }

    private void runCore() {
        while (!work.isEmpty()) {
            Item it = work.poll();
            if (++steps > maxSteps) throw new BudgetExhausted("step budget of " + maxSteps + " exhausted");
            recordedRankFact(it);
            Trace t = new Trace(it.why(), it.fact().markerSensitive());
            switch (it.fact()) {
                case Fact.DimEq(Dim l, Dim r) -> dimRules.eq(subst.dim(l, t), subst.dim(r, t), t.why());
                case Fact.DimLe(Dim lo, Dim up) -> dimRules.le(subst.dim(lo, t), subst.dim(up, t), t.why());
                case Fact.RowEq(Row l, Row r) -> rowEq.apply(subst.row(l, t), subst.row(r, t), t.why());
                case Fact.RowLe(Row lo, Row up) -> rowLe.apply(subst.row(lo, t), subst.row(up, t), t.why());
            }
        }
    }

    /**
     * Def. 4.5's edges read off the fact as written, before substitution: for open sides with
     * variables v ≠ w, {@code v ⊑ w} (or ≈) entails rank(v) ≥ rank(w) + (known flanks of w's side
     * minus v's); recorded only when that weight is ≥ 0 (the sign discipline). Recording against
     * the unsubstituted names is what makes a cycle visible in every processing order.
     */
    private void recordedRankFact(Item it) {
        switch (it.fact()) {
            case Fact.RowLe(Row.Open lo, Row.Open up) when !lo.var().equals(up.var()) -> {
                int w = up.knownRank() - lo.knownRank();
                if (w >= 0) rankEdge(lo.var(), up.var(), w, it.why());
            }
            case Fact.RowEq(Row.Open a, Row.Open b) when !a.var().equals(b.var()) -> {
                int w = b.knownRank() - a.knownRank();
                if (w >= 0) rankEdge(a.var(), b.var(), w, it.why());
                if (w <= 0) rankEdge(b.var(), a.var(), -w, it.why());
            }
            default -> {}
        }
    }

    public void bindDim(String v, Dim value, Why why) {
        store.bindDim(v, value, why);
        Store.Cap c = store.removeCap(v);
        if (c != null) emit(new Fact.DimLe(c.atom(), new Dim.Var(v)), c.why());
        for (Stored s : store.takeDimWatchers(v)) work.add(s.item);
    }

    public void bindRow(String v, Row value, Why why, boolean placement) {
        if (value instanceof Row.Open o) rankEdge(v, o.var(), o.lead().size() + o.trail().size(), why);
        store.bindRow(v, value, why, placement);
        for (Stored s : store.takeRowWatchers(v)) work.add(s.item);
    }

    /** Records a rank fact (Def. 4.5); a positive cycle fails with "rank cycle". */
    public void rankEdge(String from, String to, int weight, Why why) {
        RankGraph.Cycle c = rank.add(from, to, weight, why);
        if (c == null) return;
        Why all = why;
        StringBuilder path = new StringBuilder();
        for (RankGraph.Edge e : c.edges()) {
            all = all.and(e.why());
            path.append('<').append(e.from()).append("> -").append(e.weight()).append("-> ");
        }
        path.append('<').append(c.edges().getLast().to()).append('>');
        throw Contradiction.fail("rank cycle among row variables: " + path
                + " (each needs more axes than the next, total " + c.weight() + " > 0)", all);
    }

    public void registerDim(String v) {
        dimVars.add(v);
    }

    public void registerRow(String v) {
        rowVars.add(v);
    }

    public Set<String> dimVars() {
        return dimVars;
    }

    public Set<String> rowVars() {
        return rowVars;
    }

    public boolean isFresh(String v) {
        return freshVars.contains(v);
    }

    /** A fresh dimension variable (deficit rule, complete-mode witnesses). */
    public Dim.Var freshDim() {
        String n = "φ" + (++fresh);
        dimVars.add(n);
        freshVars.add(n);
        return new Dim.Var(n);
    }

    /** A fresh row variable. */
    public String freshRow() {
        String n = "ρ" + (++fresh);
        rowVars.add(n);
        freshVars.add(n);
        return n;
    }

    public List<Dim> freshDims(int k) {
        List<Dim> out = new ArrayList<>();
        for (int i = 0; i < k; i++) out.add(freshDim());
        return out;
    }
}
