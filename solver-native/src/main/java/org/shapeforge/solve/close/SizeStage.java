package org.shapeforge.solve.close;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.shapeforge.lang.Constraint;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solve.rules.Contradiction;
import org.shapeforge.solve.rules.EngineView;
import org.shapeforge.solve.rules.Residual;
import org.shapeforge.solve.rules.SizeItem;
import org.shapeforge.solve.rules.SizeRules;
import org.shapeforge.solve.rules.Unsupported;
import org.shapeforge.solve.size.LinearResult;
import org.shapeforge.solve.size.LinearSolver;
import org.shapeforge.solve.size.SizeResult;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.Stored;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Stage 5's size half (seed 000's stage table; issue 4), before leaf dimensions are guessed:
 * <ol>
 *   <li>Total_elems with open rows: several row variables — the non-leaf one (the output) keeps
 *       the axes, the others get no-further-axes; one — its LUB when that is ground (resolution
 *       through the LUB of non-terminal rows), else no-further-axes unless that makes the
 *       constraint fail, else one fresh axis (whose size the constraint then solves); a LUB or
 *       no-further-axes that would pin a symbol ({@link TotalPins}) is not committed;
 *   <li>the residual linear system (sums, affine equations, predicates) to its least-material
 *       solution by {@link LinearSolver}, caps preferred; a refutation is a failure;
 *   <li>known sizes bound to the default basis.
 * </ol>
 * Every commitment is a policy step (Conj. 8.4(c)), re-solved to a fixpoint and so checked.
 */
final class SizeStage implements Pass {
    private EngineView view;
    private Closer cx;
    private Provenance prov;
    private BiConsumer<Fact, Why> commit;
    private boolean offered;

    @Override
    public Stage stage() {
        return Stage.SIZE_GUESS;
    }

    /**
     * In complete mode the stage's heuristics are not enumerated: its first commitment is a
     * choice point whose second branch gives up with Unknown, so that complete mode never calls
     * a failure after a size heuristic "all branches fail" (a semantic claim).
     */
    private void heuristic() {
        if (!cx.complete() || offered) return;
        offered = true;
        if (cx.choose(2) == 1)
            throw new Unsupported("not supported natively: complete mode does not enumerate the stage-5 size heuristics"
                    + " (Total_elems rows, least-material sizes)");
    }

    @Override
    public void run(Closer cx) {
        this.cx = cx;
        this.view = cx.view();
        this.prov = cx.prov();
        this.commit = (f, w) -> {
            heuristic();
            cx.commit(f, w);
        };
        totals();
        view.sizes().requireNoOpenProductInequality();
        forcedSizes();
        if (!prov.dynamic().isEmpty()) {
            SymbolicStage symbolic = new SymbolicStage(view, commit);
            while (symbolic.step()) forcedSizes();
        }
        linear();
        knownSizes();
    }

    /**
     * Binds every known size (a size the constraints determine uniquely) to the default basis,
     * each commitment re-solved to a fixpoint, until none is left. This runs before the residual
     * linear system is guessed (seed 000's "preventing premature guessing"): a guess from the
     * linear system must see the sizes that are already forced — a residual {@code Add} after two
     * convolutions guessed its result from {@code y_14 <= y_2} before the convolution arithmetic's
     * {@code size(y_2) = 8} was bound, and failed later. Dynamic variables are never bound here.
     */
    private void knownSizes() {
        boolean more = true;
        while (more) {
            more = false;
            for (var e : new ArrayList<>(view.sizes().sizes().entrySet()))
                if (view.sizes().sizes().containsKey(e.getKey()) && !view.sizes().isSymbol(e.getKey())) {
                    commit.accept(new Fact.DimEq(new Dim.Var(e.getKey()), Sizes.ofSize(e.getValue().size(), Dim.DEFAULT_BASIS)),
                            Why.GUESS.and(e.getValue().why()));
                    more = true;
                }
        }
    }

    /**
     * Known sizes, then the sizes that exact interval propagation over the whole residual linear
     * system pins to one value ({@link LinearSolver#forced}: {@code size(r) in 1..1} with
     * {@code 8 + 2 == size(y) + 1 + size(r)} forces {@code y} to 8), each bound to the default
     * basis and propagated, until neither gives anything new. Only sizes the constraints force
     * are bound, so the basis is the one policy in it; dynamic variables are never bound.
     */
    private void forcedSizes() {
        boolean refuted = false;
        while (true) {
            Residual res = Residual.of(view.sizes());
            Map<String, Long> forced = new LinkedHashMap<>();
            if (!res.system().constraints().isEmpty()) {
                Map<String, Long> pinned = LinearSolver.forced(res.system());
                for (String v : res.order()) {
                    Long n = pinned.get(v);
                    if (n == null || view.sizes().isSymbol(v)) continue;
                    if (view.dim(new Dim.Var(v), new Trace(Why.NONE, false)) instanceof Dim.Var w && w.name().equals(v))
                        forced.put(v, n);
                }
            }
            boolean known = view.sizes().sizes().keySet().stream().anyMatch(v -> !view.sizes().isSymbol(v));
            if (forced.isEmpty() && !known) return;
            if (!refuted) { // once, and only when something is to be bound (the ILP is not free)
                refuteFirst(res);
                refuted = true;
            }
            knownSizes();
            for (var e : forced.entrySet()) {
                if (!(view.dim(new Dim.Var(e.getKey()), new Trace(Why.NONE, false)) instanceof Dim.Var w) || !w.name().equals(e.getKey()))
                    continue; // bound meanwhile (the fixpoint after an earlier commitment)
                commit.accept(new Fact.DimEq(new Dim.Var(e.getKey()), Sizes.ofSize(e.getValue(), Dim.DEFAULT_BASIS)), Why.GUESS.and(res.why()));
            }
        }
    }

