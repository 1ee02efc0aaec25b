package org.shapeforge.proofs;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.semantics.RowOrder;
import org.shapeforge.semantics.TwoSortedOrder;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The finite universes of exhaustive checks, computed once: all marked rows over
 * {@link FinitePoset#TINY} with flanks of length ≤ 2 (441 rows) under the marked order, and those
 * together with all rigid rows of rank ≤ 3 (85 rows) under the two-sorted order.
 */
final class Universes {
    private Universes() {}

    private static FinitePoset<Row.Closed> marked;
    private static FinitePoset<Row> twoSorted;

    static synchronized FinitePoset<Row.Closed> marked() {
        if (marked == null) marked = FinitePoset.of(FinitePoset.closedRows(FinitePoset.TINY, 2), RowOrder::le);
        return marked;
    }

    static synchronized FinitePoset<Row> twoSorted() {
        if (twoSorted == null) {
            List<Row> rows = new ArrayList<>(FinitePoset.closedRows(FinitePoset.TINY, 2));
            for (List<Dim> w : FinitePoset.words(FinitePoset.TINY, 3)) rows.add(new Row.Rigid(w));
            twoSorted = FinitePoset.of(rows, TwoSortedOrder::le);
        }
        return twoSorted;
    }
}
