package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Dim;

/**
 * Translates size constraints into exact arithmetic: linear ones into
 * {@link LinearConstraint}s, the rest into {@link ProductConstraint}s. The size of a dimension
 * term is linear ({@link #size}): the Concat sum and the Affine formula of
 * {@link Sizes#affineInput} (stride and dilation are literals). {@code e % k} becomes a fresh
 * remainder {@code r} with {@code e = k·q + r, 0 ≤ r < k} (the non-negative remainder of the
 * evaluator), so divisibility {@code x % k == 0} is {@code x = k·q}. One translator per
 * system: it numbers the fresh auxiliaries ({@code %q1}, {@code %r1}, never a dimension name).
 */
public final class SizeTranslator {
    private final List<LinearConstraint> linear = new ArrayList<>();
    private final List<ProductConstraint> products = new ArrayList<>();
    private final Set<String> auxiliary = new LinkedHashSet<>();
    private int fresh;

    /** The size of a dimension term, as a linear form over the sizes of its variables. */
    public static LinearExpr size(Dim d) {
        return switch (d) {
            case Dim.Unit u -> LinearExpr.of(1);
            case Dim.Atom a -> LinearExpr.of(a.size());
            case Dim.Var v -> LinearExpr.var(v.name());
            case Dim.Concat c -> LinearExpr.sum(c.parts().stream().map(SizeTranslator::size).toList());
            case Dim.Affine a -> Sizes.affineInput(a, size(a.over()),
                    a.kernel().map(SizeTranslator::size).orElse(LinearExpr.of(1)), LinearExpr.ARITH);
        };
    }

    /**
     * Adds the arithmetic content of a size constraint: {@code SizeRel}, {@code SizeIn} and the
     * size part of {@code DimEq} (bases are the caller's concern). Other constraints have no
     * arithmetic content here and are rejected.
     */
    public SizeTranslator add(Constraint c, String label) {
        switch (c) {
            case Constraint.SizeRel(SizeExpr l, Rel rel, SizeExpr r, var span) -> relation(poly(l, label), rel, poly(r, label), label);
            case Constraint.SizeIn(SizeExpr e, long lo, long hi, var span) -> {
                Polynomial p = poly(e, label);
                relation(p, Rel.GE, Polynomial.of(LinearExpr.of(lo)), label);
                relation(p, Rel.LE, Polynomial.of(LinearExpr.of(hi)), label);
            }
            case Constraint.DimEq(Dim l, Dim r, var span) -> linear.add(LinearConstraint.eq(size(l), size(r), label));
            default -> throw new IllegalArgumentException("not a size constraint: " + c);
        }
        return this;
    }

    public List<LinearConstraint> linear() {
        return List.copyOf(linear);
    }

    public List<ProductConstraint> products() {
        return List.copyOf(products);
    }

    /** A point in the translation: how many linear constraints and products the adds before it made. */
    public record Mark(int linear, int products) {}

    public Mark mark() {
        return new Mark(linear.size(), products.size());
    }

    /** The linear constraints made since {@code at} (a copy of those only, so that one add costs its own size). */
    public List<LinearConstraint> linearSince(Mark at) {
        return List.copyOf(linear.subList(at.linear(), linear.size()));
    }

    /** The products made since {@code at}. */
    public List<ProductConstraint> productsSince(Mark at) {
        return List.copyOf(products.subList(at.products(), products.size()));
    }

    public Set<String> auxiliary() {
        return Set.copyOf(auxiliary);
    }

    /** The linear part as a system, with the given discardable sizes. */
    public LinearSystem system(Set<String> discardable) {
        return new LinearSystem(linear, discardable, auxiliary);
    }

    private void relation(Polynomial l, Rel rel, Polynomial r, String label) {
        Polynomial diff = l.minus(r);
        var lin = diff.toLinear();
        if (lin.isPresent()) linear.add(new LinearConstraint(lin.get(), rel, label));
        else products.add(new ProductConstraint(l, rel, r, label));
    }

    private Polynomial poly(SizeExpr e, String label) {
        return switch (e) {
            case SizeExpr.Lit(long v) -> Polynomial.of(LinearExpr.of(v));
            case SizeExpr.Size(Dim d) -> Polynomial.of(size(d));
            case SizeExpr.Add(SizeExpr l, SizeExpr r) -> poly(l, label).plus(poly(r, label));
            case SizeExpr.Sub(SizeExpr l, SizeExpr r) -> poly(l, label).minus(poly(r, label));
            case SizeExpr.Mul(SizeExpr l, SizeExpr r) -> poly(l, label).times(poly(r, label));
            case SizeExpr.Mod(SizeExpr l, long k) -> remainder(poly(l, label), k, label);
        };
    }

    private Polynomial remainder(Polynomial p, long k, String label) {
        fresh++;
        String q = "%q" + fresh, r = "%r" + fresh;
        auxiliary.add(q);
        auxiliary.add(r);
        LinearExpr rv = LinearExpr.var(r);
        LinearExpr qk = LinearExpr.var(q).times(BigInteger.valueOf(k)).plus(rv);
        relation(p, Rel.EQ, Polynomial.of(qk), label);
        linear.add(new LinearConstraint(rv, Rel.GE, label));
        linear.add(LinearConstraint.of(rv, Rel.LT, LinearExpr.of(k), label));
        return Polynomial.of(rv);
    }
}
