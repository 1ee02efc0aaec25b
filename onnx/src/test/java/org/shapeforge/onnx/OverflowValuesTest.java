package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
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

    /**
     * {@code softmax(scores + triu(full(−∞), 1))}, a causal attention mask as torch exports it
     * (Trilu of a −∞ constant, Add, Softmax): the kept entries of the mask are −∞, the others 0 —
     * never {@code 0·−∞} — so each row is the softmax of its lower triangle, 0 above it.
     */
    @Test
    void causalMaskOfMinusInfinityThroughTriluAddSoftmaxIsFinite() {
        int t = 4;
        TensorProto.Builder full = TensorProto.newBuilder().setName("full").setDataType(DataType.FLOAT_VALUE).addDims(t).addDims(t);
        for (int i = 0; i < t * t; i++) full.addFloatData(Float.NEGATIVE_INFINITY);
        ModelProto m = Models.model(List.of(Models.input("x", 2, t, t)), List.of(full.build(), Models.scalar64("one", 1)),
                List.of(Models.node("tri", "Trilu", List.of("full", "one"), List.of("mask"), Models.i("upper", 1)),
                        Models.node("add", "Add", List.of("x", "mask"), List.of("s")),
                        Models.node("sm", "Softmax", List.of("s"), List.of("y"), Models.i("axis", -1))), "y");
        m = m.toBuilder().setOpsetImport(0, m.getOpsetImport(0).toBuilder().setVersion(14)).build(); // Trilu is opset 14
        double[] xs = new double[2 * t * t];
        for (int i = 0; i < xs.length; i++) xs[i] = Math.sin(1.7 * i) * 3;
        double[] got = GraphRun.run(m, Map.of("x", new Value(List.of(2, t, t), xs.clone(), DataType.FLOAT_VALUE)), kernels).get("y").data();
        for (int b = 0; b < 2; b++)
            for (int r = 0; r < t; r++) {
                int row = (b * t + r) * t;
                double sum = 0;
                for (int c = 0; c <= r; c++) sum += Math.exp(xs[row + c]);
                for (int c = 0; c < t; c++) {
                    double want = c <= r ? Math.exp(xs[row + c]) / sum : 0;
                    assertEquals(want, got[row + c], 1e-6, "batch " + b + " row " + r + " col " + c);
                }
            }
    }

    /**
     * The selecting ops — Trilu, CumSum, GatherElements, GatherND, ThresholdedRelu, Shrink — pass
     * ±∞ through where they keep it and drop it where they do not: a selection is never {@code x·0}
     * ({@code 0·∞} is NaN). All six compared at once, so any one of them wrong fails.
     */
    @Test
    void selectingOpsKeepInfinitiesWithoutNaN() {
        double inf = Double.POSITIVE_INFINITY;
        double[] xs = {1, -inf, 2, inf, 3, 4};
        ModelProto m = Models.model(List.of(Models.input("x", 2, 3)), List.of(Models.scalar64("ax", 1),
                        Models.int64s("idx", 0, 0, 2, 1, 1, 0), Models.int64s("shape", 2, 3), Models.int64s("nd", 0, 1, 1, 0),
                        Models.int64s("ndShape", 2, 2)),
                List.of(Models.node("low", "Trilu", List.of("x"), List.of("l"), Models.i("upper", 0)),
                        Models.node("cs", "CumSum", List.of("x", "ax"), List.of("c")),
                        Models.node("rs", "Reshape", List.of("idx", "shape"), List.of("ix")),
                        Models.node("ge", "GatherElements", List.of("x", "ix"), List.of("g"), Models.i("axis", 1)),
                        Models.node("rn", "Reshape", List.of("nd", "ndShape"), List.of("nx")),
                        Models.node("gn", "GatherND", List.of("x", "nx"), List.of("n")),
                        Models.node("tr", "ThresholdedRelu", List.of("x"), List.of("t"), Models.f("alpha", 1.5f)),
                        Models.node("sh", "Shrink", List.of("x"), List.of("s"), Models.f("lambd", 1.5f), Models.f("bias", 0.5f))),
                "l", "c", "g", "n", "t", "s");
        m = m.toBuilder().setOpsetImport(0, m.getOpsetImport(0).toBuilder().setVersion(14)).build(); // Trilu is opset 14
        var out = GraphRun.run(m, Map.of("x", new Value(List.of(2, 3), xs.clone(), DataType.FLOAT_VALUE)), kernels);
        String want = "l " + Arrays.toString(new double[] {1, 0, 0, inf, 3, 0})
                + " c " + Arrays.toString(new double[] {1, -inf, -inf, inf, inf, inf})
                + " g " + Arrays.toString(new double[] {1, 1, 2, 3, 3, inf})
                + " n " + Arrays.toString(new double[] {-inf, inf})
                + " t " + Arrays.toString(new double[] {0, 0, 2, inf, 3, 4})
                + " s " + Arrays.toString(new double[] {0, -inf, 1.5, inf, 2.5, 3.5});
        String got = "";
        for (String v : List.of("l", "c", "g", "n", "t", "s")) got += (got.isEmpty() ? "" : " ") + v + " " + Arrays.toString(out.get(v).data());
        assertEquals(want, got);
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
