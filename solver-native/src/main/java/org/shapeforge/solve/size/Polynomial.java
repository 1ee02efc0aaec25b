package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * An exact integer polynomial {@code Σ cₘ·m} over sizes: the intermediate form of a
 * {@link org.shapeforge.lang.SizeExpr}. When its degree is at most 1 it is a
 * {@link LinearExpr} ({@link #toLinear}); otherwise the constraint it came from is a
 * {@link ProductConstraint}, outside the decided fragment (Conj. 8.4(b)).
 */
public record Polynomial(NavigableMap<Monomial, BigInteger> terms) {
    public Polynomial {
        TreeMap<Monomial, BigInteger> m = new TreeMap<>();
        terms.forEach((k, c) -> {
            if (c.signum() != 0) m.put(k, c);
        });
        terms = Collections.unmodifiableNavigableMap(m);
    }

    public static Polynomial of(LinearExpr e) {
        TreeMap<Monomial, BigInteger> m = new TreeMap<>();
        e.coeffs().forEach((v, c) -> m.put(Monomial.of(v), c));
        m.put(Monomial.ONE, e.constant());
        return new Polynomial(m);
    }

    public Polynomial plus(Polynomial o) {
        TreeMap<Monomial, BigInteger> m = new TreeMap<>(terms);
        o.terms.forEach((k, c) -> m.merge(k, c, BigInteger::add));
        return new Polynomial(m);
    }

    public Polynomial minus(Polynomial o) {
        return plus(o.times(new Polynomial(new TreeMap<>(Map.of(Monomial.ONE, BigInteger.ONE.negate())))));
    }

    public Polynomial times(Polynomial o) {
        TreeMap<Monomial, BigInteger> m = new TreeMap<>();
        terms.forEach((k1, c1) -> o.terms.forEach((k2, c2) -> m.merge(k1.times(k2), c1.multiply(c2), BigInteger::add)));
        return new Polynomial(m);
    }

    public int degree() {
        return terms.keySet().stream().mapToInt(Monomial::degree).max().orElse(0);
    }

    /** The linear form, when the degree is at most 1. */
    public Optional<LinearExpr> toLinear() {
        if (degree() > 1) return Optional.empty();
        TreeMap<String, BigInteger> m = new TreeMap<>();
        BigInteger k = BigInteger.ZERO;
        for (var e : terms.entrySet()) {
            if (e.getKey().degree() == 0) k = e.getValue();
            else m.put(e.getKey().factors().getFirst(), e.getValue());
        }
        return Optional.of(new LinearExpr(m, k));
    }

    /** Renames variables (aliases found equal elsewhere). */
    public Polynomial renamed(UnaryOperator<String> rename) {
        TreeMap<Monomial, BigInteger> m = new TreeMap<>();
        terms.forEach((mono, c) -> m.merge(new Monomial(mono.factors().stream().map(rename).toList()), c, BigInteger::add));
        return new Polynomial(m);
    }

    /** The variables, sorted. */
    public SortedSet<String> variables() {
        TreeSet<String> vs = new TreeSet<>();
        terms.keySet().forEach(mono -> vs.addAll(mono.factors()));
        return vs;
    }

    /** Replaces the variables bound in {@code values}; the others stay. */
    public Polynomial substitute(Map<String, Long> values) {
        TreeMap<Monomial, BigInteger> m = new TreeMap<>();
        terms.forEach((mono, c) -> {
            List<String> rest = new ArrayList<>();
            BigInteger k = c;
            for (String v : mono.factors()) {
                Long val = values.get(v);
                if (val == null) rest.add(v);
                else k = k.multiply(BigInteger.valueOf(val));
            }
            m.merge(new Monomial(rest), k, BigInteger::add);
        });
        return new Polynomial(m);
    }

    /** The exact value under a model binding every variable. */
    public BigInteger eval(Map<String, Long> model) {
        BigInteger sum = BigInteger.ZERO;
        for (var e : terms.entrySet()) {
            BigInteger p = e.getValue();
            for (String v : e.getKey().factors()) {
                Long val = model.get(v);
                if (val == null) throw new IllegalStateException("unassigned " + v + " in " + this);
                p = p.multiply(BigInteger.valueOf(val));
            }
            sum = sum.add(p);
        }
        return sum;
    }

    @Override
    public String toString() {
        if (terms.isEmpty()) return "0";
        StringBuilder b = new StringBuilder();
        for (var e : terms.entrySet()) {
            BigInteger c = e.getValue();
            if (!b.isEmpty()) b.append(c.signum() < 0 ? " − " : " + ");
            else if (c.signum() < 0) b.append('−');
            boolean unit = c.abs().equals(BigInteger.ONE) && e.getKey().degree() > 0;
            if (!unit) b.append(c.abs());
            if (e.getKey().degree() > 0) b.append(unit ? "" : "·").append(e.getKey());
        }
        return b.toString();
    }
}
