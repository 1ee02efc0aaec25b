package org.shapeforge.codegen.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The reference definitions of POW (C's {@code pow}, special cases of C99 F.9.4.4 included) and
 * MASK ({@code a ≠ 0 ? b : 0}); neither accumulates. The generated C is checked against ONNX's
 * definitions in the onnx module ({@code PowValuesTest}, {@code OverflowValuesTest}).
 */
class PowAndMaskTest {
    @Test
    void powFollowsC() {
        assertEquals(-8, BinOp.POW.apply(-2, 3));
        assertEquals(0.25, BinOp.POW.apply(-2, -2));
        assertTrue(Double.isNaN(BinOp.POW.apply(-8, 1.0 / 3)));
        assertEquals(1, BinOp.POW.apply(Double.NaN, 0));
        assertEquals(1, BinOp.POW.apply(1, Double.NaN));
        assertEquals(1, BinOp.POW.apply(-1, Double.NEGATIVE_INFINITY));
        assertEquals(Double.POSITIVE_INFINITY, BinOp.POW.apply(0, -1));
    }

    @Test
    void maskIgnoresTheUnselectedOperand() {
        assertEquals(0, BinOp.MASK.apply(0, Double.NEGATIVE_INFINITY));
        assertEquals(0, BinOp.MASK.apply(0, Double.NaN));
        assertEquals(Double.NEGATIVE_INFINITY, BinOp.MASK.apply(1, Double.NEGATIVE_INFINITY));
        assertTrue(Double.isNaN(BinOp.MASK.apply(1, Double.NaN)));
        assertTrue(BinOp.POW.neutral().isEmpty() && BinOp.MASK.neutral().isEmpty());
    }
}
