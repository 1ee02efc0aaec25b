package org.shapeforge.solve.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solve.size.SizeTranslator;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The full language's constraints in the staged solver (issue 4): equations and orders with a
 * Concat or Affine side, Total_elems, Exact and the size predicates. They are held as
 * {@link SizeItem}s — propagators that watch the variables they read through the store's watch
 * lists — and run at a fixpoint of the {@link Engine} only when woken ({@link #propagate}), solved
 * exactly by {@code org.shapeforge.solve.size} with the sizes known so far. One rule class per
 * kind holds the logic ({@link SizeEqRule}, {@link TotalRule}, {@link ExactRule},
 * {@link PredRule}); what re-examines them is {@link SizeQueue}, never a pass over all items.
 *
 * <p>A size determined by a size-only constraint (Total_elems, a predicate, a sum whose basis is
 * not forced) does not fix the basis of its variable, so it is recorded as a <em>known size</em>
 * ({@link KnownSizes}), entailed (semantic) and checked against every later binding, not bound;
 * the closing stage binds it to the default basis (a policy step). A solved sum whose basis is
 * forced binds the variable at once ({@code 7 = a ^ 3} entails {@code a = 4}).
 */
public final class SizeRules {
    /** A size entailed for an unbound variable, with its derivation. */
    public record Known(long size, Why why) {}

    final Engine en;
    private final List<SizeItem> items = new ArrayList<>();
    private final SizeQueue queue = new SizeQueue();
    final KnownSizes sizes;
    final SizeTranslator translator = new SizeTranslator();
    private final SizeTerms terms;
    Set<String> discardable = Set.of();
    private Set<String> dynamic = Set.of();
    private final SizeEqRule eqRule = new SizeEqRule(this);
    private final TotalRule totalRule = new TotalRule(this);
    private final ExactRule exactRule = new ExactRule(this);
    private final PredRule predRule = new PredRule(this);

    SizeRules(Engine en) {
        this.en = en;
        this.sizes = new KnownSizes(en);
        this.terms = new SizeTerms(en);
    }

    /** The span of the input constraint with a given index (residual constraints keep their origin's). */
    private java.util.function.IntFunction<org.shapeforge.lang.Span> spans = i -> org.shapeforge.lang.Span.NONE;

    /** Where the input constraints are, by index: a residual constraint carries its first source's span. */
    public void spans(java.util.function.IntFunction<org.shapeforge.lang.Span> spans) {
        this.spans = spans;
    }

    private org.shapeforge.lang.Span spanOf(Why why) {
        int first = why.firstSource();
        return first < 0 ? org.shapeforge.lang.Span.NONE : spans.apply(first);
    }

    /** Whether {@code v} is declared dynamic (never closed). */
    public boolean isDynamic(String v) {
        return dynamic.contains(v);
    }

    private final Symbols symbols = new Symbols();
    private List<Map<String, Long>> checkedAt = List.of();

    /** The derived symbols of closing and their domain conditions (issue 31). */
    public Symbols symbols() {
        return symbols;
    }

    /** Whether {@code v} is a symbol: declared dynamic, or derived as a function of the dynamic dims. */
    public boolean isSymbol(String v) {
        return dynamic.contains(v) || symbols.derived().containsKey(v);
    }

    /** The bindings of the dynamic dims chosen by {@link #finish} for the soundness guard (each satisfies every domain condition). */
    public List<Map<String, Long>> checkedAt() {
        return checkedAt;
    }

    /**
     * The product equations of live predicates as {@code left - right} (relation {@code ==} only),
     * known sizes substituted and variables renamed to their representatives: what the symbolic
     * stage reads (issue 31).
     */
    public List<org.shapeforge.solve.size.Polynomial> residualProductEquations() {
        List<org.shapeforge.solve.size.Polynomial> out = new ArrayList<>();
        for (SizeItem it : live()) {
            var ps = productEquations(it);
            if (ps != null) out.addAll(ps);
        }
        return out;
    }

    /** The item's product equations as in {@link #residualProductEquations}; null when it has a product inequality. */
    List<org.shapeforge.solve.size.Polynomial> productEquations(SizeItem it) {
        if (!(it.body instanceof SizeItem.Pred p)) return List.of();
        List<org.shapeforge.solve.size.Polynomial> out = new ArrayList<>();
        for (var q : p.products()) {
            if (q.rel() != Constraint.Rel.EQ) return null;
            Trace t = new Trace(it.why, false);
            Map<String, Long> known = new HashMap<>();
            Map<String, String> rename = new HashMap<>();
            var diff = q.left().minus(q.right());
            for (String v : diff.variables()) {
                var r = resolve(org.shapeforge.solve.size.LinearExpr.var(v), known, t);
                if (r.variables().size() == 1) rename.put(v, r.variables().iterator().next());
            }
            out.add(diff.substitute(known).renamed(x -> rename.getOrDefault(x, x)));
        }
        return out;
    }

    /** Whether {@code v} is discardable (its size may be 0). */
    public boolean isDiscardable(String v) {
        return discardable.contains(v);
    }

    public void provenance(Set<String> discardable, Set<String> dynamic) {
        this.discardable = Set.copyOf(discardable);
        this.sizes.discardable = this.discardable;
        this.dynamic = Set.copyOf(dynamic);
    }

    /** Adds a Total_elems, Exact or size-predicate constraint of the input. */
    public void add(Constraint c, Why why) {
        SizeItem.Body b = switch (c) {
            case Constraint.Total t -> new SizeItem.Total(t);
            case Constraint.Exact x -> new SizeItem.Exact(x);
            case Constraint.SizeRel r -> pred(c);
            case Constraint.SizeIn r -> pred(c);
            default -> throw new IllegalArgumentException("not a size constraint: " + c);
        };
        item(b, why);
    }

    /** The next item's id: arrival order, never reused (the queue runs the lowest first). */
    private int nextId;
    /** The list's size at which the dead items are next dropped from it. */
    private int compactAt = 64;

    /**
     * A new item: registered, and woken so that it runs at the next fixpoint. The dead items are
     * dropped from the list whenever it has doubled since that was last done (amortised O(1)): a
     * discharged item then becomes garbage instead of being held, with its body and watch state,
     * to the end of the solve — at 10^6 constraints a quarter of a million items and their parts
     * that every collection copied (issue 12).
     */
    private void item(SizeItem.Body b, Why why) {
        if (items.size() >= compactAt) {
            live();
            compactAt = Math.max(64, 2 * items.size());
        }
        SizeItem it = new SizeItem(b, why, nextId++, queue);
        items.add(it);
        queue.schedule(it);
    }

    private SizeItem.Pred pred(Constraint c) {
        int l0 = translator.linear().size(), p0 = translator.products().size();
        translator.add(c, Printer.print(c));
        return new SizeItem.Pred(c, translator.linear().subList(l0, translator.linear().size()),
                translator.products().subList(p0, translator.products().size()));
    }

    /** {@code l = r} with a compound side (DE-* extended to sums and affine sizes). */
    void eq(Dim l, Dim r, Why why) {
        item(new SizeItem.Eq(l, r), why);
    }

    /** {@code lo ⊑ up}; a compound side denotes an atom, never the unit. */
    void le(Dim lo, Dim up, Why why) {
        if (SizeTerms.compound(up)) eq(lo, up, why);
        else item(new SizeItem.Le(lo, up), why);
    }

    /** The live items, in order of arrival. */
    public List<SizeItem> live() {
        List<SizeItem> out = new ArrayList<>();
        int w = 0;
        for (int i = 0; i < items.size(); i++) { // drops the dead ones as it goes (ids keep the arrival order)
            SizeItem it = items.get(i);
            if (!it.alive) continue;
            items.set(w++, it);
            out.add(it);
        }
        items.subList(w, items.size()).clear();
        return out;
    }

    /** The known sizes of unbound variables (read-only, live), in order of recording. */
    public Map<String, Known> sizes() {
        return sizes.view();
    }

    /** Dimension variable {@code v} was bound (its known size follows it). */
    void bound(String v) {
        sizes.touched(v);
    }

    /** Dimension variable {@code v} received a cap (its known size, if any, decides it). */
    void capped(String v) {
        sizes.touched(v);
    }

    /**
     * Runs the woken items, lowest arrival first, until one emits facts (true: the engine runs
     * again) or none is left (false). Throws {@link Contradiction} with the numbers involved.
     */
    boolean propagate() {
        sizes.reconcile();
        if (en.hasWork()) return true;
        SizeItem it;
        while ((it = queue.poll()) != null) {
            if (it.sum != null && eqRule.stillOpen(it)) continue; // an open sum, updated in O(changes)
            switch (it.body) {
                case SizeItem.Eq e -> eqRule.step(it, e);
                case SizeItem.Le l -> eqRule.step(it, l);
                case SizeItem.Total t -> totalRule.step(it, t);
                case SizeItem.Exact x -> exactRule.step(it, x);
                case SizeItem.Pred p -> predRule.step(it, p);
            }
            if (it.alive) watch(it);
            sizes.reconcile();
            if (en.hasWork()) return true;
        }
        return false;
    }

    /**
     * Puts the item on the watch lists of the variables it now reads: the representatives of the
     * variables it mentions (and, for Total_elems and Exact, of its rows' open variables and the
     * axes their bindings brought in). Only variables not watched before are added.
     */
    private void watch(SizeItem it) {
        Trace t = new Trace(Why.NONE, false);
        switch (it.body) {
            case SizeItem.Eq(Dim l, Dim r) -> {
                watchDims(it, l, t);
                watchDims(it, r, t);
            }
            case SizeItem.Le(Dim l, Dim r) -> {
                watchDims(it, l, t);
                watchDims(it, r, t);
            }
            case SizeItem.Total(Constraint.Total c) -> {
                for (Row r : c.rows()) watchRow(it, r, true, t);
                for (Dim d : c.dividedBy()) watchDims(it, d, t);
                if (c.numerator() instanceof Constraint.TotalNum.StridedVar s) watchDims(it, s.var(), t);
            }
            case SizeItem.Exact(Constraint.Exact c) -> {
                for (Row r : c.rows()) watchRow(it, r, false, t);
            }
            case SizeItem.Pred p -> {
                for (String v : itemVars(it)) watchDims(it, new Dim.Var(v), t);
            }
        }
    }

    private void watchRow(SizeItem it, Row r, boolean axes, Trace t) {
        Row s = en.subst.row(r, t);
        if (s instanceof Row.Open o && it.newRowWatch(o.var())) en.store.watchRow(o, it);
        if (axes) for (Dim d : s.flat()) watchDims(it, d, t);
    }

    /** Watches the unbound representatives of the variables of {@code d} (bindings are never compound). */
    private void watchDims(SizeItem it, Dim d, Trace t) {
        if (d instanceof Dim.Var x) {
            if (en.subst.dim(x, t) instanceof Dim.Var w && it.newDimWatch(w.name())) en.store.watchDim(w, it);
        } else if (SizeTerms.compound(d)) {
            for (String v : SizeTerms.vars(List.of(d))) watchDims(it, new Dim.Var(v), t);
        }
    }

    /** Records that the unbound variable {@code x} has size {@code n}; true when this is new. */
    boolean record(String x, long n, Why why) {
        return sizes.record(x, n, why);
    }

    /** σ applied through compound terms ({@link SizeTerms#deep}). */
    Dim deep(Dim d, Trace t) {
        return terms.deep(d, t);
    }

    /** The known sizes of the unbound variables among {@code vars} (their derivations traced). */
    Map<String, Long> known(Set<String> vars, Trace t) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String v : vars) {
            Known k = sizes.get(v);
            if (k != null) {
                out.put(v, k.size());
                t.add(k.why());
            }
        }
        return out;
    }

    /**
     * Stage 5's guard (seed 000, {@code has_uniq_constr_unless}): a Strided_var numerator of a
     * live Total_elems with a non-empty divided_by is not guessed to 1, unless one of its
     * divided_by variables is itself so prevented (the cycle-breaking rule).
     */
    public boolean preventsGuess(String v) {
        Set<String> unless = totalRule.unlessSet(v);
        if (unless == null) return false;
        for (String u : unless) if (totalRule.unlessSet(u) != null) return false;
        return true;
    }

    /** The dimension variables an item mentions, as written. */
    static Set<String> itemVars(SizeItem it) {
        Set<String> out = new LinkedHashSet<>();
        switch (it.body) {
            case SizeItem.Eq(Dim l, Dim r) -> {
                SizeTerms.vars(l, out);
                SizeTerms.vars(r, out);
            }
            case SizeItem.Le(Dim l, Dim r) -> {
                SizeTerms.vars(l, out);
                SizeTerms.vars(r, out);
            }
            case SizeItem.Total(Constraint.Total c) -> {
                c.rows().forEach(r -> out.addAll(SizeTerms.vars(r.flat())));
                out.addAll(SizeTerms.vars(c.dividedBy()));
                if (c.numerator() instanceof Constraint.TotalNum.StridedVar s) out.add(s.var().name());
            }
            case SizeItem.Exact(Constraint.Exact c) -> {
                c.rows().forEach(r -> out.addAll(SizeTerms.vars(r.flat())));
                out.addAll(SizeTerms.vars(c.axes()));
            }
            case SizeItem.Pred p -> {
                p.linear().forEach(l -> out.addAll(l.expr().variables()));
                p.products().forEach(q -> {
                    q.left().terms().keySet().forEach(m -> out.addAll(m.factors()));
                    q.right().terms().keySet().forEach(m -> out.addAll(m.factors()));
                });
                out.removeIf(v -> v.startsWith("%"));
            }
        }
        return out;
    }

    /** Known sizes substituted into a predicate's linear form, bound variables renamed. */
    org.shapeforge.solve.size.LinearExpr resolve(org.shapeforge.solve.size.LinearExpr e, Map<String, Long> known, Trace t) {
        return predRule.resolve(e, known, t);
    }

    /** Total_elems under σ with the row variable {@code rho} read as {@code value} (stage 5's test). */
    public org.shapeforge.solve.size.SizeResult totalWith(SizeItem it, String rho, org.shapeforge.term.Row value) {
        return totalRule.evaluate(((SizeItem.Total) it.body).c(), rho, value, new Trace(it.why, false));
    }

    /** Closing's guess for {@code v}: its known size (default basis) if any, else {@code fallback}. */
    public Dim guess(String v, Dim fallback) {
        Known k = sizes.get(v);
        return k == null ? fallback : Sizes.ofSize(k.size(), Dim.DEFAULT_BASIS);
    }

    /**
     * The size content still open, as constraints for the solved form: live items (equations
     * with σ applied through compound terms; Total_elems, Exact and predicates as written) and
     * known sizes as {@code size(x) == n}.
     */
    public List<Constraint> residualConstraints() {
        List<Constraint> out = new ArrayList<>();
        for (SizeItem it : live()) {
            Trace t = new Trace(Why.NONE, false);
            out.add(switch (it.body) {
                case SizeItem.Eq(Dim l, Dim r) -> new Constraint.DimEq(deep(l, t), deep(r, t), spanOf(it.why));
                case SizeItem.Le(Dim l, Dim r) -> new Constraint.DimLe(deep(l, t), deep(r, t), spanOf(it.why));
                case SizeItem.Total(Constraint.Total c) -> c;
                case SizeItem.Exact(Constraint.Exact c) -> c;
                case SizeItem.Pred p -> p.c();
            });
        }
        sizes.view().forEach((x, k) -> out.add(new Constraint.SizeRel(new org.shapeforge.lang.SizeExpr.Size(new Dim.Var(x)),
                Constraint.Rel.EQ, new org.shapeforge.lang.SizeExpr.Lit(k.size()), spanOf(k.why()))));
        return out;
    }

    /**
     * Whether the row variable is open in a live Total_elems (stage 3 leaves it to stage 5). At a
     * fixpoint every live item watches the open variables of its rows, so only {@code v}'s
     * watchers are looked at.
     */
    public boolean pendingRow(String v) {
        for (var w : en.store.rowWatchers(v))
            if (w instanceof SizeItem it && it.alive && it.body instanceof SizeItem.Total(Constraint.Total c))
                for (Row r : c.rows())
                    if (en.subst.row(r, new Trace(Why.NONE, false)) instanceof Row.Open o && o.var().equals(v)) return true;
        return false;
    }

    /**
     * Stage 5's check before guessing: a product inequality with unknown factors is reported as
     * an underdetermined product (policy), not guessed to sizes that would violate it.
     */
    public void requireNoOpenProductInequality() {
        for (SizeItem it : live())
            if (it.body instanceof SizeItem.Pred p) {
                String m = predRule.openInequality(it, p);
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
     * Their items stay open, and {@link #finish} reports them.
     */
    public Set<String> tiedToDynamic() {
        if (dynamic.isEmpty()) return Set.of();
        Map<String, Set<String>> adj = new HashMap<>();
        for (SizeItem it : live()) {
            Set<String> vs = itemVars(it);
            for (String v : vs) adj.computeIfAbsent(v, k -> new HashSet<>()).addAll(vs);
        }
        Set<String> tied = new HashSet<>();
        ArrayDeque<String> todo = new ArrayDeque<>();
        for (String v : adj.keySet()) if (dynamic.contains(v) && tied.add(v)) todo.add(v);
        for (String v : adj.keySet()) // below symbols: closing it would pin them (1 ⊑ s), so it stays as they do
            if (!isSymbol(v) && !symbolsAbove(v).isEmpty() && tied.add(v)) todo.add(v);
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

    private Set<String> symbolsAlong(String v, boolean up) {
        var derived = symbols.derived();
        Set<String> out = new java.util.TreeSet<>(java.util.Comparator.comparing((String u) -> derived.containsKey(u))
                .thenComparing(java.util.Comparator.naturalOrder()));
        if (!(en.subst.dim(new Dim.Var(v), new Trace(Why.NONE, false)) instanceof Dim.Var(String r, _)) || isSymbol(r)) return out;
        Set<String> seen = new HashSet<>(List.of(r));
        ArrayDeque<String> todo = new ArrayDeque<>(List.of(r));
        while (!todo.isEmpty())
            for (var s : up ? en.store.bound().upAdjacencies(todo.poll()) : en.store.bound().downAdjacencies(todo.poll())) {
                if (!(en.subst.dim(new Dim.Var(up ? s.upperDim() : s.lowerDim()), new Trace(Why.NONE, false)) instanceof Dim.Var(String u, _)))
                    continue;
                if (isSymbol(u)) out.add(u);
                else if (seen.add(u)) todo.add(u);
            }
        return out;
    }

    /**
     * After closing: known sizes of dynamic variables are bound (they are entailed); an item still
     * open is an underdetermined constraint (policy failure), or Unknown when it is left open by a
     * dynamic dimension (the model leaves it symbolic and the guard could not judge it).
     */
    public void finish() {
        for (var e : new ArrayList<>(sizes.view().entrySet())) {
            if (!sizes.view().containsKey(e.getKey())) continue;
            en.emit(new org.shapeforge.solve.store.Fact.DimEq(new Dim.Var(e.getKey()),
                    Sizes.ofSize(e.getValue().size(), Dim.DEFAULT_BASIS)), Why.GUESS.and(e.getValue().why()));
            en.run();
        }
        for (SizeItem it : live()) {
            if (!dynamic.isEmpty() && symbols.discharge(this, it, this::isSymbol)) {
                it.alive = false; // an identity over the symbols, or kept as a domain condition
                continue;
            }
            if (itemVars(it).stream().anyMatch(dynamic::contains))
                throw new Unsupported("not supported natively: a size constraint over a dynamic dimension stays open ("
                        + (it.reason() != null ? it.reason() : "unresolved") + ")");
            String why = it.reason() != null ? it.reason() : "not resolved by closing";
            throw Contradiction.fail("underdetermined after closing: " + why, it.why.asPolicy());
        }
        if (dynamic.isEmpty()) return;
        checkedAt = symbols.bindings(dynamic, 3);
        if (checkedAt.isEmpty())
            throw new Unsupported("not supported natively: no binding of the dynamic dimensions " + new java.util.TreeSet<>(dynamic)
                    + " to the values " + java.util.Arrays.toString(Symbols.CANDIDATES) + " satisfies the domain conditions "
                    + symbols.conditions());
    }
}
