package org.shapeforge.solve.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solve.size.LinearExpr;
import org.shapeforge.solve.size.Polynomial;
import org.shapeforge.solve.size.SizeTranslator;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

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

    final RuleContext cx;
    private final List<SizeItem> items = new ArrayList<>();
    private final SizeQueue queue = new SizeQueue();
    final KnownSizes sizes;
    final SizeTranslator translator = new SizeTranslator();
    private final SizeTerms terms;
    Set<String> discardable = Set.of();
    Set<String> dynamic = Set.of();
    private final SizeEqRule eqRule = new SizeEqRule(this);
    final TotalRule totalRule = new TotalRule(this);
    private final ExactRule exactRule = new ExactRule(this);
    final PredRule predRule = new PredRule(this);

    SizeRules(RuleContext cx) {
        this.cx = cx;
        this.sizes = new KnownSizes(cx);
        this.terms = new SizeTerms(cx);
    }

    /** The derived symbols of closing and their domain conditions (issue 31). */
    final Symbols symbols = new Symbols();
    /** The bindings of the dynamic dims chosen by {@link #finish} for the soundness guard. */
    List<Map<String, Long>> checkedAt = List.of();

    /** Whether {@code v} is a symbol: declared dynamic, or derived as a function of the dynamic dims. */
    boolean isSymbol(String v) {
        return dynamic.contains(v) || symbols.derived().containsKey(v);
    }

    /** The item's product equations as in {@link SizeView#residualProductEquations}; null when it has a product inequality. */
    List<Polynomial> productEquations(SizeItem it) {
        if (!(it.body instanceof SizeItem.Pred p)) return List.of();
        List<Polynomial> out = new ArrayList<>();
        for (var q : p.products()) {
            if (q.rel() != Constraint.Rel.EQ) return null;
            Trace t = new Trace(it.why, false);
            Map<String, Long> known = new HashMap<>();
            Map<String, String> rename = new HashMap<>();
            var diff = q.left().minus(q.right());
            for (String v : diff.variables()) {
                var r = resolve(LinearExpr.var(v), known, t);
                if (r.variables().size() == 1) rename.put(v, r.variables().iterator().next());
            }
            out.add(diff.substitute(known).renamed(x -> rename.getOrDefault(x, x)));
        }
        return out;
    }

    /** Declares the discardable variables (size 0 allowed) and the dynamic ones (never closed). */
    void provenance(Set<String> discardable, Set<String> dynamic) {
        this.discardable = Set.copyOf(discardable);
        this.sizes.discardable = this.discardable;
        this.dynamic = Set.copyOf(dynamic);
    }

    /** Adds a Total_elems, Exact or size-predicate constraint of the input. */
    void add(Constraint c, Why why) {
        SizeItem.Body b = switch (SizeClass.of(c)) {
            case TOTAL -> new SizeItem.Total((Constraint.Total) c);
            case EXACT -> new SizeItem.Exact((Constraint.Exact) c);
            case PREDICATE -> pred(c);
            case CORE, HINT, ONE_SHOT -> throw new IllegalArgumentException("not a size constraint: " + c);
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
        // what this constraint adds, copied alone: copying all the translator holds on every add made
        // n size constraints quadratic (a 20,000-operand stack_out's fixed indices)
        SizeTranslator.Mark at = translator.mark();
        translator.add(c, Printer.print(c));
        return new SizeItem.Pred(c, translator.linearSince(at), translator.productsSince(at));
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
    List<SizeItem> live() {
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
    Map<String, Known> sizes() {
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
        if (cx.hasWork()) return true;
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
            if (cx.hasWork()) return true;
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
        Row s = cx.subst().row(r, t);
        if (s instanceof Row.Open o && it.newRowWatch(o.var())) cx.store().watchRow(o, it);
        if (axes) for (Dim d : s.flat()) watchDims(it, d, t);
    }

    /** Watches the unbound representatives of the variables of {@code d} (bindings are never compound). */
    private void watchDims(SizeItem it, Dim d, Trace t) {
        if (d instanceof Dim.Var x) {
            if (cx.subst().dim(x, t) instanceof Dim.Var w && it.newDimWatch(w.name())) cx.store().watchDim(w, it);
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
    LinearExpr resolve(LinearExpr e, Map<String, Long> known, Trace t) {
        return predRule.resolve(e, known, t);
    }

    /**
     * After closing, once the engine has bound the known sizes left ({@code Engine.finishSizes}):
     * an item still open is an underdetermined constraint (policy failure), or Unknown when it is
     * left open by a dynamic dimension (the model leaves it symbolic and the guard could not judge it).
     */
    /** The dynamic dims the store equates with another dynamic dim or a number ({@code w = h}): the input's own relations among them. */
    private List<SymCondition> ownRelations() {
        List<SymCondition> out = new ArrayList<>();
        for (String n : new TreeSet<>(dynamic)) {
            Dim r = deep(new Dim.Var(n), new Trace(Why.NONE, false));
            if (r instanceof Dim.Var(String m, _) && !m.equals(n) && dynamic.contains(m))
                out.add(new SymCondition(SymSize.name(n), Constraint.Rel.EQ, SymSize.name(m)));
            else if (r.isGround())
                out.add(new SymCondition(SymSize.name(n), Constraint.Rel.EQ, SymSize.constant(Sizes.size(r))));
        }
        return out;
    }

    void finish() {
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
        checkedAt = switch (symbols.decide(dynamic, ownRelations(), 3, discardable)) {
            case DomainDecision.Decision.Witnesses(List<Map<String, Long>> w) -> w;
            // no size of the dynamic dims satisfies the conditions the answer needs: a shape error at the
            // constraints they came from (a policy failure where a guess of closing contributed)
            case DomainDecision.Decision.Empty(String reason) -> throw Contradiction.fail(
                    "no binding of the dynamic dimensions " + new TreeSet<>(dynamic) + " satisfies the domain conditions "
                            + symbols.conditions() + " (" + reason + ")", symbols.why());
            case DomainDecision.Decision.Undecided(String reason) -> throw new Unsupported(
                    "not supported natively: the domain conditions " + symbols.conditions() + " on the dynamic dimensions "
                            + new TreeSet<>(dynamic) + " were neither satisfied nor refuted (" + reason + ")");
        };
    }
}
