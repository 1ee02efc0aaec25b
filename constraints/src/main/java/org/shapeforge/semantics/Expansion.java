package org.shapeforge.semantics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Expansion of a ground marked row (Def. 2.2): for {@code R = l·◇·r} and
 * {@code n ≥ rank(R)}, {@code R↑n = l·(1∅)^(n−rank R)·r}, the flat sequence with the broadcast
 * padding inserted at the marker. At {@code n = rank(R)} it is {@code flat(R)} (Def. 2.9).
 */
public final class Expansion {
    private Expansion() {}

    /**
     * {@code R↑n}. Throws {@link IllegalArgumentException} if {@code n < rank(R)} (expansion is
     * undefined there) or a dimension is not ground.
     */
    public static List<Dim> expand(Row.Closed row, int n) {
        int rank = row.knownRank();
        if (n < rank) throw new IllegalArgumentException("expansion to " + n + " below rank " + rank);
        for (Dim d : row.flat()) DimOrder.requireGround(d);
        List<Dim> out = new ArrayList<>(n);
        out.addAll(row.lead());
        out.addAll(Collections.nCopies(n - rank, Dim.Unit.INSTANCE));
        out.addAll(row.trail());
        return List.copyOf(out);
    }
}
