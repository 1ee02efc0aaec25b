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
}
