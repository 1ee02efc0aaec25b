package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto.DataType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Value;
import org.shapeforge.testenv.Requires;

/**
 * Resize's values through generated C over axes long enough for the taps' form (each output read
 * from its 2 or 4 source pixels through a gathered coordinate, not a contraction over the axis):
 * bilinear half_pixel 1 × 2 × 40 × 200 → 1 × 2 × 67 × 333 and bicubic align_corners 1 × 1 × 64 × 64
 * → 1 × 1 × 96 × 48, against ONNX's definition computed here (separable, the last axis first, edge
 * pixels clamped), and nearest 64 → 100 exactly. The conformance data's images are too small for
 * this form (it keeps the dense one there), so these are its test.
 */
class ResizeValuesTest {
    private static Kernels kernels;

    @BeforeAll
    static void needsGcc() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        kernels = Kernels.system();
    }

    private static double[] run(int[] in, float[] scales, String mode, String coord, double[] x) {
        ModelProto m = Models.model(List.of(Models.input("x", in[0], in[1], in[2], in[3])), List.of(Models.floats("roi"), Models.floats("scales", scales)),
                List.of(Models.node("rs", "Resize", List.of("x", "roi", "scales"), List.of("y"), Models.str("mode", mode),
                        Models.str("coordinate_transformation_mode", coord))), "y");
        return GraphRun.run(m, Map.of("x", new Value(List.of(in[0], in[1], in[2], in[3]), x, DataType.FLOAT_VALUE)), kernels).get("y").data();
    }

    /** One axis of ONNX's reference: the source coordinate, then the mode's taps, edges clamped. */
    private static double[][] weights(int in, int out, double scale, String mode, String coord) {
        double[][] w = new double[out][in];
        for (int o = 0; o < out; o++) {
            double s = switch (coord) {
                case "align_corners" -> out == 1 ? 0 : o * (in - 1) / (double) (out - 1);
                case "asymmetric" -> o / scale;
                default -> (o + 0.5) / scale - 0.5; // half_pixel
            };
            double f = Math.floor(s), r = s == f ? 1 : s - f;
            long left = (long) Math.ceil(s) - 1;
            double[] c;
            if (mode.equals("linear")) c = new double[] {1 - r, r};
            else if (mode.equals("nearest")) c = r == 1 || r > 0.5 ? new double[] {0, 1} : new double[] {1, 0};
            else {
                double a = -0.75;
                c = new double[] {cubic(r + 1, a), cubic(r, a), cubic(1 - r, a), cubic(2 - r, a)};
            }
            long first = left - (c.length / 2 - 1);
            for (int t = 0; t < c.length; t++) w[o][(int) Math.max(0, Math.min(in - 1, first + t))] += c[t];
        }
        return w;
    }

    private static double cubic(double d, double a) { // Keys' kernel at distance d
        d = Math.abs(d);
        return d <= 1 ? ((a + 2) * d - (a + 3)) * d * d + 1 : d < 2 ? ((a * d - 5 * a) * d + 8 * a) * d - 4 * a : 0;
    }

    private static double[] reference(int[] in, int h, int w, double[] x, double[][] wh, double[][] ww) {
        int planes = in[0] * in[1];
        double[] cols = new double[planes * in[2] * w], out = new double[planes * h * w];
        for (int p = 0; p < planes; p++)
            for (int i = 0; i < in[2]; i++)
                for (int o = 0; o < w; o++) {
                    double s = 0;
                    for (int v = 0; v < in[3]; v++) s += ww[o][v] * (float) x[(p * in[2] + i) * in[3] + v];
                    cols[(p * in[2] + i) * w + o] = s;
                }
        for (int p = 0; p < planes; p++)
            for (int o = 0; o < h; o++)
                for (int j = 0; j < w; j++) {
                    double s = 0;
                    for (int v = 0; v < in[2]; v++) s += wh[o][v] * cols[(p * in[2] + v) * w + j];
                    out[(p * h + o) * w + j] = s;
                }
        return out;
    }

    private static double[] random(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = r.nextDouble(-2, 2);
        return x;
    }

    private static void check(int[] in, float sh, float sw, String mode, String coord) {
        double[] x = random(in[0] * in[1] * in[2] * in[3], 41);
        int h = (int) Math.floor(in[2] * (double) sh), w = (int) Math.floor(in[3] * (double) sw);
        double[] got = run(in, new float[] {1, 1, sh, sw}, mode, coord, x);
        double[] want = reference(in, h, w, x, weights(in[2], h, sh, mode, coord), weights(in[3], w, sw, mode, coord));
        assertEquals(want.length, got.length);
        for (int i = 0; i < want.length; i++)
            assertTrue(Math.abs(got[i] - want[i]) <= 1e-5 * Math.max(1, Math.abs(want[i])), mode + " " + coord + " at " + i + ": " + got[i] + ", want " + want[i]);
    }

    @Test
    void bilinearHalfPixelOverLongAxes() {
        check(new int[] {1, 2, 40, 200}, 5 / 3f, 5 / 3f, "linear", "half_pixel");
    }

    @Test
    void bicubicAlignCornersUpAndDown() {
        check(new int[] {1, 1, 64, 64}, 1.5f, 0.75f, "cubic", "align_corners");
    }

    @Test
    void nearestOverALongAxisIsExact() {
        check(new int[] {1, 1, 4, 64}, 1, 100 / 64f, "nearest", "asymmetric");
    }
}
