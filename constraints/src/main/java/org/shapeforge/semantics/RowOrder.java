package org.shapeforge.semantics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The marked row order (Def. 2.3) and row joins (Prop. 2.7) on ground closed rows.
 *
 * <p>{@code l₂·◇·r₂ ⊑ l₁·◇·r₁} iff (i) flanks fit: {@code |l₁| ≤ |l₂|} and
 * {@code |r₁| ≤ |r₂|}; and (ii) pointwise refinement of the upper row's expansion:
 * {@code (l₂·r₂)[i] ⊑ (l₁·◇·r₁)↑rank₂ [i]} for every {@code i}. The order is partial
 * (Prop. 2.5) with the empty row {@code []·◇·[]} as its greatest element (Prop. 2.6).
 */
public final class RowOrder {
    private RowOrder() {}

    /** {@code lower ⊑ upper} in the marked order (Def. 2.3). */
    public static boolean le(Row.Closed lower, Row.Closed upper) {
        return check(lower, upper, false).isEmpty();
    }

    /**
     * Empty when {@code lower ⊑ upper}; otherwise which clause of Def. 2.3 fails, with the
     * numbers (e.g. {@code flank-fit fails: |l|=1 > |l'|=0}, unprimed = upper, primed = lower).
     */
    public static Optional<String> whyNot(Row.Closed lower, Row.Closed upper) {
        return check(lower, upper, true);
    }

    static Optional<String> check(Row.Closed lower, Row.Closed upper, boolean explain) {
        int ll = lower.lead().size(), lr = lower.trail().size();
        int ul = upper.lead().size(), ur = upper.trail().size();
        if (ul > ll) return Reason.fail(explain, () -> "flank-fit fails: |l|=" + ul + " > |l'|=" + ll
                + " (leading flank of " + GroundText.row(upper) + " longer than that of " + GroundText.row(lower) + ")");
        if (ur > lr) return Reason.fail(explain, () -> "flank-fit fails: |r|=" + ur + " > |r'|=" + lr
                + " (trailing flank of " + GroundText.row(upper) + " longer than that of " + GroundText.row(lower) + ")");
        List<Dim> flat = lower.flat();
        List<Dim> up = Expansion.expand(upper, flat.size());
        for (int i = 0; i < flat.size(); i++) {
            int at = i;
            if (!DimOrder.le(flat.get(i), up.get(i)))
                return Reason.fail(explain, () -> "pointwise refinement fails at axis " + at + ": " + GroundText.dim(flat.get(at))
                        + " not ⊑ " + GroundText.dim(up.get(at)) + " (" + GroundText.dims(flat) + " vs "
                        + GroundText.dims(up) + ")");
        }
        return Optional.empty();
    }

    /**
     * The least upper bound (Prop. 2.7): flanks of the shorter lengths, aligned from the outer
     * edges (leading flanks from the front, trailing flanks from the back), joined pointwise in
     * {@code D} ({@link DimOrder#join}).
     */
    public static Row.Closed join(Row.Closed r1, Row.Closed r2) {
        int nl = Math.min(r1.lead().size(), r2.lead().size());
        List<Dim> lead = new ArrayList<>(nl);
        for (int i = 0; i < nl; i++) lead.add(DimOrder.join(r1.lead().get(i), r2.lead().get(i)));
        List<Dim> t1 = r1.trail(), t2 = r2.trail();
        int nr = Math.min(t1.size(), t2.size());
        List<Dim> trail = new ArrayList<>(nr);
        for (int i = 0; i < nr; i++)
            trail.add(DimOrder.join(t1.get(t1.size() - nr + i), t2.get(t2.size() - nr + i)));
        return new Row.Closed(lead, trail);
    }
}
