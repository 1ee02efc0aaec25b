package org.shapeforge.solve.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.solve.size.LinearConstraint;
import org.shapeforge.solve.size.LinearExpr;
import org.shapeforge.solve.size.Polynomial;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * The derived symbols of closing (issue 31): variables whose size the constraints determine as a
 * function of the dynamic dimensions ({@code y = (samples + 1) // 2}), each with its canonical
 * value over the dynamic names, and the domain conditions under which the values are a solution.
 * A derived symbol is treated like a dynamic dimension by the rest of closing: never closed to a
 * number. At the end ({@link #discharge}) every live size item over symbols only is decided
 * symbolically — an identity, a condition that holds for every binding, or a domain condition
 * kept — and the domain is decided ({@link #decide}): the bindings the soundness guard evaluates
 * the input at, or a proof that no binding satisfies the conditions.
 */
public final class Symbols {
    private final Map<String, SymSize> derived = new LinkedHashMap<>();
    private final Set<SymCondition> conditions = new LinkedHashSet<>();
    private final Map<SymCondition, Why> origins = new LinkedHashMap<>();
    /** {@link #excludes} decided, by the conditions asked about (the domain included, so a new condition asks again). */
    private final Map<String, Boolean> excluded = new HashMap<>();

    /** The derived symbols and their values over the dynamic names, in order of derivation. */
    public Map<String, SymSize> derived() {
        return Collections.unmodifiableMap(derived);
    }

    /** The domain conditions kept (none trivially true), in order of derivation. */
    public List<SymCondition> conditions() {
        return List.copyOf(conditions);
    }

    /** Records {@code v}'s value (over dynamic names only) and the conditions that come with it, derived by {@code why}. */
    public void derive(String v, SymSize value, List<SymCondition> conds, Why why) {
        derived.put(v, value);
        for (SymCondition c : conds) condition(c, why);
    }

    void condition(SymCondition c, Why why) {
        if (c.trivial()) return;
        for (SymCondition d : conditions)
            if (d.sameAs(c)) {
                origins.merge(d, why, Why::and);
                return;
            }
        conditions.add(c);
        origins.put(c, why);
    }

    /** Adds the domain condition {@code c}, derived by {@code why} (a requirement of the answer, not a guess of a value). */
    public void require(SymCondition c, Why why) {
        condition(c, why);
    }

    /**
     * Whether no binding inside the domain gives {@code value} the size {@code n}: interval
     * reasoning first, then the domain decided with {@code value == n} added ({@link DomainDecision}:
     * only a refutation counts, never a search that found nothing).
     */
    public boolean excludes(SymSize value, long n) {
        SymCondition.Interval r = value.range();
        if (r.lo() > n || r.hi() < n) return true;
        List<SymCondition> cs = new ArrayList<>(conditions);
        cs.add(new SymCondition(value, Rel.EQ, SymSize.constant(n)));
        String key = cs.toString();
        return excluded.computeIfAbsent(key, k -> DomainDecision.decide(cs, derived.values(), Set.of(), List.of(), 1) instanceof DomainDecision.Decision.Empty);
    }

    /** The value of a symbol: a derived one's normal form, a dynamic one's name. */
    public SymSize value(String v) {
        SymSize d = derived.get(v);
        return d != null ? d : SymSize.name(v);
    }

    /** {@code e} with every variable read as a symbol ({@link #value}). */
    public SymSize of(LinearExpr e) {
        SymSize out = SymSize.constant(e.constant().longValueExact());
        for (var c : e.coeffs().entrySet()) out = out.plus(value(c.getKey()).times(c.getValue().longValueExact()));
        return out;
    }

    /** {@code p} with every variable read as a symbol ({@link #value}). */
    public SymSize of(Polynomial p) {
        SymSize out = SymSize.constant(0);
        for (var e : p.terms().entrySet()) {
            SymSize m = SymSize.constant(e.getValue().longValueExact());
            for (String v : e.getKey().factors()) m = m.times(value(v));
            out = out.plus(m);
        }
        return out;
    }

    /**
     * Decides the live item {@code it} whose variables are all symbols: true when it is
     * discharged (its linear constraints are identities or conditions kept), false when it has
     * no symbolic reading (products, remainders, Total_elems, orders).
     */
    boolean discharge(SizeRules sr, SizeItem it, Predicate<String> isSymbol) {
        List<Polynomial> products = sr.productEquations(it);
        if (products == null) return false;
        for (var p : products) if (!p.variables().stream().allMatch(isSymbol)) return false;
        List<LinearConstraint> lin = Residual.linear(sr, it, new Trace(Why.NONE, false), new LinkedHashSet<>(), new LinkedHashSet<>());
        if (lin == null) return false;
        List<SymCondition> out = new ArrayList<>();
        for (LinearConstraint c : lin) {
            if (!c.expr().variables().stream().allMatch(isSymbol)) return false;
            out.add(new SymCondition(of(c.expr()), c.rel(), SymSize.constant(0)));
        }
        for (var p : products) out.add(new SymCondition(of(p), Rel.EQ, SymSize.constant(0)));
        out.forEach(c -> condition(c, it.why));
        return true;
    }

    /**
     * The domain decided ({@link DomainDecision}): up to {@code count} bindings of {@code names}
     * satisfying every condition (each derived value a size) and {@code own} (the input's relations
     * among the dynamic dims), a proof that none exists, or neither.
     */
    DomainDecision.Decision decide(Set<String> names, List<SymCondition> own, int count, Set<String> zeroable) {
        return DomainDecision.decide(List.copyOf(conditions), derived.values(), names, own, count, zeroable);
    }

    /** The derivations the domain conditions came from, joined (a refuted domain's provenance). */
    Why why() {
        Why w = Why.NONE;
        for (Why c : origins.values()) w = w.and(c);
        return w;
    }

    /** {@code value >= 1} (or {@code >= 0} for a discardable): a derived size is a size. */
    public static SymCondition atLeast(SymSize value, long lo) {
        return new SymCondition(value, Rel.GE, SymSize.constant(lo));
    }
}
