package org.shapeforge.solve.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.shapeforge.term.Dim;

/**
 * The affine size relation solved in every direction agrees with brute-force enumeration of
 * the formulas as language.md states them (Conj. 8.4(a): one sizing mode per axis, everywhere).
 */
class AffineProperties {
    static final Dim I = new Dim.Var("i"), O = new Dim.Var("o"), K = new Dim.Var("k");

    /** The three modes of language.md; {@code mode} 0 strided, 1 valid convolution, 2 padded. */
    static Dim.Affine shape(int mode, int stride, int dilation) {
        return switch (mode) {
            case 0 -> Dim.Affine.strided(O, stride);
            case 1 -> new Dim.Affine(O, stride, Optional.of(K), dilation, false, 0);
            default -> new Dim.Affine(O, stride, Optional.of(K), dilation, true, 0);
        };
    }

    static long oracle(int mode, int stride, int dilation, long o, long k) {
        return mode == 1 ? stride * (o - 1) + 1 + (k - 1) * dilation : stride * o;
    }

    @Property(tries = 300)
    void forwardAgreesWithTheFormula(@ForAll @IntRange(max = 2) int mode, @ForAll @IntRange(min = 1, max = 3) int stride,
            @ForAll @IntRange(min = 1, max = 3) int dilation, @ForAll @IntRange(min = 1, max = 12) int o,
            @ForAll @IntRange(min = 1, max = 5) int k) {
        int d = mode == 0 ? 1 : dilation;
        var r = AffineSolver.solve(I, shape(mode, stride, d), Map.of("o", (long) o, "k", (long) k));
        assertEquals(new SizeResult.Solved(Map.of("i", oracle(mode, stride, d, o, k))), r);
    }

    @Property(tries = 400)
    void outputFromInputAgreesWithEnumeration(@ForAll @IntRange(max = 2) int mode, @ForAll @IntRange(min = 1, max = 3) int stride,
            @ForAll @IntRange(min = 1, max = 3) int dilation, @ForAll @IntRange(min = 1, max = 40) int i,
            @ForAll @IntRange(min = 1, max = 5) int k) {
        int d = mode == 0 ? 1 : dilation;
        List<Long> os = new ArrayList<>();
        // o from 0: the equation's solutions; whether o may be 0 (discardable) is the engine's business
        for (long o = 0; o <= 40; o++) if (oracle(mode, stride, d, o, k) == i) os.add(o);
        var r = AffineSolver.solve(I, shape(mode, stride, d), Map.of("i", (long) i, "k", (long) k));
        if (os.isEmpty()) assertInstanceOf(SizeResult.Failed.class, r);
        else assertEquals(new SizeResult.Solved(Map.of("o", os.getFirst())), r);
        assertEquals(os.size() <= 1, true);
    }

    @Property(tries = 300)
    void kernelFromInputAndOutputAgreesWithEnumeration(@ForAll @IntRange(min = 1, max = 3) int stride,
            @ForAll @IntRange(min = 1, max = 3) int dilation, @ForAll @IntRange(min = 1, max = 40) int i,
            @ForAll @IntRange(min = 1, max = 12) int o) {
        List<Long> ks = new ArrayList<>();
        for (long k = 1; k <= 40; k++) if (oracle(1, stride, dilation, o, k) == i) ks.add(k);
        var r = AffineSolver.solve(I, shape(1, stride, dilation), Map.of("i", (long) i, "o", (long) o));
        if (ks.isEmpty()) assertInstanceOf(SizeResult.Failed.class, r);
        else assertEquals(new SizeResult.Solved(Map.of("k", ks.getFirst())), r);
    }

    @Property(tries = 200)
    void allKnownIsCheckedAgainstTheFormula(@ForAll @IntRange(max = 2) int mode, @ForAll @IntRange(min = 1, max = 3) int stride,
            @ForAll @IntRange(min = 1, max = 12) int o, @ForAll @IntRange(min = 1, max = 5) int k,
            @ForAll @IntRange(min = 1, max = 40) int i) {
        var r = AffineSolver.solve(I, shape(mode, stride, 1), Map.of("i", (long) i, "o", (long) o, "k", (long) k));
        if (oracle(mode, stride, 1, o, k) == i) assertInstanceOf(SizeResult.Holds.class, r);
        else assertInstanceOf(SizeResult.Failed.class, r);
    }

    @Property(tries = 150)
    void linearEncodingAgreesWithEnumeration(@ForAll @IntRange(max = 2) int mode, @ForAll @IntRange(min = 1, max = 3) int stride,
            @ForAll @IntRange(min = 1, max = 3) int dilation, @ForAll @IntRange(min = 1, max = 40) int i) {
        int d = mode == 0 ? 1 : dilation;
        var t = new SizeTranslator()
                .add(new org.shapeforge.lang.Constraint.DimEq(I, shape(mode, stride, d), null), "i = affine(...)")
                .add(new org.shapeforge.lang.Constraint.SizeIn(new org.shapeforge.lang.SizeExpr.Size(I), i, i, null), "size(i) in i..i")
                .add(new org.shapeforge.lang.Constraint.SizeIn(new org.shapeforge.lang.SizeExpr.Size(O), 1, 40, null), "size(o) in 1..40")
                .add(new org.shapeforge.lang.Constraint.SizeIn(new org.shapeforge.lang.SizeExpr.Size(K), 1, 10, null), "size(k) in 1..10");
        boolean exists = false;
        for (long o = 1; o <= 40; o++) for (long k = 1; k <= 10; k++) exists |= oracle(mode, stride, d, o, k) == i;
        switch (LinearSolver.solve(t.system(java.util.Set.of()), Map.of())) {
            case LinearResult.Sat s -> {
                assertEquals(true, exists);
                assertEquals((long) i, oracle(mode, stride, d, s.model().get("o"), s.model().get("k")));
            }
            case LinearResult.Unsat u -> assertEquals(false, exists, u.reason());
            case LinearResult.Unknown u -> throw new AssertionError(u.reason());
        }
    }
}
