package org.shapeforge.semantics;

import java.util.Optional;
import org.shapeforge.term.Row;

/**
 * The one-shot order (Remark 2.15(ii)): {@code X ⊑¹ Y} iff {@code flat(X)• ⊑ Y} in the
 * two-sorted order — clause (c) of Def. 2.12 when {@code Y} is marked, clause (b) when {@code Y}
 * is rigid. It strips flank-fit (heredity) off the lower side: {@code [3]·◇·[5,4] ⊑¹ []·◇·[3,5,4]}
 * although the marked order needs rank ≥ 4 there. Mutual {@code ⊑¹} is exactly ≈ (Def. 2.9).
 */
public final class OneShotOrder {
    private OneShotOrder() {}

    /** {@code lower ⊑¹ upper} on ground closed or rigid rows. */
    public static boolean le(Row lower, Row upper) {
        FlatEquiv.requireGroundRow(lower);
        return TwoSortedOrder.le(new Row.Rigid(lower.flat()), upper);
    }

    /** Empty when {@code lower ⊑¹ upper}; otherwise why {@code flat(lower)• ⊑ upper} fails. */
    public static Optional<String> whyNot(Row lower, Row upper) {
        FlatEquiv.requireGroundRow(lower);
        return TwoSortedOrder.whyNot(new Row.Rigid(lower.flat()), upper)
                .map(why -> "one-shot order (flat(" + GroundText.row(lower) + ")• ⊑ " + GroundText.row(upper) + "): " + why);
    }
}
