package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.term.Dim;

/** {@link SizeForm}: normal forms and the sound comparisons Slice, Equal, Max and Min rely on. */
class SizeFormTest {
    private static final SizeForm S = SizeForm.of(new ShapeValue.Term(Dim.var("seq")));
    private static final SizeForm B = SizeForm.of(new ShapeValue.Term(Dim.var("batch")));

    private static SizeForm k(long v) {
        return SizeForm.known(v);
    }

    @Test
    void chunkSplitPointLiesInsideTheAxisAndTwiceItReachesTheEnd() {
        SizeForm h = S.plus(k(1)).floorDiv(2); // (seq + 1) // 2
        assertTrue(h.atMost(S));
        assertTrue(S.atMost(h.times(2)));
        assertFalse(h.times(2).atMost(S)); // seq odd: 2h = seq + 1
        assertTrue(S.minus(h).atLeast(0));
    }

    @Test
    void undecidedComparisonsAreNotDecided() {
        assertFalse(S.minus(k(3)).atLeast(0)); // seq ≥ 3 holds for some seq only
        assertFalse(S.atMost(B));
        assertFalse(B.atMost(S));
        assertTrue(S.atLeast(1)); // a size is at least 1
        assertFalse(S.atLeast(2));
    }

    @Test
    void normalFormsAreIndependentOfTheOrderOfOperands() {
        assertEquals(S.plus(B).minus(k(2)), k(-2).plus(B).plus(S));
        assertEquals(S.times(2).plus(k(4)).floorDiv(2), S.plus(k(2))); // exact division
        assertEquals(new ShapeValue.Known(3), S.plus(k(3)).minus(S).value());
        assertEquals(new ShapeValue.Term(Dim.var("seq")), S.times(3).floorDiv(3).value());
        assertEquals(k(1), k(7).mod(3));
        assertEquals(k(-3), k(-7).floorDiv(3)); // floor, as the forms state it
    }

    @Test
    void formsPrintAsExpressions() {
        SizeForm h = S.plus(k(1)).floorDiv(2);
        assertEquals("seq - (seq + 1)//2", S.minus(h).show());
        SizeForm bs = SizeForm.of(new ShapeValue.Product(List.of(Dim.var("seq"), Dim.var("batch"))));
        assertEquals("2*batch*seq - 3", bs.times(2).minus(k(3)).show());
        assertEquals("-batch + 4", k(4).minus(B).show());
    }

    /** Pad-to-a-multiple: {@code seq + (7 − seq % 7) % 7} is {@code 7·((seq + 6) // 7)}, the floor of the input left out. */
    @Test
    void padToAMultipleIsSevenTimesACeiling() {
        SizeForm padded = S.plus(k(7).minus(S.mod(7)).mod(7));
        assertEquals(S.plus(k(6)).floorDiv(7).times(7), padded);
        assertEquals("7*(seq + 6)//7", padded.show());
        assertEquals(S.plus(k(6)).floorDiv(7), padded.floorDiv(7));
    }

    /** Taking multiples out of a floor (and a negative rest as a ceiling) keeps the value, at every seq and batch tried. */
    @Test
    void splitFloorsKeepTheirValue() {
        List<SizeForm> forms = List.of(k(7).minus(S.mod(7)), S.times(9).plus(B.times(2)).plus(k(5)), S.times(-3).plus(B.times(14)).plus(k(40)),
                S.mod(4).times(4).minus(S).plus(k(8)), S.times(7).minus(B.times(7).floorDiv(3)).minus(S).plus(k(9)));
        for (SizeForm f : forms)
            for (long kk : new long[] {2, 3, 7})
                for (long s = 1; s <= 40; s++)
                    for (long b = 1; b <= 6; b++) {
                        long v = value(f, s, b);
                        if (v < 0) continue; // the caller's contract: a form that is never negative
                        assertEquals(Math.floorDiv(v, kk), value(f.floorDiv(kk), s, b), f.show() + " // " + kk + " at seq=" + s + ", batch=" + b);
                    }
    }

    private static long value(SizeForm f, long seq, long batch) {
        long v = f.constant();
        for (var en : f.coefficients().entrySet()) {
            long a = switch (f.atoms().get(en.getKey())) {
                case SizeForm.Atom.Factors(List<Dim> ds) -> ds.stream().mapToLong(d -> d.equals(Dim.var("seq")) ? seq : batch).reduce(1, Math::multiplyExact);
                case SizeForm.Atom.Floor(SizeForm num, long kk) -> Math.floorDiv(value(num, seq, batch), kk);
            };
            v += en.getValue() * a;
        }
        return v;
    }
}
