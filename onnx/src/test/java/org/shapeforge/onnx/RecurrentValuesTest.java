package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto.DataType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Value;

/**
 * GRU and LSTM through generated C against a direct Java transcription of the ONNX operator
 * definitions, on the paths the installed conformance tests do not take: reverse and bidirectional
 * directions, GRU's {@code linear_before_reset = 1}, LSTM with peepholes in both directions.
 * Y and Y_h (and Y_c) must agree within 1e-4 (float kernels against double).
 */
class RecurrentValuesTest {
    private static final int SEQ = 3, BATCH = 2, IN = 3, H = 4;
    private static Kernels kernels;

    @BeforeAll
    static void needsGcc() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        kernels = Kernels.system();
    }

    private static double sigmoid(double v) {
        return 1 / (1 + Math.exp(-v));
    }

    private static double[] random(SplittableRandom r, int n) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) a[i] = (float) (r.nextDouble() - 0.5);
        return a;
    }

    /** Σ_i v[i]·M[row, i] (M row-major with {@code cols} columns, at {@code base}). */
    private static double dot(double[] m, int base, int row, int cols, double[] v, int vBase) {
        double s = 0;
        for (int i = 0; i < cols; i++) s += m[base + row * cols + i] * v[vBase + i];
        return s;
    }

    @ParameterizedTest(name = "{0} {1} linear_before_reset={2}")
    @CsvSource({"GRU, reverse, 0", "GRU, bidirectional, 1", "LSTM, bidirectional, 0", "LSTM, reverse, 0"})
    void directionsAndVariantsMatchTheDefinition(String op, String direction, int lbr) {
        int gates = op.equals("LSTM") ? 4 : 3, dirs = direction.equals("bidirectional") ? 2 : 1;
        SplittableRandom r = new SplittableRandom(op.hashCode() + direction.hashCode() + lbr);
        double[] x = random(r, SEQ * BATCH * IN), w = random(r, dirs * gates * H * IN), rr = random(r, dirs * gates * H * H),
                b = random(r, dirs * 2 * gates * H), p = random(r, dirs * 3 * H);
        // the reference
        double[][] yRef = new double[SEQ][dirs * BATCH * H];
        double[] hLast = new double[dirs * BATCH * H], cLast = new double[dirs * BATCH * H];
        for (int d = 0; d < dirs; d++) {
            boolean reverse = direction.equals("reverse") || d == 1;
            double[] h = new double[BATCH * H], c = new double[BATCH * H];
            int wb = d * gates * H * IN, rb = d * gates * H * H, bb = d * 2 * gates * H;
            for (int s = 0; s < SEQ; s++) {
                int t = reverse ? SEQ - 1 - s : s;
                double[] hn = new double[BATCH * H], cn = new double[BATCH * H];
                for (int n = 0; n < BATCH; n++)
                    for (int j = 0; j < H; j++) {
                        double[] xg = new double[gates], hg = new double[gates];
                        for (int q = 0; q < gates; q++) {
                            xg[q] = dot(w, wb, q * H + j, IN, x, (t * BATCH + n) * IN) + b[bb + q * H + j];
                            hg[q] = dot(rr, rb, q * H + j, H, h, n * H) + b[bb + gates * H + q * H + j];
                        }
                        if (op.equals("GRU")) {
                            double z = sigmoid(xg[0] + hg[0]), rg = sigmoid(xg[1] + hg[1]), cand;
                            if (lbr == 1) cand = Math.tanh(xg[2] + rg * hg[2]);
                            else {
                                double acc = 0; // Σ_i R_h[j, i]·(r ⊙ H)[i], r at every unit i
                                for (int i = 0; i < H; i++) {
                                    double rgi = sigmoid(dot(w, wb, H + i, IN, x, (t * BATCH + n) * IN) + b[bb + H + i]
                                            + dot(rr, rb, H + i, H, h, n * H) + b[bb + gates * H + H + i]);
                                    acc += rr[rb + (2 * H + j) * H + i] * rgi * h[n * H + i];
                                }
                                cand = Math.tanh(xg[2] + acc + b[bb + gates * H + 2 * H + j]);
                            }
                            hn[n * H + j] = (1 - z) * cand + z * h[n * H + j];
                        } else { // LSTM: i, o, f, c; peepholes i, o, f
                            double cp = c[n * H + j], pb = d * 3 * H;
                            double ig = sigmoid(xg[0] + hg[0] + p[(int) pb + j] * cp), fg = sigmoid(xg[2] + hg[2] + p[(int) pb + 2 * H + j] * cp);
                            double ct = fg * cp + ig * Math.tanh(xg[3] + hg[3]);
                            double og = sigmoid(xg[1] + hg[1] + p[(int) pb + H + j] * ct);
                            cn[n * H + j] = ct;
                            hn[n * H + j] = og * Math.tanh(ct);
                        }
                    }
                h = hn;
                c = cn;
                System.arraycopy(h, 0, yRef[t], d * BATCH * H, BATCH * H);
            }
            System.arraycopy(h, 0, hLast, d * BATCH * H, BATCH * H);
            System.arraycopy(c, 0, cLast, d * BATCH * H, BATCH * H);
        }
        // the model
        List<String> ins = op.equals("LSTM") ? List.of("X", "W", "R", "B", "", "", "", "P") : List.of("X", "W", "R", "B");
        List<String> outs = op.equals("LSTM") ? List.of("Y", "Y_h", "Y_c") : List.of("Y", "Y_h");
        var node = op.equals("LSTM") ? Models.node("n", op, ins, outs, Models.i("hidden_size", H), Models.str("direction", direction))
                : Models.node("n", op, ins, outs, Models.i("hidden_size", H), Models.str("direction", direction),
                        Models.i("linear_before_reset", lbr));
        ModelProto m = Models.model(List.of(Models.input("X", SEQ, BATCH, IN), Models.input("W", dirs, gates * H, IN),
                Models.input("R", dirs, gates * H, H), Models.input("B", dirs, 2 * gates * H), Models.input("P", dirs, 3 * H)),
                List.of(), List.of(node), outs.toArray(String[]::new));
        Map<String, Value> given = new LinkedHashMap<>();
        given.put("X", new Value(List.of(SEQ, BATCH, IN), x, DataType.FLOAT_VALUE));
        given.put("W", new Value(List.of(dirs, gates * H, IN), w, DataType.FLOAT_VALUE));
        given.put("R", new Value(List.of(dirs, gates * H, H), rr, DataType.FLOAT_VALUE));
        given.put("B", new Value(List.of(dirs, 2 * gates * H), b, DataType.FLOAT_VALUE));
        given.put("P", new Value(List.of(dirs, 3 * H), p, DataType.FLOAT_VALUE));
        Map<String, Value> got = GraphRun.run(m, given, kernels);
        assertEquals(List.of(SEQ, dirs, BATCH, H), got.get("Y").dims());
        for (int t = 0; t < SEQ; t++)
            for (int i = 0; i < dirs * BATCH * H; i++)
                assertTrue(Math.abs(got.get("Y").data()[t * dirs * BATCH * H + i] - yRef[t][i]) < 1e-4, op + " Y at t=" + t + ", " + i);
        for (int i = 0; i < hLast.length; i++) {
            assertTrue(Math.abs(got.get("Y_h").data()[i] - hLast[i]) < 1e-4, op + " Y_h " + i);
            if (op.equals("LSTM")) assertTrue(Math.abs(got.get("Y_c").data()[i] - cLast[i]) < 1e-4, op + " Y_c " + i);
        }
    }
}
