package org.shapeforge.semantics;

import java.util.Optional;
import org.shapeforge.term.Row;

/**
 * Row equality and row order on ground rows, per semantics ({@code language.md}, "Semantics").
 *
 * <table>
 *   <caption>Meaning of {@code ~} and {@code <=}</caption>
 *   <tr><th>semantics</th><th>{@code R1 ~ R2}</th><th>{@code R1 <= R2}</th></tr>
 *   <tr><td>flat</td><td>≈ (Def. 2.9)</td><td>marked order (Def. 2.3)</td></tr>
 *   <tr><td>marked</td><td>identity (Def. 2.1)</td><td>marked order</td></tr>
 *   <tr><td>rigid</td><td>content equality (Remark 2.14)</td><td>two-sorted order (Def. 2.12)</td></tr>
 *   <tr><td>content</td><td>≈</td><td>one-shot order ⊑¹ (Remark 2.15(ii))</td></tr>
 * </table>
 *
 * A rigid row ({@code ![..]}) can occur under any semantics. Orders then use the clauses of
 * Def. 2.12 ({@link TwoSortedOrder}; the marked order is its clause (a)); the one-shot order is
 * itself defined through them. Marked identity is identity in the two-sorted algebra: a rigid
 * row is identical only to a rigid row with the same axes. ≈ and content equality compare
 * {@code flat}, which is the axes of a rigid row.
 */
final class RowJudge {
    private RowJudge() {}

    /** Empty when {@code a ~ b} holds under {@code s}; otherwise why not. */
    static Optional<String> equal(Row a, Row b, Semantics s) {
        return switch (s) {
            case MARKED -> a.equals(b) ? Optional.empty()
                    : Optional.of("marked identity fails: " + GroundText.row(a) + " != " + GroundText.row(b)
                            + (FlatEquiv.equivalent(a, b) ? " (same flat content, " + placement(a, b) + ")" : ""));
            case FLAT, CONTENT, RIGID -> FlatEquiv.equivalent(a, b) ? Optional.empty()
                    : Optional.of((s == Semantics.RIGID ? "content equality" : "flat equivalence ≈") + " fails: "
                            + GroundText.dims(a.flat()) + " != " + GroundText.dims(b.flat()));
        };
    }

    /** Empty when {@code lower <= upper} holds under {@code s}; otherwise why not. */
    static Optional<String> le(Row lower, Row upper, Semantics s) {
        return switch (s) {
            case FLAT, MARKED, RIGID -> TwoSortedOrder.whyNot(lower, upper);
            case CONTENT -> OneShotOrder.whyNot(lower, upper);
        };
    }

    /** {@code lower <=1 upper}: the one-shot order under every semantics. */
    static Optional<String> leOne(Row lower, Row upper) {
        return OneShotOrder.whyNot(lower, upper);
    }

    private static String placement(Row a, Row b) {
        if (a instanceof Row.Rigid || b instanceof Row.Rigid) return "different sorts";
        return "markers after " + a.lead().size() + " and " + b.lead().size() + " axes";
    }
}
