package org.shapeforge.semantics;

import java.util.List;
import java.util.Optional;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The two-sorted order on ground rows (Def. 2.12): marked rows {@link Row.Closed} and rigid rows
 * {@link Row.Rigid} ({@code F•}, no marker, expansion defined only at its own rank).
 *
 * <ul>
 *   <li>(a) marked ⊑ marked: the marked order of Def. 2.3 ({@link RowOrder}).
 *   <li>(b) {@code F₂• ⊑ F₁•}: equal rank and pointwise refinement.
 *   <li>(c) {@code F• ⊑ R} (R marked): {@code rank(F) ≥ rank(R)} and
 *       {@code F[i] ⊑ R↑rank(F) [i]} pointwise — a rigid result may refine a broadcastable operand.
 *   <li>(d) {@code R ⊑ F•} (R marked): never — nothing broadcastable sits below a rigid row.
 * </ul>
 *
 * Prop. 2.13: a partial order whose unique top is still the empty marked row; clause (d) is
 * forced by transitivity.
 */
public final class TwoSortedOrder {
    private TwoSortedOrder() {}

    /** {@code lower ⊑ upper} in the two-sorted order (Def. 2.12). */
    public static boolean le(Row lower, Row upper) {
        return check(lower, upper, false).isEmpty();
    }

    /** Empty when {@code lower ⊑ upper}; otherwise the failing clause of Def. 2.12, with numbers. */
    public static Optional<String> whyNot(Row lower, Row upper) {
        return check(lower, upper, true);
    }

    private static Optional<String> check(Row lower, Row upper, boolean explain) {
        FlatEquiv.requireGroundRow(lower);
        FlatEquiv.requireGroundRow(upper);
        return switch (lower) {
            case Row.Closed lo when upper instanceof Row.Closed up -> RowOrder.check(lo, up, explain);
            case Row.Closed lo -> Reason.fail(explain, () -> "clause (d) of Def. 2.12: nothing broadcastable sits "
                    + "below a rigid row (" + GroundText.row(lo) + " vs " + GroundText.row(upper) + ")");
            case Row.Rigid lo when upper instanceof Row.Rigid up -> rigidBelowRigid(lo, up, explain);
            case Row.Rigid lo when upper instanceof Row.Closed up -> rigidBelowMarked(lo, up, explain);
            default -> throw new IllegalArgumentException("not a ground row pair: " + lower + ", " + upper);
        };
    }

    /** Clause (b). */
    private static Optional<String> rigidBelowRigid(Row.Rigid lo, Row.Rigid up, boolean explain) {
        if (lo.axes().size() != up.axes().size())
            return Reason.fail(explain, () -> "clause (b) of Def. 2.12: rank " + lo.axes().size() + " != rank "
                    + up.axes().size() + " (" + GroundText.row(lo) + " vs " + GroundText.row(up) + ")");
        return pointwise("clause (b)", lo.axes(), up.axes(), explain);
    }

    /** Clause (c). */
    private static Optional<String> rigidBelowMarked(Row.Rigid lo, Row.Closed up, boolean explain) {
        int n = lo.axes().size(), rank = up.knownRank();
        if (n < rank)
            return Reason.fail(explain, () -> "clause (c) of Def. 2.12: rank " + n + " < rank " + rank + " ("
                    + GroundText.row(lo) + " vs " + GroundText.row(up) + ")");
        return pointwise("clause (c)", lo.axes(), Expansion.expand(up, n), explain);
    }

    private static Optional<String> pointwise(String clause, List<Dim> lo, List<Dim> up, boolean explain) {
        for (int i = 0; i < lo.size(); i++) {
            int at = i;
            if (!DimOrder.le(lo.get(i), up.get(i)))
                return Reason.fail(explain, () -> clause + " of Def. 2.12: pointwise refinement fails at axis " + at
                        + ": " + GroundText.dim(lo.get(at)) + " not ⊑ " + GroundText.dim(up.get(at)) + " ("
                        + GroundText.dims(lo) + " vs " + GroundText.dims(up) + ")");
        }
        return Optional.empty();
    }
}
