package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link NameSet}: Canon's interning table (issue 12). */
class NameSetTest {
    @Test
    void internsFirstInstanceKeepsOrderAndSurvivesCollisionsAndGrowth() {
        NameSet s = new NameSet(2);
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            for (String n : List.of("Aa" + i, "BB" + i)) { // pairwise equal hash codes
                String first = new String(n);
                assertSame(first, s.addOrGet(first));
                assertSame(first, s.addOrGet(new String(n)), "a later equal name gets the first instance");
                order.add(first);
            }
        }
        assertEquals(order.size(), s.size());
        assertEquals(order, List.copyOf(s));
        assertTrue(s.contains("BB29999"));
        assertFalse(s.contains("CC1"));
        assertFalse(s.contains(42));
        assertThrows(UnsupportedOperationException.class, () -> s.add("x"));
        assertThrows(UnsupportedOperationException.class, () -> s.remove("Aa1"));
    }
}
