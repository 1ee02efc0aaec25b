package org.shapeforge.onnx.fallback;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * How far apart the fallback's probe solutions put a dim_param: the product of every divisor the
 * constraints can apply to a size — affine strides, literal factors in size relations
 * ({@code 2 * size(y) == size(h) + …}), {@code %} moduli, Total_elems denominators — capped at
 * {@value #CAP} (past it the largest prime powers are lowered first: the step depends on the
 * multiset of divisors, never on the constraints' order). A size
 * that is a floor-division form {@code (a·p + b) // k} of the dim_params changes by exactly
 * {@code a·step / k} over such a step whenever {@code k} divides the step, and a chain of
 * divisions divides by the product of its divisors, so the slope read off two probes is the
 * form's (a divisor the step misses makes the fit wrong and its proof fail: the axis is then
 * undetermined, never misread).
 */
final class ProbeStep {
    static final long CAP = 1L << 20;

    private final List<Long> divisors = new ArrayList<>();

    private ProbeStep() {}

    /** The step for {@code constraints}. */
    static long of(List<Constraint> constraints) {
        ProbeStep s = new ProbeStep();
        constraints.forEach(s::constraint);
        // the product of all divisors, prime by prime; above the cap, the largest prime power is
        // lowered first (ties: the smaller prime), so the step never depends on the order
        TreeMap<Long, Integer> exponents = new TreeMap<>();
        for (long k : s.divisors) factor(Math.min(k, CAP), exponents);
        while (value(exponents) > CAP) {
            long worst = exponents.keySet().stream().max((p, q) -> {
                double a = exponents.get(p) * Math.log(p), b = exponents.get(q) * Math.log(q);
                return a != b ? Double.compare(a, b) : Long.compare(q, p);
            }).orElseThrow();
            exponents.merge(worst, -1, Integer::sum);
        }
        return value(exponents);
    }

    private static void factor(long k, TreeMap<Long, Integer> into) {
        for (long p = 2; p * p <= k; p++)
            while (k % p == 0) {
                into.merge(p, 1, Integer::sum);
                k /= p;
            }
        if (k > 1) into.merge(k, 1, Integer::sum);
    }

    /** The product, saturating just above the cap. */
    private static long value(TreeMap<Long, Integer> exponents) {
        long v = 1;
        for (var e : exponents.entrySet())
            for (int i = 0; i < e.getValue(); i++) v = Math.min(CAP + 1, v * e.getKey());
        return v;
    }

    private void times(long k) {
        if (k > 1) divisors.add(k);
    }

    private void constraint(Constraint c) {
        switch (c) {
            case Constraint.DimEq(Dim l, Dim r, var sp) -> { dim(l); dim(r); }
            case Constraint.DimLe(Dim l, Dim u, var sp) -> { dim(l); dim(u); }
            case Constraint.RowEq(Row l, Row r, var sp) -> { row(l); row(r); }
            case Constraint.RowLe(Row l, Row u, var sp) -> { row(l); row(u); }
            case Constraint.RowLeOne(Row l, Row u, var sp) -> { row(l); row(u); }
            case Constraint.Total t -> {
                t.rows().forEach(this::row);
                t.dividedBy().forEach(this::dim);
                if (t.numerator() instanceof Constraint.TotalNum.StridedVar v) times(v.denom());
            }
            case Constraint.Exact e -> { e.rows().forEach(this::row); e.axes().forEach(this::dim); }
            case Constraint.SizeRel r -> { expr(r.left()); expr(r.right()); }
            case Constraint.SizeIn r -> expr(r.expr());
            case Constraint.Likely l -> dim(l.dim());
        }
    }

    private void row(Row r) {
        switch (r) {
            case Row.Closed c -> { c.lead().forEach(this::dim); c.trail().forEach(this::dim); }
            case Row.Open o -> { o.lead().forEach(this::dim); o.trail().forEach(this::dim); }
            case Row.Rigid g -> g.axes().forEach(this::dim);
        }
    }

    private void dim(Dim d) {
        switch (d) {
            case Dim.Concat c -> c.parts().forEach(this::dim);
            case Dim.Affine a -> {
                times(a.stride());
                dim(a.over());
                a.kernel().ifPresent(this::dim);
            }
            default -> { }
        }
    }

    private void expr(SizeExpr e) {
        switch (e) {
            case SizeExpr.Add(SizeExpr l, SizeExpr r) -> { expr(l); expr(r); }
            case SizeExpr.Sub(SizeExpr l, SizeExpr r) -> { expr(l); expr(r); }
            case SizeExpr.Mul(SizeExpr l, SizeExpr r) -> {
                // a literal factor of a size (2·size(y) == size(h) + …) divides it out of the relation
                if (l instanceof SizeExpr.Lit(long k)) times(Math.abs(k));
                if (r instanceof SizeExpr.Lit(long k)) times(Math.abs(k));
                expr(l);
                expr(r);
            }
            case SizeExpr.Mod(SizeExpr l, long k) -> { times(k); expr(l); }
            case SizeExpr.Size(Dim d) -> dim(d);
            case SizeExpr.Lit l -> { }
        }
    }
}
