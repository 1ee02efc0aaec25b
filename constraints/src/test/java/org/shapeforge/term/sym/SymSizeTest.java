package org.shapeforge.term.sym;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.Printer;
import org.shapeforge.term.Dim;

class SymSizeTest {
    static final SymSize H = SymSize.name("h"), N = SymSize.name("n"), W = SymSize.name("w");

    @Test
    void printsCanonically() {
        assertEquals("(h + 1) // 2", H.plus(-1).floorDiv(2).plus(1).toString()); // the normal form of (h - 1) // 2 + 1
        assertEquals("n * 4", N.times(4).toString());
        assertEquals("n + 3", N.plus(3).toString());
        assertEquals("batch", SymSize.name("batch").toString());
        assertEquals("h * w", W.times(H).toString());
        assertEquals("-n + 3", SymSize.constant(3).minus(N).toString());
        assertEquals("((h + 1) // 2) * 4", H.plus(1).floorDiv(2).times(4).toString());
        assertEquals("(h + 1) % 2 + 1", H.plus(1).mod(2).plus(1).toString());
    }

    @Test
    void simplifiesDivisionAndRemainder() {
        assertEquals(N.times(2).plus(2), N.times(4).plus(2).floorDiv(2).plus(1)); // coefficients divisible
        assertEquals(SymSize.constant(3), SymSize.constant(7).floorDiv(2));
        assertEquals(SymSize.constant(1), SymSize.constant(7).mod(2));
        assertEquals(N.plus(3).floorDiv(2), N.plus(1).floorDiv(2).plus(1));
        // nested divisions collapse: floor((floor((h + 1) / 2) + 1) / 2) = floor((h + 3) / 4)
        assertEquals(H.plus(3).floorDiv(4), H.plus(1).floorDiv(2).plus(1).floorDiv(2));
        // the division identity: k·(r // k) + r % k = r
        assertEquals(H.plus(1), H.plus(1).floorDiv(2).times(2).plus(H.plus(1).mod(2)));
        assertTrue(N.times(6).plus(3).mod(3).isZero());
        assertEquals(N.mod(2).times(2), N.times(2).mod(4)); // a common factor cancels
    }

    @Test
    void remaindersExpandThroughTheDivision() {
        SymSize s = SymSize.name("s");
        SymSize y1 = s.plus(1).floorDiv(2), r2 = y1.plus(1).mod(2).plus(1), y2 = y1.plus(1).floorDiv(2);
        assertEquals(s.plus(3).floorDiv(4), y2);
        // y1 + 5 == 2·y2 + 3 + r2 holds identically, though the normal forms differ
        assertFalse(y1.plus(5).equals(y2.times(2).plus(3).plus(r2)));
        assertTrue(y1.plus(5).provablyEquals(y2.times(2).plus(3).plus(r2)));
        assertFalse(y1.provablyEquals(y2));
    }

    @Test
    void evaluatesWithOverflowChecked() {
        assertEquals(5, H.plus(-1).floorDiv(2).plus(1).eval(Map.of("h", 9L)));
        assertEquals(3, H.plus(1).mod(2).plus(1).plus(1).eval(Map.of("h", 4L)));
        assertThrows(SymOverflow.class, () -> N.times(N).eval(Map.of("n", 1L << 40)));
        assertThrows(IllegalArgumentException.class, () -> N.eval(Map.of()));
    }

    @Test
    void substitutesAndListsNames() {
        SymSize e = H.plus(1).floorDiv(2);
        assertEquals(SymSize.name("n").times(2).plus(1).floorDiv(2), e.substitute(Map.of("h", N.times(2))));
        assertEquals(N.plus(1), e.substitute(Map.of("h", N.times(2).plus(1))));
        assertEquals(java.util.Set.of("h", "w"), H.times(W).plus(H.mod(3)).vars());
        assertEquals(java.util.Optional.of("n"), N.asName());
        assertFalse(N.times(2).asName().isPresent());
    }

    @Test
    void boundsAndConditions() {
        // an element count's parity prints as the exact division it states; other conditions as they are
        SymSize seq = SymSize.name("seq");
        assertEquals("seq % 2 == 0", new SymCondition(seq.times(16), Rel.EQ, seq.floorDiv(2).times(32)).toString());
        assertEquals("seq % 2 != 0", new SymCondition(seq.floorDiv(2).times(32), Rel.NE, seq.times(16)).toString());
        assertEquals("seq * 16 == (seq // 2) * 48", new SymCondition(seq.times(16), Rel.EQ, seq.floorDiv(2).times(48)).toString());
        assertEquals("(seq + 1) // 2 >= 1", new SymCondition(seq.plus(1).floorDiv(2), Rel.GE, SymSize.constant(1)).toString());
        assertTrue(new SymCondition(H.plus(1).floorDiv(2), Rel.GE, SymSize.constant(1)).trivial());
        assertFalse(new SymCondition(H.plus(-1).floorDiv(2), Rel.GE, SymSize.constant(1)).trivial());
        assertTrue(new SymCondition(H.plus(1).mod(2).plus(1), Rel.LE, SymSize.constant(2)).trivial());
        assertTrue(new SymCondition(H.plus(-3).floorDiv(2), Rel.GE, SymSize.constant(1)).holds(Map.of("h", 5L)));
        assertFalse(new SymCondition(H.plus(-3).floorDiv(2), Rel.GE, SymSize.constant(1)).holds(Map.of("h", 4L)));
    }

    @Test
    void convertsToShc() {
        assertEquals("size(n) * 4 + 3", Printer.print(N.times(4).plus(3).toSizeExpr().orElseThrow()));
        assertTrue(H.plus(1).floorDiv(2).toSizeExpr().isEmpty());
        // 2·size(y) == (h + 1) - (h + 1) % 2
        assertEquals("2 * size(y) == 0 + 1 * (size(h) + 1 - (size(h) + 1) % 2)",
                Printer.print(H.plus(1).floorDiv(2).definition(Dim.var("y")).orElseThrow()));
    }
}