    private void totals() {
        Set<SizeItem> skipped = new HashSet<>();
        while (true) {
            SizeItem it = null;
            List<String> open = null;
            for (SizeItem s : view.sizes().live()) {
                if (!(s.body instanceof SizeItem.Total(Constraint.Total c)) || skipped.contains(s)) continue;
                open = openRows(c.rows());
                if (!open.isEmpty()) {
                    it = s;
                    break;
                }
            }
            if (it == null) return;
            if (open.stream().anyMatch(v -> prov.dynamic().contains(Provenance.rowKey(v)))) {
                skipped.add(it);
                continue;
            }
            Why why = it.why.asPolicy();
            if (open.size() > 1) {
                String keep = open.stream().filter(v -> !prov.leaf().contains(Provenance.rowKey(v))).findFirst()
                        .orElse(open.getFirst());
                for (String v : open) if (!v.equals(keep)) commit.accept(new Fact.RowEq(Row.var(v), Row.empty()), why);
                continue;
            }
            String rho = open.getFirst();
            Row lub = lub(rho);
            Row guess = lub != null ? lub
                    : !(view.sizes().totalWith(it, rho, Row.empty()) instanceof SizeResult.Failed) ? Row.empty() : null;
            if (guess != null && TotalPins.pinsSymbol(cx, rho, guess)) skipped.add(it); // the row stays open (stage 6 too)
            else commit.accept(new Fact.RowEq(Row.var(rho), guess != null ? guess : Row.literal(List.of(cx.freshDim()))), why);
        }
    }

    private List<String> openRows(List<Row> rows) {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            Row s = view.row(r, new Trace(Why.NONE, false));
            if (s instanceof Row.Open o && !out.contains(o.var())) out.add(o.var());
        }
        return out;
    }

    /** The join of the row's caps when it is ground and has no holes, else null. */
    private Row lub(String rho) {
        List<Row> caps = new ArrayList<>();
        for (Stored c : view.store().rowCaps(rho))
            caps.add(view.row(c.lowerRow(), new Trace(Why.NONE, true)));
        if (caps.isEmpty()) return null;
        RowJoin.Result j = RowJoin.of(caps);
        return j.holes() == 0 && j.row().isGround() ? j.row() : null;
    }

    /**
     * A residual linear system that has no solution is refuted before anything is bound: the
     * refutation is semantic (the system is a relaxation of the input), whereas binding a known
     * size first would make the same contradiction look like the consequence of a policy step.
     */
    private void refuteFirst(Residual res) {
        if (res.system().constraints().isEmpty()) return;
        if (LinearSolver.solve(res.system(), Map.of()) instanceof LinearResult.Unsat u)
            throw Contradiction.fail(u.reason(), res.why());
    }

    private void linear() {
        Residual res = Residual.of(view.sizes());
        if (res.system().constraints().isEmpty()) return;
        Map<String, Long> preferred = new LinkedHashMap<>();
        for (String v : res.order()) {
            Store.Cap cap = view.store().cap(v);
            if (cap != null) preferred.put(v, cap.atom().size());
        }
        switch (LinearSolver.solve(res.system(), preferred)) {
            case LinearResult.Unsat u -> throw Contradiction.fail(u.reason(), res.why());
            case LinearResult.Unknown u -> throw new Unsupported("not supported natively: " + u.reason());
            case LinearResult.Sat s -> {
                Set<String> tied = view.sizes().tiedToDynamic();
                for (String v : res.order()) {
                    Long n = s.model().get(v);
                    if (n == null || tied.contains(v) || view.sizes().isSymbol(v)) continue;
                    if (!(view.dim(new Dim.Var(v), new Trace(Why.NONE, false)) instanceof Dim.Var w) || !w.name().equals(v))
                        continue;
                    if (view.sizes().sizes().containsKey(v)) continue;
                    commit.accept(new Fact.DimEq(new Dim.Var(v), Sizes.ofSize(n, Dim.DEFAULT_BASIS)), Why.GUESS.and(res.why()));
                }
            }
        }
    }
}
