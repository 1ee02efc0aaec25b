package org.shapeforge.semantics;

import org.shapeforge.term.Row;

/**
 * Flat equivalence (Def. 2.9): {@code R ≈ R'} iff {@code flat(R) = flat(R')} as sequences, where
 * {@code flat(l·◇·r) = l·r}; the marker is erased. Equivalently, equal ranks and equal expansions
 * at own rank (Prop. 2.10(iv)). Extended to rigid rows by {@code flat(F•) = F}: this is the
 * content equality of Remark 2.14 (identity of the rigidifications {@code flat(·)•}, Def. 3.4).
 */
public final class FlatEquiv {
    private FlatEquiv() {}

    /** {@code a ≈ b} on ground closed or rigid rows. */
    public static boolean equivalent(Row a, Row b) {
        requireGroundRow(a);
        requireGroundRow(b);
        return a.flat().equals(b.flat());
    }

    /** Ground means closed or rigid with ground dimensions; open terms are a caller bug. */
    static void requireGroundRow(Row r) {
        if (!r.isGround()) throw new IllegalArgumentException("not a ground row: " + r);
    }
}
