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
 * The prologue's {@code sf_tanhf} (UnOp TANH) against the correctly rounded tanh: within 2 ulp on
 * floats drawn from every binade of [2^-30, 2^6) of both signs, both sides of the 0.625 switch and
 * the ends; exactly +-1 far out and at +-inf, +-0 kept, NaN kept. The function has no branch, so the
 * kernel's loop is the vectorized one.
 */
class TanhfTest {
    private static final float[] SPECIAL = {0f, -0f, 0.625f, -0.625f, Math.nextDown(0.625f), Math.nextUp(0.625f), 1f, -1f, 9f, 44.4f,
            45f, 88.8f, 1e30f, -1e30f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, Float.MIN_VALUE, -Float.MIN_VALUE, 1e-30f};

    @Test
    void withinTwoUlpOfTheCorrectlyRoundedTanhAndExactAtTheEnds() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        int n = 1 << 16;
        double[] x = new double[n];
        SplittableRandom rnd = new SplittableRandom(29);
        for (int i = 0; i < n; i++) {
            if (i < SPECIAL.length) x[i] = SPECIAL[i];
            else if (i % 4 == 0) x[i] = (float) rnd.nextDouble(-1.5, 1.5); // dense around the switch at 0.625
            else x[i] = (float) ((rnd.nextBoolean() ? 1 : -1) * Math.pow(2, rnd.nextDouble(-30, 6)) * rnd.nextDouble(0.5, 1.0));
        }
        Operation op = Ops.unary(UnOp.TANH, List.of(n));
        String in = op.tensors().getFirst().name();
        HostTensor got = CKernel.compile(op, CCompiler.system()).run(Map.of(in, new HostTensor(List.of(n), x)), Harness.GARBAGE);
        int worst = 0;
        for (int i = 0; i < n; i++) {
            float want = (float) Math.tanh(x[i]), g = (float) got.data()[i];
            if (Float.isNaN(want)) {
                assertTrue(Float.isNaN(g), "tanh " + x[i]);
            } else if (Math.abs(x[i]) >= 10 || x[i] == 0 || Math.abs(want) < Float.MIN_NORMAL) {
                assertEquals(Float.floatToIntBits(want), Float.floatToIntBits(g), "tanh " + x[i] + ": " + g); // +-1, +-0, the subnormal x itself
            } else {
                worst = Math.max(worst, Math.abs(Float.floatToIntBits(g) - Float.floatToIntBits(want)));
            }
        }
        assertTrue(worst <= 2, "worst error " + worst + " ulp");
        assertTrue(new CEmitter(op).source().contains("sf_tanhf("), "TANH goes through sf_tanhf");
    }
}
