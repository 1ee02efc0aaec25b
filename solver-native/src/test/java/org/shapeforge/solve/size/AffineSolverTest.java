package org.shapeforge.solve.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shapeforge.term.Dim;

class AffineSolverTest {
    static final Dim I = new Dim.Var("i"), O = new Dim.Var("o"), K = new Dim.Var("k");

    static Dim.Affine conv(int stride, int dilation) {
        return new Dim.Affine(O, stride, Optional.of(K), dilation, false, 0);
    }

    @Test
    void w25_validConvolutionOutput() {
        assertEquals(new SizeResult.Solved(Map.of("o", 30L)), AffineSolver.solve(I, conv(1, 1), Map.of("i", 32L, "k", 3L)));
    }

    @Test
    void w26_indivisibleStrideFailsWithNumbers() {
        var f = assertInstanceOf(SizeResult.Failed.class, AffineSolver.solve(I, conv(2, 1), Map.of("i", 32L, "k", 3L)));
        assertEquals("Affine: 32 − 3 = 29 not divisible by stride 2", f.message());
    }

    @Test
    void kernelSolvedFromInputAndOutput() {
        assertEquals(new SizeResult.Solved(Map.of("k", 4L)), AffineSolver.solve(I, conv(2, 2), Map.of("i", 15L, "o", 5L)));
        assertInstanceOf(SizeResult.Failed.class, AffineSolver.solve(I, conv(2, 2), Map.of("i", 14L, "o", 5L)));
    }

    @Test
    void inputComputedForward() {
        assertEquals(new SizeResult.Solved(Map.of("i", 13L)), AffineSolver.solve(I, conv(2, 2), Map.of("o", 5L, "k", 3L)));
    }

    @Test
    void unknownKernelIsDeferred() {
        var r = assertInstanceOf(SizeResult.Residual.class, AffineSolver.solve(I, conv(1, 1), Map.of("i", 32L)));
        assertEquals(true, r.why().contains("kernel deferred"));
    }

    @Test
    void stridedAndPaddedIgnoreTheKernel() {
        assertEquals(new SizeResult.Solved(Map.of("o", 4L)), AffineSolver.solve(I, Dim.Affine.strided(O, 3), Map.of("i", 12L)));
        var padded = new Dim.Affine(O, 2, Optional.of(K), 1, true, 0);
        assertEquals(new SizeResult.Solved(Map.of("o", 6L)), AffineSolver.solve(I, padded, Map.of("i", 12L)));
        var f = assertInstanceOf(SizeResult.Failed.class, AffineSolver.solve(I, Dim.Affine.strided(O, 3), Map.of("i", 10L)));
        assertEquals("Affine: 10 not divisible by stride 3", f.message());
    }

    @Test
    void kernelSpanBeyondInputFails() {
        var f = assertInstanceOf(SizeResult.Failed.class, AffineSolver.solve(I, conv(1, 2), Map.of("i", 3L, "k", 3L)));
        assertEquals("Affine: kernel span 5 exceeds input 3", f.message());
    }

    /**
     * The formula at o = 0 is the span minus one stride (language.md's {@code stride·(o−1) + 1 +
     * (k−1)·dilation}); an input of exactly that size is solved by o = 0, which only a discardable
     * output may take — the engine refuses 0 for any other variable (Def. 1.1). Fuzz seed
     * 2026112499 found native answering `3 = affine(b, stride=2, kernel=5)` with b discardable
     * unsat where b = 0 solves it; a strided axis of size 0 likewise.
     */
    @Test
    void anInputOfTheSpanMinusOneStrideIsSolvedByAnEmptyOutput() {
        assertEquals(new SizeResult.Solved(Map.of("o", 0L)), AffineSolver.solve(I, conv(1, 2), Map.of("i", 4L, "k", 3L)));
        assertEquals(new SizeResult.Solved(Map.of("o", 0L)), AffineSolver.solve(I, conv(2, 1), Map.of("i", 3L, "k", 5L)));
        assertEquals(new SizeResult.Solved(Map.of("o", 0L)), AffineSolver.solve(I, Dim.Affine.strided(O, 3), Map.of("i", 0L)));
    }
}
