package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto.DataType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Value;

/**
 * Cast to FLOAT16 and BFLOAT16 through generated C (values.NarrowFloats) against Java's own
 * conversions — {@code Float.floatToFloat16} (round to nearest even, IEEE 754) and the
 * round-to-nearest-even bit formula for bfloat16 — exactly, at the edges: ties to even, the
 * largest finite values and the first that overflow, subnormals and their ties, zeros, ±∞, NaN,
 * values past 2^111 (where the rounding constant is scaled).
 */
class NarrowCastTest {
    private static Kernels kernels;

    @BeforeAll
    static void needsGcc() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        kernels = Kernels.system();
    }

    private static double[] cast(double[] xs, int to) {
        ModelProto m = Models.model(List.of(Models.input("x", xs.length)), List.of(),
                List.of(Models.node("n", "Cast", List.of("x"), List.of("y"), Models.i("to", to))), "y");
        return GraphRun.run(m, Map.of("x", new Value(List.of(xs.length), xs.clone(), DataType.FLOAT_VALUE)), kernels).get("y").data();
    }

    @Test
    void float16RoundsToNearestEvenAtEveryEdge() {
        double[] xs = {0, -0.0, 1, 1 + 0x1p-11, 1 + 0x1.8p-10, 1 + 0x1p-10 + 0x1p-11, -2.5, 3.14159265, 65504, 65519.99, 65520, 1e6,
                0x1p-24, 0x1p-25, 0x1.8p-24, 0x1p-14, 0x1.ff8p-15, 1e-9, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
                -123.456, 0.1, 2047.5, 2048.5, 4097};
        double[] got = cast(xs, DataType.FLOAT16_VALUE);
        for (int i = 0; i < xs.length; i++) {
            float want = Float.float16ToFloat(Float.floatToFloat16((float) xs[i]));
            assertEquals(want == 0 ? 0 : want, got[i] == 0 ? 0 : got[i], 0.0, "float16(" + xs[i] + ")");
        }
    }

    @Test
    void bfloat16RoundsToNearestEvenAtEveryEdge() {
        double[] xs = {0, 1, 1 + 0x1p-8, 1 + 0x1.8p-7, 1 + 0x1p-7 + 0x1p-8, -3.14159265, 0x1.FEp127, 0x1.FFp127, 3.4028235e38, 1e35, 0x1p120,
                0x1p-126, 0x1p-133, 1e-40, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, 0.47892547, 0.81910545, 255.5};
        double[] got = cast(xs, DataType.BFLOAT16_VALUE);
        for (int i = 0; i < xs.length; i++) {
            float f = (float) xs[i];
            int bits = Float.floatToRawIntBits(f);
            float want = Float.isNaN(f) ? Float.NaN : Float.intBitsToFloat((bits + 0x7fff + ((bits >> 16) & 1)) & 0xffff0000);
            assertEquals(want == 0 ? 0 : want, got[i] == 0 ? 0 : got[i], 0.0, "bfloat16(" + xs[i] + ")");
        }
    }
}
