package org.shapeforge.term.sym;

import java.util.Map;
import org.shapeforge.term.sym.SymCondition.Interval;

/**
 * Interval bounds of a {@link SymSize} over every binding of its names to sizes ≥ 1: names in
 * {@code [1, ∞)}, {@code p mod k} in {@code [0, k-1]}, {@code floor(p / k)} from p's bounds.
 * Saturating: {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE} are the infinities, so a bound is
 * never wrong, only loose.
 */
final class Ranges {
    static final long NEG = Long.MIN_VALUE, POS = Long.MAX_VALUE;

    private Ranges() {}

    static Interval of(SymSize s) {
        Interval sum = new Interval(0, 0);
        for (Map.Entry<SymSize.Mono, Long> e : s.terms().entrySet()) {
            Interval p = new Interval(e.getValue(), e.getValue());
            for (SymAtom a : e.getKey().atoms()) p = mul(p, atom(a));
            sum = new Interval(add(sum.lo(), p.lo()), add(sum.hi(), p.hi()));
        }
        return sum;
    }

    private static Interval atom(SymAtom a) {
        return switch (a) {
            case SymAtom.Name n -> new Interval(1, POS);
            case SymAtom.Mod(SymSize num, long k) -> new Interval(0, k - 1);
            case SymAtom.Div(SymSize num, long k) -> {
                Interval i = of(num);
                yield new Interval(i.lo() == NEG ? NEG : Math.floorDiv(i.lo(), k), i.hi() == POS ? POS : Math.floorDiv(i.hi(), k));
            }
        };
    }

    private static Interval mul(Interval a, Interval b) {
        long[] c = {mul(a.lo(), b.lo()), mul(a.lo(), b.hi()), mul(a.hi(), b.lo()), mul(a.hi(), b.hi())};
        long lo = POS, hi = NEG;
        for (long x : c) {
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
        }
        return new Interval(lo, hi);
    }

    private static boolean inf(long x) {
        return x == NEG || x == POS;
    }

    private static long mul(long a, long b) {
        if (a == 0 || b == 0) return 0;
        boolean neg = (a < 0) != (b < 0);
        if (inf(a) || inf(b)) return neg ? NEG : POS;
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return neg ? NEG : POS;
        }
    }

    private static long add(long a, long b) {
        if (a == NEG || b == NEG) return a == POS || b == POS ? NEG : NEG; // lower bounds: −∞ absorbs
        if (a == POS || b == POS) return POS;
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            return a < 0 ? NEG : POS;
        }
    }
}
