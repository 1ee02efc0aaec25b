package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/**
 * Every unary operation's C intrinsic (the emitter's table and the prologue's macros) against
 * {@link UnOp#apply}, on inputs inside the operation's domain and at its edges: the discrete ones
 * (FLOOR, CEIL, ROUND half to even, SIGN, STEP, ISNAN, ISINF) must agree exactly, the others
 * within 1e-5 relative (float against double).
 */
class UnaryIntrinsicsTest {
    @BeforeAll
    static void needsGcc() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
    }

    private static boolean discrete(UnOp op) {
        return switch (op) {
            case FLOOR, CEIL, ROUND, SIGN, STEP, ISNAN, ISINF -> true;
            default -> false;
        };
    }

    /** Inputs in the op's domain (all floats, so that C and the reference read the same values). */
    private static List<Double> inputs(UnOp op) {
        List<Double> xs = new ArrayList<>();
        switch (op) {
            case LOG, SQRT -> { for (double x : new double[] {0.01, 0.5, 1, 2.5, 1000}) xs.add(x); }
            case ACOSH -> { for (double x : new double[] {1, 1.5, 2, 10, 1e4}) xs.add(x); }
            case ASIN, ACOS, ATANH -> { for (double x : new double[] {-0.99, -0.5, 0, 0.25, 0.75}) xs.add(x); }
            case RECIP -> { for (double x : new double[] {-4, -0.5, 0.125, 3, 1e-3}) xs.add(x); }
            case ISNAN, ISINF, SIGN, STEP -> {
                for (double x : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0, -0.0, 1e-30, -2, 7})
                    xs.add(x);
            }
            default -> { for (double x : new double[] {-2.5, -1.5, -0.5, 0, 0.5, 1.5, 2.5, 0.3, -1.7, 3.49}) xs.add(x); }
        }
        return xs;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(UnOp.class)
    void intrinsicAgreesWithTheDefinition(UnOp op) {
        List<Double> xs = inputs(op);
        HostTensor a = HostTensor.zeros(List.of(xs.size()));
        for (int i = 0; i < xs.size(); i++) a.data()[i] = (float) (double) xs.get(i);
        HostTensor got = CKernel.compile(Ops.unary(op, List.of(xs.size())), Harness.compiler()).run(Map.of("a", a), Harness.GARBAGE);
        for (int i = 0; i < xs.size(); i++) {
            double x = a.data()[i], want = op.apply(x), g = got.data()[i];
            String at = op + "(" + x + ")";
            if (discrete(op) || Double.isNaN(want) || Double.isInfinite(want)) assertEquals(want, g, 0.0, at);
            else assertTrue(Math.abs(g - want) <= 1e-5 * Math.max(1, Math.abs(want)), at + ": " + g + " against " + want);
        }
    }
}
