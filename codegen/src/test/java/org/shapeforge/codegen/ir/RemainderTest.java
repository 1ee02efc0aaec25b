package org.shapeforge.codegen.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The two remainders' definitions (the reference semantics the generated C is compared with):
 * MOD takes the divisor's sign (NumPy's {@code mod}), FMOD the dividend's (C's {@code fmod}); neither
 * accumulates.
 */
class RemainderTest {
    @Test
    void signsFollowTheDivisorOrTheDividend() {
        assertEquals(2, BinOp.MOD.apply(-4, 3));
        assertEquals(-2, BinOp.MOD.apply(4, -3));
        assertEquals(-1, BinOp.FMOD.apply(-4, 3));
        assertEquals(1, BinOp.FMOD.apply(4, -3));
        assertEquals(1.5, BinOp.MOD.apply(-4.5, 3));
        assertTrue(BinOp.MOD.neutral().isEmpty() && BinOp.FMOD.neutral().isEmpty());
    }
}
