package org.shapeforge.codegen.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.Ops;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.testenv.Requires;

/**
 * The prologue's {@code sf_expf} (UnOp EXP, and Sigmoid through it) against the correctly rounded
 * e^x: within 1 ulp wherever e^x is a normal float, on floats drawn from every binade of the
 * range and the ends of it; +inf past 88.7228, +0 past −103.97 (and at −∞), NaN kept, e^0 = 1. The
 * kernel's loop is the vectorized one (the function has no branch).
 */
class ExpfTest {
    private static final float[] SPECIAL = {0f, -0f, 1f, -1f, 88.72283f, 88.7229f, 89f, -87.3f, -103.9f, -104f,
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, Float.MIN_VALUE, -Float.MIN_VALUE, 1e-30f};

    @Test
    void withinOneUlpOfTheCorrectlyRoundedExponentialAndExactAtTheEnds() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        int n = 1 << 16;
        double[] x = new double[n];
        SplittableRandom rnd = new SplittableRandom(23);
        for (int i = 0; i < n; i++) {
            if (i < SPECIAL.length) x[i] = SPECIAL[i];
            else x[i] = (float) ((rnd.nextBoolean() ? 1 : -1) * Math.pow(2, rnd.nextDouble(-30, 7)) * rnd.nextDouble(0.5, 1.0));
        }
        Operation op = Ops.unary(UnOp.EXP, List.of(n));
        String in = op.tensors().getFirst().name();
        HostTensor got = CKernel.compile(op, CCompiler.system()).run(Map.of(in, new HostTensor(List.of(n), x)), Harness.GARBAGE);
        int worst = 0;
        for (int i = 0; i < n; i++) {
            float want = (float) Math.exp(x[i]), g = (float) got.data()[i];
            if (Float.isNaN(want)) {
                assertTrue(Float.isNaN(g), "e^" + x[i]);
            } else if (Float.isInfinite(want) || want == 0 || x[i] > 88.72283935546875 || x[i] < -103.972076416015625) {
                assertEquals(x[i] > 88.72283935546875 ? Float.POSITIVE_INFINITY : x[i] < -103.972076416015625 ? 0f : want, g, "e^" + x[i]);
            } else if (Math.abs(want) >= Float.MIN_NORMAL) {
                worst = Math.max(worst, Math.abs(Float.floatToIntBits(g) - Float.floatToIntBits(want)));
            }
        }
        assertTrue(worst <= 1, "worst error " + worst + " ulp");
        assertTrue(new CEmitter(op).source().contains("sf_expf("), "EXP goes through sf_expf");
    }
}
