package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorProto.DataType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Value;
import org.shapeforge.testenv.Requires;

/**
 * Pow through generated C on negative bases (issue 32, "Values"): PyTorch's LayerNorm below
 * opset 17 squares {@code x − mean} with {@code Pow(·, 2)}, which {@code exp(y·log x)} made NaN.
 * A constant integral exponent is multiplication; any other exponent has C's {@code pow}
 * semantics (a negative base with an integral exponent is finite, with a non-integral one NaN).
 */
class PowValuesTest {
    private static Kernels kernels;

    @BeforeAll
    static void needsGcc() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        kernels = Kernels.system();
    }

    /** A 0-D FLOAT initializer. */
    private static TensorProto scalar(String name, float v) {
        return TensorProto.newBuilder().setName(name).setDataType(DataType.FLOAT_VALUE).addFloatData(v).build();
    }

    private static Value floats(List<Integer> dims, double... v) {
        return new Value(dims, v.clone(), DataType.FLOAT_VALUE);
    }

    /** Equal within float rounding; NaN and infinities exactly. */
    private static void near(double want, double got, String what) {
        if (Double.isNaN(want) || Double.isInfinite(want)) assertEquals(want, got, what);
        else assertEquals(want, got, 1e-6 * Math.abs(want), what);
    }

    /** The repro.py {@code pow (run)} case: {@code y = Pow(x, two)} with the initializer 2.0 on [2, 3]. */
    @Test
    void squareOfNegativeBaseByInitializerIsFinite() {
        ModelProto m = Models.model(List.of(Models.input("x", 2, 3)), List.of(scalar("two", 2f)),
                List.of(Models.node("p", "Pow", List.of("x", "two"), List.of("y"))), "y");
        double[] got = GraphRun.run(m, Map.of("x", floats(List.of(2, 3), -1.5, 0, 2, 3, -0.25, 1)), kernels).get("y").data();
        assertEquals(List.of(2.25, 0.0, 4.0, 9.0, 0.0625, 1.0), java.util.Arrays.stream(got).boxed().toList());
    }

    /** Exponents from a {@code Constant} node (3, −1, 0 and −2): odd powers keep the sign, 0 gives 1 even for NaN. */
    @Test
    void constantIntegralExponentsKeepTheSign() {
        double[] xs = {-2, -0.5, 0.5, 3, Double.NaN};
        for (float e : new float[] {3, -1, 0, -2}) {
            AttributeProto value = AttributeProto.newBuilder().setName("value").setType(AttributeProto.AttributeType.TENSOR)
                    .setT(scalar("", e)).build();
            ModelProto m = Models.model(List.of(Models.input("x", xs.length)), List.of(),
                    List.of(Models.node("c", "Constant", List.of(), List.of("e"), value),
                            Models.node("p", "Pow", List.of("x", "e"), List.of("y"))), "y");
            double[] got = GraphRun.run(m, Map.of("x", floats(List.of(xs.length), xs)), kernels).get("y").data();
            for (int i = 0; i < xs.length; i++) {
                near(Math.pow(xs[i], e), got[i], "Pow(" + xs[i] + ", " + e + ")");
            }
        }
    }

    /** An exponent given at run time is C's pow: integral exponents of negative bases finite, non-integral ones NaN. */
    @Test
    void runtimeExponentFollowsCPow() {
        double[] xs = {-2, -2, -2, -8, 0, 0, 4, 2.5, -1};
        double[] ys = {2, 3, -3, 1.0 / 3, 0, -1, 0.5, 1.7, 1e9};
        ModelProto m = Models.model(List.of(Models.input("x", xs.length), Models.input("e", ys.length)), List.of(),
                List.of(Models.node("p", "Pow", List.of("x", "e"), List.of("y"))), "y");
        double[] got = GraphRun.run(m, Map.of("x", floats(List.of(xs.length), xs), "e", floats(List.of(ys.length), ys)), kernels)
                .get("y").data();
        for (int i = 0; i < xs.length; i++) {
            near(Math.pow((float) xs[i], (float) ys[i]), got[i], "Pow(" + xs[i] + ", " + ys[i] + ")");
        }
    }

    /**
     * LayerNorm as PyTorch exports it below opset 17 — ReduceMean, Sub, Pow 2, ReduceMean, Add ε,
     * Sqrt, Div — on rows with negative values, against the normalisation computed here in double.
     */
    @Test
    void layerNormBelowOpset17MatchesItsDefinition() {
        double eps = 1e-5;
        ModelProto m = Models.model(List.of(Models.input("x", 3, 4)), List.of(scalar("two", 2f), scalar("eps", (float) eps)),
                List.of(Models.node("m", "ReduceMean", List.of("x"), List.of("mean"), Models.ints("axes", -1)),
                        Models.node("d", "Sub", List.of("x", "mean"), List.of("dev")),
                        Models.node("sq", "Pow", List.of("dev", "two"), List.of("sq")),
                        Models.node("v", "ReduceMean", List.of("sq"), List.of("var"), Models.ints("axes", -1)),
                        Models.node("a", "Add", List.of("var", "eps"), List.of("ve")),
                        Models.node("s", "Sqrt", List.of("ve"), List.of("std")),
                        Models.node("n", "Div", List.of("dev", "std"), List.of("y"))), "y");
        double[] xs = {-3, -1, 0.5, 2, -0.25, -0.75, -1.5, -4, 10, -10, 3, -3};
        double[] got = GraphRun.run(m, Map.of("x", floats(List.of(3, 4), xs)), kernels).get("y").data();
        for (int r = 0; r < 3; r++) {
            double mean = 0, var = 0;
            for (int c = 0; c < 4; c++) mean += xs[4 * r + c] / 4;
            for (int c = 0; c < 4; c++) var += (xs[4 * r + c] - mean) * (xs[4 * r + c] - mean) / 4;
            for (int c = 0; c < 4; c++) {
                double want = (xs[4 * r + c] - mean) / Math.sqrt(var + eps);
                assertTrue(Math.abs(got[4 * r + c] - want) <= 1e-5 * Math.max(1, Math.abs(want)),
                        "row " + r + " col " + c + ": " + got[4 * r + c] + ", want " + want);
            }
        }
    }
}
