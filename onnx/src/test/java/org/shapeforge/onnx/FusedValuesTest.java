package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorProto.DataType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Value;

/**
 * Issue 29's fused groups compute what their nodes mean, checked against the ONNX definitions
 * computed here in double precision, and run as one kernel: a Conv with bias, residual Add, ReLU
 * and a scale as the convolution's epilogue; Gemm and MatMul with a bias and ReLU; a pointwise
 * tree whose branch is smaller than its root (a squeeze-excitation gate broadcast over the image)
 * with HardSwish and Clip.
 */
class FusedValuesTest {
    private static final double TOLERANCE = 1e-5;

    @BeforeAll
    static void needsGcc() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
    }

    private static NodeProto n(String op, List<String> ins, String out, onnx.Onnx.AttributeProto... at) {
        return Models.node(op + "_" + out, op, ins, List.of(out), at);
    }

    private static double[] random(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = (float) r.nextDouble(-1, 1);
        return d;
    }

    private static TensorProto init(String name, double[] v, int... dims) {
        TensorProto.Builder b = TensorProto.newBuilder().setName(name).setDataType(DataType.FLOAT_VALUE);
        for (int d : dims) b.addDims(d);
        for (double x : v) b.addFloatData((float) x);
        return b.build();
    }

    private static Value value(double[] v, Integer... dims) {
        return new Value(List.of(dims), v.clone(), DataType.FLOAT_VALUE);
    }

    private static void near(double[] want, double[] got) {
        assertEquals(want.length, got.length);
        double scale = 0;
        for (double w : want) scale = Math.max(scale, Math.abs(w));
        long zeros = 0;
        for (int i = 0; i < want.length; i++) {
            assertTrue(Math.abs(got[i] - want[i]) <= TOLERANCE * Math.max(1, scale), "cell " + i + ": " + got[i] + ", want " + want[i]);
            if (want[i] == 0) zeros++;
        }
        assertTrue(zeros < want.length, "not all zero: the check means something");
    }

    @Test
    void convolutionBiasResidualReluAndScaleAreOneKernel() {
        int c = 4, h = 6, w = 5;
        double[] x = random(c * h * w, 1), r = random(c * h * w, 2), wt = random(c * c * 9, 3), bias = random(c, 4);
        ModelProto m = Models.model(List.of(Models.input("x", 1, c, h, w), Models.input("r", 1, c, h, w)),
                List.of(init("w", wt, c, c, 3, 3), init("b", bias, c), init("s", new double[] {0.5}, 1)),
                List.of(n("Conv", List.of("x", "w", "b"), "cv", Models.ints("pads", 1, 1, 1, 1)),
                        n("Add", List.of("cv", "r"), "a"), n("Relu", List.of("a"), "y"), n("Mul", List.of("y", "s"), "z")), "z");
        Kernels k = Kernels.system();
        double[] got = GraphRun.run(m, Map.of("x", value(x, 1, c, h, w), "r", value(r, 1, c, h, w)), k).get("z").data();
        double[] want = new double[c * h * w];
        for (int o = 0; o < c; o++)
            for (int i = 0; i < h; i++)
                for (int j = 0; j < w; j++) {
                    double s = bias[o];
                    for (int ci = 0; ci < c; ci++)
                        for (int di = 0; di < 3; di++)
                            for (int dj = 0; dj < 3; dj++) {
                                int yi = i + di - 1, xj = j + dj - 1;
                                if (yi >= 0 && yi < h && xj >= 0 && xj < w) s += x[(ci * h + yi) * w + xj] * wt[((o * c + ci) * 3 + di) * 3 + dj];
                            }
                    int at = (o * h + i) * w + j;
                    want[at] = Math.max(0, s + r[at]) * 0.5;
                }
        near(want, got);
        assertEquals(1, k.runs(), "the convolution and its three followers are one kernel");
        assertEquals(1, k.fusedGroups());
        assertEquals(4, k.fusedNodes());
    }

    @Test
    void gemmAndMatMulWithBiasAndReluAreOneKernelEach() {
        int m = 3, kk = 5, nn = 7;
        double[] a = random(2 * m * kk, 5), b = random(kk * nn, 6), bias = random(nn, 7);
        ModelProto gm = Models.model(List.of(Models.input("a", m, kk)), List.of(init("b", b, kk, nn), init("c", bias, nn)),
                List.of(n("Gemm", List.of("a", "b", "c"), "g", Models.f("alpha", 2f)), n("Relu", List.of("g"), "y")), "y");
        ModelProto mm = Models.model(List.of(Models.input("a", 2, m, kk)), List.of(init("b", b, kk, nn), init("c", bias, nn)),
                List.of(n("MatMul", List.of("a", "b"), "p"), n("Add", List.of("p", "c"), "q"), n("Relu", List.of("q"), "y")), "y");
        Kernels k = Kernels.system();
        double[] g = GraphRun.run(gm, Map.of("a", value(java.util.Arrays.copyOf(a, m * kk), m, kk)), k).get("y").data();
        double[] p = GraphRun.run(mm, Map.of("a", value(a, 2, m, kk)), k).get("y").data();
        double[] wantG = new double[m * nn], wantP = new double[2 * m * nn];
        for (int q = 0; q < 2; q++)
            for (int i = 0; i < m; i++)
                for (int j = 0; j < nn; j++) {
                    double s = 0;
                    for (int t = 0; t < kk; t++) s += a[(q * m + i) * kk + t] * b[t * nn + j];
                    wantP[(q * m + i) * nn + j] = Math.max(0, s + bias[j]);
                    if (q == 0) wantG[i * nn + j] = Math.max(0, 2 * s + bias[j]);
                }
        near(wantG, g);
        near(wantP, p);
        assertEquals(2, k.runs(), "one kernel per model");
        assertEquals(2, k.fusedGroups());
    }

    @Test
    void aBroadcastGateHardSwishAndClipAreOneKernel() {
        int c = 3, h = 4, w = 5;
        double[] x = random(c * h * w, 8), p = random(c, 9);
        for (int i = 0; i < x.length; i++) x[i] *= 8; // past HardSwish's and Clip's bends
        ModelProto m = Models.model(List.of(Models.input("x", 1, c, h, w), Models.input("p", 1, c, 1, 1)),
                List.of(init("lo", new double[] {-0.25}), init("hi", new double[] {2})),
                List.of(n("Sigmoid", List.of("p"), "g"), n("Mul", List.of("x", "g"), "y"), n("HardSwish", List.of("y"), "z"),
                        n("Clip", List.of("z", "lo", "hi"), "out")), "out");
        Kernels k = Kernels.system();
        double[] got = GraphRun.run(m, Map.of("x", value(x, 1, c, h, w), "p", value(p, 1, c, 1, 1)), k).get("out").data();
        double[] want = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            double y = x[i] / (1 + Math.exp(-p[i / (h * w)]));
            double z = y * Math.max(0, Math.min(1, y / 6 + 0.5));
            want[i] = Math.min(2, Math.max(-0.25, z));
        }
        near(want, got);
        assertEquals(1, k.runs());
        assertEquals(4, k.fusedNodes());
    }
}
