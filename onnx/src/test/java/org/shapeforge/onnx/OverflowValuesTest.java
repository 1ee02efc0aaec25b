package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorProto.DataType;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Value;
import org.shapeforge.testenv.Requires;

/**
 * NaN and ∞ from finite inputs that real exported networks hit (issue 32, "Values"), each cut down
 * to a tiny model: the −∞ attention mask of {@code masked_fill} (Where), and Softplus of a large
 * input (exp overflow). The expected values are computed here in double precision.
 */
class OverflowValuesTest {
    private static Kernels kernels;

    @BeforeAll
    static void needsGcc() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        kernels = Kernels.system();
    }

    private static ValueInfoProto boolInput(String name, long... dims) {
        TypeProto.Tensor.Builder t = TypeProto.Tensor.newBuilder().setElemType(DataType.BOOL_VALUE);
        for (long d : dims) t.getShapeBuilder().addDimBuilder().setDimValue(d);
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(t)).build();
    }

    /**
     * {@code x.masked_fill(m, -inf).softmax(-1)} as PyTorch exports it: {@code Where(m, −∞, x)},
     * then Softmax. The unselected −∞ must not turn the kept scores into NaN (it did: {@code 0·−∞}).
     */
    @Test
    void maskedFillWithMinusInfinityThenSoftmaxIsFinite() {
        TensorProto ninf = TensorProto.newBuilder().setName("ninf").setDataType(DataType.FLOAT_VALUE)
                .addFloatData(Float.NEGATIVE_INFINITY).build();
        ModelProto m = Models.model(List.of(Models.input("x", 2, 4), boolInput("m", 2, 4)), List.of(ninf),
                List.of(Models.node("w", "Where", List.of("m", "ninf", "x"), List.of("s")),
                        Models.node("sm", "Softmax", List.of("s"), List.of("y"), Models.i("axis", -1))), "y");
        double[] xs = {0.5, -1, 2, 0.25, -3, 1, 1, 4};
        double[] mask = {0, 1, 0, 1, 1, 0, 0, 0};
        double[] got = GraphRun.run(m, Map.of("x", new Value(List.of(2, 4), xs.clone(), DataType.FLOAT_VALUE),
                "m", new Value(List.of(2, 4), mask.clone(), DataType.BOOL_VALUE)), kernels).get("y").data();
        for (int r = 0; r < 2; r++) {
            double sum = 0;
            for (int c = 0; c < 4; c++) if (mask[4 * r + c] == 0) sum += Math.exp(xs[4 * r + c]);
            for (int c = 0; c < 4; c++) {
                double want = mask[4 * r + c] == 0 ? Math.exp(xs[4 * r + c]) / sum : 0;
                assertEquals(want, got[4 * r + c], 1e-6, "row " + r + " col " + c);
            }
        }
    }

    /** Where picks ±∞ and NaN where selected, and ignores them where not. */
    @Test
    void whereKeepsOnlyTheSelectedNonFiniteValues() {
        double inf = Double.POSITIVE_INFINITY, nan = Double.NaN;
        ModelProto m = Models.model(List.of(boolInput("c", 6), Models.input("a", 6), Models.input("b", 6)), List.of(),
                List.of(Models.node("w", "Where", List.of("c", "a", "b"), List.of("y"))), "y");
        double[] c = {1, 0, 1, 0, 1, 0}, a = {inf, inf, nan, nan, -inf, 2}, b = {1, 2, 3, -inf, nan, nan};
        double[] got = GraphRun.run(m, Map.of("c", new Value(List.of(6), c, DataType.BOOL_VALUE),
                "a", new Value(List.of(6), a, DataType.FLOAT_VALUE), "b", new Value(List.of(6), b, DataType.FLOAT_VALUE)), kernels)
                .get("y").data();
        for (int i = 0; i < 6; i++) assertEquals(c[i] != 0 ? a[i] : b[i], got[i], "Where(" + c[i] + ", " + a[i] + ", " + b[i] + ")");
    }

    /**
     * Where in a loop nest ([3, 6, 6]), as the expanded NLL losses with ignore_index use it: every
     * lane selected right. A ternary with a conditional load on each side was miscompiled by gcc
     * 12.2 at -O3 (if-converted masked loads in nested loops gave wrong lanes), so MASK is emitted
     * as a function whose operand is loaded unconditionally.
     */
    @Test
    void whereInALoopNestSelectsEveryLane() {
        int[] t = {1, 4, 0, 0, 2, 3, 1, 0, 0, 0, 0, 2};
        double[] c = new double[108], x = new double[108], y = new double[108];
        for (int i = 0; i < 108; i++) {
            c[i] = t[i % 12] == 1 ? 1 : 0;
            y[i] = t[i % 12];
        }
        ModelProto m = Models.model(List.of(boolInput("c", 3, 6, 6), Models.input("a", 3, 6, 6), Models.input("b", 3, 6, 6)), List.of(),
                List.of(Models.node("w", "Where", List.of("c", "a", "b"), List.of("y"))), "y");
        double[] got = GraphRun.run(m, Map.of("c", new Value(List.of(3, 6, 6), c, DataType.BOOL_VALUE),
                "a", new Value(List.of(3, 6, 6), x, DataType.FLOAT_VALUE), "b", new Value(List.of(3, 6, 6), y, DataType.FLOAT_VALUE)),
                kernels).get("y").data();
        for (int i = 0; i < 108; i++) assertEquals(c[i] != 0 ? x[i] : y[i], got[i], "lane " + i);
    }

    /** Softplus where exp(x) overflows float (x &gt; 88) is x, not ∞; far below 0 it is exp(x), not NaN. */
    @Test
    void softplusOfLargeInputsIsFinite() {
        double[] xs = {-200, -20, -1, 0, 1, 20, 89, 200, 1e30};
        ModelProto m = Models.model(List.of(Models.input("x", xs.length)), List.of(),
                List.of(Models.node("s", "Softplus", List.of("x"), List.of("y"))), "y");
        double[] got = GraphRun.run(m, Map.of("x", new Value(List.of(xs.length), xs.clone(), DataType.FLOAT_VALUE)), kernels)
                .get("y").data();
        for (int i = 0; i < xs.length; i++) {
            double x = (float) xs[i], want = Math.max(x, 0) + Math.log1p(Math.exp(-Math.abs(x)));
            assertTrue(Math.abs(got[i] - want) <= 1e-6 * Math.max(1, Math.abs(want)), "Softplus(" + x + ") = " + got[i] + ", want " + want);
        }
    }
}
