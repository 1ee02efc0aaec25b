package org.shapeforge.semantics;

import org.shapeforge.term.Valuation;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The size constraints on ground values: Total_elems and Exact over concatenated rows (seed 000)
 * and the size predicates of seed 002. Sizes ignore bases ({@link Sizes#size}). Arithmetic is
 * exact ({@link BigInteger}): Total_elems is checked by cross-multiplication, so no division
 * ever rounds.
 */
final class SizeJudge {
    private SizeJudge() {}

    /**
     * {@code total(R…) = num / Πdiv}: the product of all axis sizes equals the numerator (an
     * element count, or {@code coeff·size(v)/denom}) divided by the product of the
     * {@code dividedBy} sizes, i.e. {@code prod · Πdiv · denom = coeff · size(v)}.
     */
    static Optional<String> total(Constraint.Total t, Valuation a, Semantics s) {
        BigInteger prod = BigInteger.ONE;
        for (Dim d : axes(t.rows(), a, s)) prod = prod.multiply(size(d));
        BigInteger div = BigInteger.ONE;
        List<String> divText = new ArrayList<>();
        for (Dim d : t.dividedBy()) {
            BigInteger v = size(Grounding.dim(d, a));
            div = div.multiply(v);
            divText.add(v.toString());
        }
        if (div.signum() == 0) throw new Undefined("Total_elems divides by a zero size: " + String.join("·", divText));
        BigInteger num, denom;
        String numText;
        switch (t.numerator()) {
            case Constraint.TotalNum.NumElems(long n) -> {
                num = BigInteger.valueOf(n);
                denom = BigInteger.ONE;
                numText = Long.toString(n);
            }
            case Constraint.TotalNum.StridedVar(long coeff, Dim.Var v, long den) -> {
                BigInteger sv = size(Grounding.dim(v, a));
                num = BigInteger.valueOf(coeff).multiply(sv);
                denom = BigInteger.valueOf(den);
                numText = coeff + " · " + sv + (den == 1 ? "" : " / " + den);
            }
        }
        if (prod.multiply(div).multiply(denom).equals(num)) return Optional.empty();
        String divided = divText.isEmpty() ? "" : " / (" + String.join(" · ", divText) + ")";
        return Optional.of("Total_elems: " + prod + " != " + numText + divided);
    }

    /** {@code exact(R…) = [d…]}: the concatenated flat rows are exactly these axes. */
    static Optional<String> exact(Constraint.Exact e, Valuation a, Semantics s) {
        List<Dim> got = axes(e.rows(), a, s);
        List<Dim> want = Grounding.dims(e.axes(), a);
        if (got.equals(want)) return Optional.empty();
        if (got.size() != want.size())
            return Optional.of("Exact: " + got.size() + " axes " + GroundText.dims(got) + " != " + want.size()
                    + " axes " + GroundText.dims(want));
        int i = 0;
        while (got.get(i).equals(want.get(i))) i++;
        return Optional.of("Exact: axis " + i + " is " + GroundText.dim(got.get(i)) + ", expected "
                + GroundText.dim(want.get(i)) + " (" + GroundText.dims(got) + " vs " + GroundText.dims(want) + ")");
    }

    /** Exact value of a size expression; {@code %} is the non-negative remainder. */
    static BigInteger value(SizeExpr e, Valuation a) {
        return switch (e) {
            case SizeExpr.Lit(long v) -> BigInteger.valueOf(v);
            case SizeExpr.Size(Dim d) -> size(Grounding.dim(d, a));
            case SizeExpr.Add(SizeExpr l, SizeExpr r) -> value(l, a).add(value(r, a));
            case SizeExpr.Sub(SizeExpr l, SizeExpr r) -> value(l, a).subtract(value(r, a));
            case SizeExpr.Mul(SizeExpr l, SizeExpr r) -> value(l, a).multiply(value(r, a));
            case SizeExpr.Mod(SizeExpr l, long k) -> value(l, a).mod(BigInteger.valueOf(k));
        };
    }

    static Optional<String> rel(Constraint.SizeRel r, Valuation a) {
        BigInteger l = value(r.left(), a), rt = value(r.right(), a);
        int c = l.compareTo(rt);
        boolean ok = switch (r.rel()) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
        };
        return ok ? Optional.empty() : Optional.of("size predicate: " + l + " " + r.rel().symbol + " " + rt + " is false");
    }

    static Optional<String> in(Constraint.SizeIn r, Valuation a) {
        BigInteger v = value(r.expr(), a);
        boolean ok = v.compareTo(BigInteger.valueOf(r.lo())) >= 0 && v.compareTo(BigInteger.valueOf(r.hi())) <= 0;
        return ok ? Optional.empty() : Optional.of("size range: " + v + " not in " + r.lo() + ".." + r.hi());
    }

    private static List<Dim> axes(List<Row> rows, Valuation a, Semantics s) {
        List<Dim> out = new ArrayList<>();
        for (Row r : rows) out.addAll(Grounding.row(r, a, s).flat());
        return out;
    }

    private static BigInteger size(Dim ground) {
        return BigInteger.valueOf(Sizes.size(ground));
    }
}
