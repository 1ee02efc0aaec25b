package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.shapeforge.semantics.Arith;

/**
 * An exact linear form {@code Σ cᵢ·xᵢ + c₀} over named integer unknowns (dimension sizes and
 * auxiliary integers), with {@link BigInteger} coefficients so no operation can overflow or
 * round. Zero coefficients are dropped, so two equal forms are {@code equals}. The size
 * arithmetic of Concat and Affine (seed 000, "Concatenation", "Affine indexing and
 * convolutions") is linear in the sizes; products are {@link Polynomial}s instead.
 */
public record LinearExpr(NavigableMap<String, BigInteger> coeffs, BigInteger constant) {
    public LinearExpr {
        TreeMap<String, BigInteger> m = new TreeMap<>();
        coeffs.forEach((v, c) -> {
            if (c.signum() != 0) m.put(v, c);
        });
        coeffs = Collections.unmodifiableNavigableMap(m);
        Objects.requireNonNull(constant, "constant");
    }

    public static final LinearExpr ZERO = of(0);

    public static LinearExpr of(long n) {
        return new LinearExpr(new TreeMap<>(), BigInteger.valueOf(n));
    }

    public static LinearExpr of(BigInteger n) {
        return new LinearExpr(new TreeMap<>(), n);
    }

    public static LinearExpr var(String name) {
        return new LinearExpr(new TreeMap<>(Map.of(name, BigInteger.ONE)), BigInteger.ZERO);
    }

    public LinearExpr plus(LinearExpr o) {
        TreeMap<String, BigInteger> m = new TreeMap<>(coeffs);
        o.coeffs.forEach((v, c) -> m.merge(v, c, BigInteger::add));
        return new LinearExpr(m, constant.add(o.constant));
    }

    /**
     * The sum of many forms in one pass, {@code O(n log n)} in the total number of terms (a left
     * fold over {@link #plus} copies the growing map each step: quadratic on a 20,000-part concat,
     * issue 13).
     */
    public static LinearExpr sum(Iterable<LinearExpr> forms) {
        TreeMap<String, BigInteger> m = new TreeMap<>();
        BigInteger k = BigInteger.ZERO;
        for (LinearExpr f : forms) {
            f.coeffs.forEach((v, c) -> m.merge(v, c, BigInteger::add));
            k = k.add(f.constant);
        }
        return new LinearExpr(m, k);
    }

    public LinearExpr minus(LinearExpr o) {
        return plus(o.times(BigInteger.ONE.negate()));
    }

    public LinearExpr plus(long n) {
        return plus(of(n));
    }

    public LinearExpr times(BigInteger k) {
        TreeMap<String, BigInteger> m = new TreeMap<>();
        coeffs.forEach((v, c) -> m.put(v, c.multiply(k)));
        return new LinearExpr(m, constant.multiply(k));
    }

    public LinearExpr negate() {
        return times(BigInteger.ONE.negate());
    }

    public boolean isConstant() {
        return coeffs.isEmpty();
    }

    public Set<String> variables() {
        return coeffs.keySet();
    }

    public BigInteger coeff(String v) {
        return coeffs.getOrDefault(v, BigInteger.ZERO);
    }

    /** Replaces the variables bound in {@code values}; the others stay. */
    public LinearExpr substitute(Map<String, Long> values) {
        TreeMap<String, BigInteger> m = new TreeMap<>();
        BigInteger k = constant;
        for (var e : coeffs.entrySet()) {
            Long val = values.get(e.getKey());
            if (val == null) m.put(e.getKey(), e.getValue());
            else k = k.add(e.getValue().multiply(BigInteger.valueOf(val)));
        }
        return new LinearExpr(m, k);
    }

    /** Replaces the variable {@code x} by the form {@code value}. */
    public LinearExpr replace(String x, LinearExpr value) {
        BigInteger c = coeff(x);
        return minus(var(x).times(c)).plus(value.times(c));
    }

    /** The exact value under a total model; a missing variable is a caller bug. */
    public BigInteger eval(Map<String, Long> model) {
        LinearExpr s = substitute(model);
        if (!s.isConstant()) throw new IllegalStateException("unassigned " + s.variables() + " in " + this);
        return s.constant;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (var e : coeffs.entrySet()) {
            BigInteger c = e.getValue();
            if (b.isEmpty()) b.append(c.signum() < 0 ? "−" : "");
            else b.append(c.signum() < 0 ? " − " : " + ");
            if (!c.abs().equals(BigInteger.ONE)) b.append(c.abs()).append('·');
            b.append(e.getKey());
        }
        if (b.isEmpty()) return constant.toString();
        if (constant.signum() != 0) b.append(constant.signum() < 0 ? " − " : " + ").append(constant.abs());
        return b.toString();
    }

    /**
     * Linear arithmetic for {@link org.shapeforge.semantics.Sizes#affineInput(org.shapeforge.term.Dim.Affine,
     * Object, Object, Arith)}: the size formulas are linear because strides and dilations are
     * literals; a product of two non-constant forms is a caller bug.
     */
    public static final Arith<LinearExpr> ARITH = new Arith<>() {
        @Override
        public LinearExpr lit(long n) {
            return of(n);
        }

        @Override
        public LinearExpr add(LinearExpr a, LinearExpr b) {
            return a.plus(b);
        }

        @Override
        public LinearExpr sub(LinearExpr a, LinearExpr b) {
            return a.minus(b);
        }

        @Override
        public LinearExpr mul(LinearExpr a, LinearExpr b) {
            if (a.isConstant()) return b.times(a.constant);
            if (b.isConstant()) return a.times(b.constant);
            throw new IllegalStateException("non-linear product " + a + " · " + b);
        }
    };
}
