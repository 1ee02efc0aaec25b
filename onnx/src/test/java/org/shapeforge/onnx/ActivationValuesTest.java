package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto.DataType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Value;

/**
 * Activations and predicates through generated C against their ONNX definitions computed here in
 * double precision — for the ops the installed conformance data has no test of (Mish, Gelu) and
 * for the edges the conformance data does not probe: non-default attributes, infinities and NaN
 * in comparisons, Shrink's jump. Discrete results (BOOL) must agree exactly.
 */
class ActivationValuesTest {
    private static final double[] XS = {-3, -1.5, -0.5, -1e-3, 0, 1e-3, 0.5, 1, 1.5, 4};
    private static Kernels kernels;

    @BeforeAll
    static void needsGcc() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        kernels = Kernels.system();
    }

    private static double[] unary(String op, double[] xs, AttributeProto... attrs) {
        ModelProto m = Models.model(List.of(Models.input("x", xs.length)), List.of(),
                List.of(Models.node("n", op, List.of("x"), List.of("y"), attrs)), "y");
        Value x = new Value(List.of(xs.length), xs.clone(), DataType.FLOAT_VALUE);
        return GraphRun.run(m, Map.of("x", x), kernels).get("y").data();
    }

    private static void near(String what, DoubleUnaryOperator f, double[] xs, double[] got) {
        for (int i = 0; i < xs.length; i++) {
            double want = f.applyAsDouble((float) xs[i]);
            assertTrue(Math.abs(got[i] - want) <= 1e-5 * Math.max(1, Math.abs(want)), what + "(" + xs[i] + ") = " + got[i] + ", want " + want);
        }
    }

    @Test
    void mishAndBothGelusFollowTheirFormulas() {
        near("Mish", x -> x * Math.tanh(Math.log1p(Math.exp(x))), XS, unary("Mish", XS));
        double c = Math.sqrt(2 / Math.PI);
        near("Gelu tanh", x -> 0.5 * x * (1 + Math.tanh(c * (x + 0.044715 * x * x * x))), XS,
                unary("Gelu", XS, Models.str("approximate", "tanh")));
        // erf by its series (|x| ≤ 3/√2 here), independent of the kernel's Abramowitz–Stegun form
        near("Gelu", x -> 0.5 * x * (1 + erf(x / Math.sqrt(2))), XS, unary("Gelu", XS));
    }

    private static double erf(double z) {
        double sum = 0, term = z;
        for (int n = 0; n < 80; n++) {
            sum += term / (2 * n + 1);
            term *= -z * z / (n + 1);
        }
        return 2 / Math.sqrt(Math.PI) * sum;
    }

    @Test
    void attributesAndJumpsAreHonoured() {
        near("LeakyRelu 0.3", x -> x > 0 ? x : 0.3 * x, XS, unary("LeakyRelu", XS, Models.f("alpha", 0.3f)));
        near("Celu 2", x -> Math.max(0, x) + Math.min(0, 2 * (Math.exp(x / 2) - 1)), XS, unary("Celu", XS, Models.f("alpha", 2f)));
        // hard Shrink (bias 0) jumps at ±λ: x itself outside, 0 inside (λ = 0.5 included: not > λ)
        near("Shrink hard", x -> x < -0.5 ? x : x > 0.5 ? x : 0, XS, unary("Shrink", XS));
        near("Shrink bias 0.25", x -> x < -1 ? x + 0.25 : x > 1 ? x - 0.25 : 0, XS,
                unary("Shrink", XS, Models.f("lambd", 1f), Models.f("bias", 0.25f)));
        near("ThresholdedRelu 1", x -> x > 1 ? x : 0, XS, unary("ThresholdedRelu", XS));
    }

    @Test
    void comparisonsAreExactAtInfinitiesAndNaN() {
        double inf = Double.POSITIVE_INFINITY, nan = Double.NaN;
        double[] a = {1, 2, inf, inf, -inf, nan, nan, 0, -0.0, 1e-30, 3};
        double[] b = {1, 1, inf, 1, inf, 1, nan, -0.0, 0, 0, 3.0000002};
        check("Greater", a, b, (x, y) -> x > y ? 1 : 0);
        check("Less", a, b, (x, y) -> x < y ? 1 : 0);
        check("Equal", a, b, (x, y) -> x == y ? 1 : 0);
        check("GreaterOrEqual", a, b, (x, y) -> x >= y ? 1 : 0);
        check("LessOrEqual", a, b, (x, y) -> x <= y ? 1 : 0);
        double[] got = unary("IsInf", a, Models.i("detect_negative", 0));
        for (int i = 0; i < a.length; i++) assertEquals(a[i] == inf ? 1 : 0, got[i], 0.0, "IsInf +(" + a[i] + ")");
    }

    private static void check(String op, double[] a, double[] b, DoubleBinaryOperator f) {
        ModelProto m = Models.model(List.of(Models.input("a", a.length), Models.input("b", b.length)), List.of(),
                List.of(Models.node("n", op, List.of("a", "b"), List.of("y"))), "y");
        double[] got = GraphRun.run(m, Map.of("a", new Value(List.of(a.length), a.clone(), DataType.FLOAT_VALUE),
                "b", new Value(List.of(b.length), b.clone(), DataType.FLOAT_VALUE)), kernels).get("y").data();
        for (int i = 0; i < a.length; i++)
            assertEquals(f.applyAsDouble((float) a[i], (float) b[i]), got[i], 0.0, op + "(" + a[i] + ", " + b[i] + ")");
    }
}
