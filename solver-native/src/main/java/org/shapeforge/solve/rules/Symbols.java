package org.shapeforge.solve.rules;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.solve.size.LinearConstraint;
import org.shapeforge.solve.size.LinearExpr;
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
 * kept — and the bindings the soundness guard evaluates the input at are chosen
 * ({@link #bindings}).
 */
public final class Symbols {
    /** The fixed candidates for a dynamic dim's value when checking (small, then growing). */
    static final long[] CANDIDATES = {1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144};

    private final Map<String, SymSize> derived = new LinkedHashMap<>();
    private final Set<SymCondition> conditions = new LinkedHashSet<>();

    /** The derived symbols and their values over the dynamic names, in order of derivation. */
    public Map<String, SymSize> derived() {
        return java.util.Collections.unmodifiableMap(derived);
    }

    /** The domain conditions kept (none trivially true), in order of derivation. */
    public List<SymCondition> conditions() {
        return List.copyOf(conditions);
    }

    /** Records {@code v}'s value (over dynamic names only) and the conditions that come with it. */
    public void derive(String v, SymSize value, List<SymCondition> conds) {
        derived.put(v, value);
        for (SymCondition c : conds) condition(c);
    }

    void condition(SymCondition c) {
        if (c.trivial()) return;
        for (SymCondition d : conditions) if (d.sameAs(c)) return;
        conditions.add(c);
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
    public SymSize of(org.shapeforge.solve.size.Polynomial p) {
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
    boolean discharge(SizeRules sr, SizeItem it, java.util.function.Predicate<String> isSymbol) {
        List<org.shapeforge.solve.size.Polynomial> products = sr.productEquations(it);
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
        out.forEach(this::condition);
        return true;
    }

    /**
     * Up to {@code count} bindings of the dynamic names that satisfy every condition, chosen
     * deterministically: each name at the same candidate value first ({@link #CANDIDATES}), then
     * the candidate grid in order (bounded). Empty when none is found.
     */
    public List<Map<String, Long>> bindings(Set<String> names, int count) {
        List<String> ns = new ArrayList<>(new java.util.TreeSet<>(names));
        List<Map<String, Long>> out = new ArrayList<>();
        for (long c : CANDIDATES) {
            Map<String, Long> b = new TreeMap<>();
            for (String n : ns) b.put(n, c);
            if (ok(b)) out.add(b);
            if (out.size() >= count) return out;
        }
        if (!out.isEmpty() || ns.isEmpty()) return out;
        int[] idx = new int[ns.size()];
        for (int tries = 0; tries < 20_000; tries++) {
            Map<String, Long> b = new TreeMap<>();
            for (int i = 0; i < ns.size(); i++) b.put(ns.get(i), CANDIDATES[idx[i]]);
            if (ok(b)) {
                out.add(b);
                if (out.size() >= count) return out;
            }
            int i = 0;
            while (i < idx.length && ++idx[i] == CANDIDATES.length) idx[i++] = 0;
            if (i == idx.length) break;
        }
        return out;
    }

    private boolean ok(Map<String, Long> b) {
        try {
            for (SymCondition c : conditions) if (!c.holds(b)) return false;
            for (SymSize v : derived.values()) if (v.eval(b) < 0) return false;
            return true;
        } catch (ArithmeticException e) {
            return false;
        }
    }

    /** {@code value >= 1} (or {@code >= 0} for a discardable): a derived size is a size. */
    public static SymCondition atLeast(SymSize value, long lo) {
        return new SymCondition(value, Rel.GE, SymSize.constant(lo));
    }
}
