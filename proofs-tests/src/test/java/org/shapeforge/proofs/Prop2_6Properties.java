package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.shapeforge.semantics.RowOrder;
import org.shapeforge.term.Row;

/** Prop. 2.6: the empty row {@code []·◇·[]} is the greatest element, and the only one. */
class Prop2_6Properties {

    @Provide
    Arbitrary<Row.Closed> rows() {
        return Ground.closed();
    }

    @Property(tries = 1000)
    void everyRowIsBelowTheEmptyRow(@ForAll("rows") Row.Closed r) {
        assertTrue(RowOrder.le(r, Row.empty()));
    }

    /** A row above the empty row has empty flanks (flank-fit), so no other row is a top. */
    @Property(tries = 1000)
    void noOtherRowIsAboveTheEmptyRow(@ForAll("rows") Row.Closed r) {
        assertEquals(r.equals(Row.empty()), RowOrder.le(Row.empty(), r));
    }

    @Example
    void theEmptyRowIsTheUniqueTopOfAFiniteUniverse() {
        FinitePoset<Row.Closed> u = Universes.marked();
        List<Integer> tops = u.tops();
        assertEquals(1, tops.size());
        assertEquals(Row.empty(), u.elems().get(tops.getFirst()));
        assertFalse(u.elems().isEmpty());
    }
}
