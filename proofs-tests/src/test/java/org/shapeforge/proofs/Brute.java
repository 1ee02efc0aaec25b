package org.shapeforge.proofs;

import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Second formulations of the definitions, written independently of
 * {@code org.shapeforge.semantics} so that the properties compare two readings of the notes
 * rather than one implementation with itself.
 */
final class Brute {
    private Brute() {}

    /** Def. 1.2 restated: {@code d1 ⊑ d2} iff the meet-free test "d2 is top or they coincide". */
    static boolean dimLe(Dim d1, Dim d2) {
        if (d2 instanceof Dim.Unit) return true;
        if (d1 instanceof Dim.Atom(long n1, String b1) && d2 instanceof Dim.Atom(long n2, String b2))
            return n1 == n2 && b1.equals(b2);
        return false;
    }

    /**
     * Def. 2.3 read off edge alignment: flanks fit, the upper leading flank refines the lower's
     * prefix and the upper trailing flank the lower's suffix; every other lower axis faces the
     * unit padding and is unconstrained. No expansion is built.
     */
    static boolean markedLe(Row.Closed lower, Row.Closed upper) {
        List<Dim> l2 = lower.lead(), r2 = lower.trail(), l1 = upper.lead(), r1 = upper.trail();
        if (l1.size() > l2.size() || r1.size() > r2.size()) return false;
        for (int i = 0; i < l1.size(); i++) if (!dimLe(l2.get(i), l1.get(i))) return false;
        for (int j = 1; j <= r1.size(); j++) if (!dimLe(r2.get(r2.size() - j), r1.get(r1.size() - j))) return false;
        return true;
    }

    /**
     * The one-shot order as "some marker placement works": {@code X ⊑¹ Y} for marked {@code Y}
     * iff some re-marking of {@code flat(X)} is below {@code Y} in the marked order; for rigid
     * {@code Y} iff equal rank and pointwise refinement.
     */
    static boolean oneShotLe(Row x, Row y) {
        List<Dim> f = x.flat();
        return switch (y) {
            case Row.Closed c -> Ground.placements(f).stream().anyMatch(p -> markedLe(p, c));
            case Row.Rigid g -> pointwiseLe(f, g.axes());
            case Row.Open o -> throw new IllegalArgumentException("not ground: " + o);
        };
    }

    static boolean pointwiseLe(List<Dim> lo, List<Dim> up) {
        if (lo.size() != up.size()) return false;
        for (int i = 0; i < lo.size(); i++) if (!dimLe(lo.get(i), up.get(i))) return false;
        return true;
    }

    /**
     * Def. 2.12 by cases, with clause (c) read as "some placement of a marker in the rigid row
     * fits below the marked row" (equivalent: the placement can always satisfy flank-fit when the
     * rank allows).
     */
    static boolean twoSortedLe(Row lower, Row upper) {
        return switch (lower) {
            case Row.Closed l when upper instanceof Row.Closed u -> markedLe(l, u);
            case Row.Closed l -> false;
            case Row.Rigid f when upper instanceof Row.Rigid g -> pointwiseLe(f.axes(), g.axes());
            case Row.Rigid f -> Ground.placements(f.axes()).stream().anyMatch(p -> markedLe(p, (Row.Closed) upper));
            case Row.Open o -> throw new IllegalArgumentException("not ground: " + o);
        };
    }
}
