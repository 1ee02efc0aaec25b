package org.shapeforge.solve.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solve.size.Polynomial;
import org.shapeforge.solve.size.SizeResult;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The size propagators ({@link SizeRules}) as closing and the report query them, read-only (issue
 * 28): the live items and known sizes, the symbols (dynamic dims and those derived by closing),
 * what closing must not guess, and the size content still open for the solved form. Nothing here
 * emits a fact or binds a variable; the one write a closing stage makes on size state is
 * {@link Symbols#derive}, through {@link #symbols()}.
 */
public final class SizeView {
    final SizeRules sr;
    private final Function<Why, Span> spans;

    SizeView(SizeRules sr, Function<Why, Span> spans) {
        this.sr = sr;
        this.spans = spans;
    }

    /** The live items, in order of arrival. */
    public List<SizeItem> live() {
        return sr.live();
    }

    /** The known sizes of unbound variables (read-only, live), in order of recording. */
    public Map<String, SizeRules.Known> sizes() {
        return sr.sizes();
    }

    /** Whether {@code v} is a symbol: declared dynamic, or derived as a function of the dynamic dims. */
    public boolean isSymbol(String v) {
        return sr.isSymbol(v);
    }

    /** The derived symbols of closing and their domain conditions (issue 31); closing's symbolic stage derives new ones. */
    public Symbols symbols() {
        return sr.symbols;
    }

    /** Whether {@code v} is declared dynamic (never closed). */
    public boolean isDynamic(String v) {
        return sr.dynamic.contains(v);
    }

    /** The bindings of the dynamic dims chosen by {@code SizeRules.finish} for the soundness guard (each satisfies every domain condition). */
    public List<Map<String, Long>> checkedAt() {
        return sr.checkedAt;
    }

    /**
     * The product equations of live predicates as {@code left - right} (relation {@code ==} only),
     * known sizes substituted and variables renamed to their representatives: what the symbolic
     * stage reads (issue 31).
     */
    public List<Polynomial> residualProductEquations() {
        List<Polynomial> out = new ArrayList<>();
        for (SizeItem it : sr.live()) {
            var ps = sr.productEquations(it);
            if (ps != null) out.addAll(ps);
        }
        return out;
    }

    /** Whether {@code v} is discardable (its size may be 0). */
    public boolean isDiscardable(String v) {
        return sr.discardable.contains(v);
    }

    /**
     * Stage 5's guard (seed 000, {@code has_uniq_constr_unless}): a Strided_var numerator of a
     * live Total_elems with a non-empty divided_by is not guessed to 1, unless one of its
     * divided_by variables is itself so prevented (the cycle-breaking rule).
     */
    public boolean preventsGuess(String v) {
        Set<String> unless = sr.totalRule.unlessSet(v);
        if (unless == null) return false;
        for (String u : unless) if (sr.totalRule.unlessSet(u) != null) return false;
        return true;
    }

    /** Total_elems under σ with the row variable {@code rho} read as {@code value} (stage 5's test). */
    public SizeResult totalWith(SizeItem it, String rho, Row value) {
        return sr.totalRule.evaluate(((SizeItem.Total) it.body).c(), rho, value, new Trace(it.why, false));
    }

    /** Closing's guess for {@code v}: its known size (default basis) if any, else {@code fallback}. */
    public Dim guess(String v, Dim fallback) {
        SizeRules.Known k = sr.sizes.get(v);
        return k == null ? fallback : Sizes.ofSize(k.size(), Dim.DEFAULT_BASIS);
    }

    /**
     * The size content still open, as constraints for the solved form: live items (equations
     * with σ applied through compound terms; Total_elems, Exact and predicates as written) and
     * known sizes as {@code size(x) == n}.
     */
    public List<Constraint> residualConstraints() {
        List<Constraint> out = new ArrayList<>();
        for (SizeItem it : sr.live()) {
            Trace t = new Trace(Why.NONE, false);
            out.add(switch (it.body) {
                case SizeItem.Eq(Dim l, Dim r) -> new Constraint.DimEq(sr.deep(l, t), sr.deep(r, t), spans.apply(it.why));
                case SizeItem.Le(Dim l, Dim r) -> new Constraint.DimLe(sr.deep(l, t), sr.deep(r, t), spans.apply(it.why));
                case SizeItem.Total(Constraint.Total c) -> c;
                case SizeItem.Exact(Constraint.Exact c) -> c;
                case SizeItem.Pred p -> p.c();
            });
        }
        sr.sizes.view().forEach((x, k) -> out.add(new Constraint.SizeRel(new SizeExpr.Size(new Dim.Var(x)),
                Constraint.Rel.EQ, new SizeExpr.Lit(k.size()), spans.apply(k.why()))));
        return out;
    }

    /**
     * Whether the row variable is open in a live Total_elems (stage 3 leaves it to stage 5). At a
     * fixpoint every live item watches the open variables of its rows, so only {@code v}'s
     * watchers are looked at.
     */
    public boolean pendingRow(String v) {
        for (var w : sr.cx.store().rowWatchers(v))
            if (w instanceof SizeItem it && it.alive && it.body instanceof SizeItem.Total(Constraint.Total c))
                for (Row r : c.rows())
                    if (sr.cx.subst().row(r, new Trace(Why.NONE, false)) instanceof Row.Open o && o.var().equals(v)) return true;
        return false;
    }

    /**
     * Stage 5's check before guessing: a product inequality with unknown factors is reported as
     * an underdetermined product (policy), not guessed to sizes that would violate it.
     */
    public void requireNoOpenProductInequality() {
        for (SizeItem it : sr.live())
            if (it.body instanceof SizeItem.Pred p) {
                String m = sr.predRule.openInequality(it, p);
                if (m != null) throw Contradiction.fail(m + ": the native solver does not guess sizes for a product inequality",
                        it.why.asPolicy());
            }
    }

    /**
     * The variables that live size items tie, through a chain of items, to a dynamic variable (the
     * dynamic ones included). Closing commits none of them: a value for {@code y} in
     * {@code 4·batch = y} would fix batch through the relation — a guess about a dimension that is
     * never closed (found 2026-11-24: an ONNX {@code Reshape(x, [-1, 6])} on {@code [batch, 4, 6]}
     * closed y, and so batch, to a number). Likewise a variable below symbols ({@link #symbolsAbove})
     * that the symbolic stage did not close (below two different ones): a number for it pins them
     * ({@code dynamic a, b; [y] <= [a]; [y] <= [b]} then a strided conv on y closed a = b = 1).
     * Their items stay open, and {@code SizeRules.finish} reports them.
     */
    public Set<String> tiedToDynamic() {
        if (sr.dynamic.isEmpty()) return Set.of();
        Map<String, Set<String>> adj = new HashMap<>();
        for (SizeItem it : sr.live()) {
            Set<String> vs = SizeRules.itemVars(it);
            for (String v : vs) adj.computeIfAbsent(v, k -> new HashSet<>()).addAll(vs);
        }
        Set<String> tied = new HashSet<>();
        ArrayDeque<String> todo = new ArrayDeque<>();
        for (String v : adj.keySet()) if (sr.dynamic.contains(v) && tied.add(v)) todo.add(v);
        for (String v : adj.keySet()) // below symbols: closing it would pin them (1 ⊑ s), so it stays as they do
            if (!sr.isSymbol(v) && !symbolsAbove(v).isEmpty() && tied.add(v)) todo.add(v);
        while (!todo.isEmpty())
            for (String w : adj.getOrDefault(todo.poll(), Set.of())) if (tied.add(w)) todo.add(w);
        return tied;
    }

    /**
     * The symbols (dynamic or derived) above {@code v} along stored adjacencies, through unbound
     * variables; the dynamic ones (not derived) first, then by name, so the first is a choice that
     * depends neither on the order of the constraints nor on internal names. {@code v} bound to a
     * number or to a symbol has none.
     */
    public Set<String> symbolsAbove(String v) {
        return symbolsAlong(v, true);
    }

    /** The symbols below {@code v} along stored adjacencies, through unbound variables ({@link #symbolsAbove}'s mirror). */
    public Set<String> symbolsBelow(String v) {
        return symbolsAlong(v, false);
    }

    /**
     * Whether the number {@code n} (not 1) for {@code v} would pin a symbol (dynamic dims stay
     * symbols). It forces {@code v} and every unbound variable below it to n ({@code c ⊑ a, a = 2}
     * gives c = 2), so a symbol among them is fixed to n, and a symbol directly above one of them
     * is left only 1 or n, which pins it to 1 when its cap is another atom: fuzz case 6823,
     * {@code dynamic b; leaf a; 2 <= a; 3 <= b; c <= a; c <= b}, closed the leaf a to its cap 2,
     * which forced c = 2 and so b = 1, though a = 1, b = c = 3 is a model. A symbol above with no
     * cap or the cap n keeps a choice ({@code 3 <= a; 3 <= b; a <= b; dynamic b}: a = 3 leaves b in
     * 1 or 3, as before). {@code v} bound, or itself a symbol, pins none.
     */
    public boolean numberPinsSymbol(String v, Dim.Atom n) {
        if (!(sr.cx.subst().dim(new Dim.Var(v), new Trace(Why.NONE, false)) instanceof Dim.Var(String r, _)) || sr.isSymbol(r))
            return false;
        Set<String> seen = new HashSet<>(List.of(r));
        ArrayDeque<String> todo = new ArrayDeque<>(List.of(r));
        while (!todo.isEmpty()) {
            String x = todo.poll();
            for (var s : sr.cx.store().bound().upAdjacencies(x))
                if (sr.cx.subst().dim(new Dim.Var(s.upperDim()), new Trace(Why.NONE, false)) instanceof Dim.Var(String u, _)
                        && sr.isSymbol(u) && sr.cx.store().cap(u) instanceof Store.Cap c && !c.atom().equals(n))
                    return true;
            for (var s : sr.cx.store().bound().downAdjacencies(x)) {
                if (!(sr.cx.subst().dim(new Dim.Var(s.lowerDim()), new Trace(Why.NONE, false)) instanceof Dim.Var(String u, _)))
                    continue;
                if (sr.isSymbol(u)) return true;
                if (seen.add(u)) todo.add(u);
            }
        }
        return false;
    }

    private Set<String> symbolsAlong(String v, boolean up) {
        var derived = sr.symbols.derived();
        Set<String> out = new TreeSet<>(Comparator.comparing((String u) -> derived.containsKey(u))
                .thenComparing(Comparator.naturalOrder()));
        if (!(sr.cx.subst().dim(new Dim.Var(v), new Trace(Why.NONE, false)) instanceof Dim.Var(String r, _)) || sr.isSymbol(r)) return out;
        Set<String> seen = new HashSet<>(List.of(r));
        ArrayDeque<String> todo = new ArrayDeque<>(List.of(r));
        while (!todo.isEmpty())
            for (var s : up ? sr.cx.store().bound().upAdjacencies(todo.poll()) : sr.cx.store().bound().downAdjacencies(todo.poll())) {
                if (!(sr.cx.subst().dim(new Dim.Var(up ? s.upperDim() : s.lowerDim()), new Trace(Why.NONE, false)) instanceof Dim.Var(String u, _)))
                    continue;
                if (sr.isSymbol(u)) out.add(u);
                else if (seen.add(u)) todo.add(u);
            }
        return out;
    }
}
