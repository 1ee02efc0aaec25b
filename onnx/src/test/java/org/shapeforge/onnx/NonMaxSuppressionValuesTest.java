package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorProto.DataType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.NotExpressible;
import org.shapeforge.onnx.values.Value;
import org.shapeforge.testenv.Requires;

/**
 * NonMaxSuppression through generated C (issue 32, ssdlite's last op without a lowering), against
 * triples worked out by hand from ONNX's semantics: the greedy pass (a box suppressed by a box that
 * was itself suppressed is kept), ties by the lower index, strict comparisons with both thresholds,
 * the per-class cap, both box formats, and the result independent of the boxes' order.
 */
class NonMaxSuppressionValuesTest {
    private static Kernels kernels;

    @BeforeAll
    static void needsGcc() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        kernels = Kernels.system();
    }

    /** NMS of graph inputs boxes and scores; the optional inputs as initializers where given (null: absent). */
    private static ModelProto nms(Long max, Float iou, Float score, long centerPointBox) {
        List<TensorProto> inits = new ArrayList<>();
        List<String> ins = new ArrayList<>(List.of("boxes", "scores"));
        if (max != null) inits.add(Models.int64s("max", max));
        ins.add(max == null ? "" : "max");
        if (iou != null) inits.add(Models.floats("iou", iou));
        ins.add(iou == null ? "" : "iou");
        if (score != null) inits.add(Models.floats("score", score));
        if (score != null) ins.add("score");
        NodeProto n = Models.node("nms", "NonMaxSuppression", ins, List.of("selected"), Models.i("center_point_box", centerPointBox));
        return Models.model(List.of(Models.input("boxes", "b", "n", 4), Models.input("scores", "b", "c", "n")), inits, List.of(n), "selected");
    }

    private static List<List<Long>> run(ModelProto m, int b, int c, double[] boxes, double[] scores) {
        int n = scores.length / (b * c);
        Value y = GraphRun.run(m, Map.of("boxes", new Value(List.of(b, n, 4), boxes, DataType.FLOAT_VALUE),
                "scores", new Value(List.of(b, c, n), scores, DataType.FLOAT_VALUE)), kernels).get("selected");
        assertEquals(DataType.INT64_VALUE, y.type());
        assertEquals(3, y.dims().get(1), "triples: " + y.dims());
        List<List<Long>> out = new ArrayList<>();
        long[] v = y.longs();
        for (int r = 0; r < y.dims().getFirst(); r++) out.add(List.of(v[3 * r], v[3 * r + 1], v[3 * r + 2]));
        return out;
    }

    /**
     * Five boxes [y1, x1, y2, x2]: A = 1 overlaps B = 3 (IoU 1/3 &gt; 0.3), B overlaps C = 0 (1/3), A
     * and C only touch; D = 2 and E = 4 are far away. Class 0 ranks A, B, then C and D tied at 0.7
     * (C has the lower index), E at exactly the score threshold (not a candidate): A kept, B
     * suppressed, C kept although B overlaps it (B was not selected), then the cap of 2. Class 1:
     * B, D, E are the candidates (A and C below 0.25): B and D, then the cap.
     */
    @Test
    void greedyPassTiesThresholdsAndCapFollowOnnx() {
        double[] boxes = {0, 1, 1, 2, /* A */ 0, 0, 1, 1, /* D */ 0, 5, 1, 6, /* B */ 0, 0.5, 1, 1.5, /* E */ 0, 10, 1, 11};
        double[] scores = {0.7, 0.9, 0.7, 0.8, 0.25, /* class 1 */ 0.1, 0.2, 0.9, 0.95, 0.5};
        for (int i = 0; i < scores.length; i++) scores[i] = (float) scores[i];
        assertEquals(List.of(List.of(0L, 0L, 1L), List.of(0L, 0L, 0L), List.of(0L, 1L, 3L), List.of(0L, 1L, 2L)),
                run(nms(2L, 0.3f, 0.25f, 0), 1, 2, boxes, scores));
        // without the cap, class 0 adds D after C, and class 1 adds E
        assertEquals(List.of(List.of(0L, 0L, 1L), List.of(0L, 0L, 0L), List.of(0L, 0L, 2L), List.of(0L, 1L, 3L), List.of(0L, 1L, 2L),
                List.of(0L, 1L, 4L)), run(nms(10L, 0.3f, 0.25f, 0), 1, 2, boxes, scores));
    }

    /**
     * Center format [xc, yc, w, h]: P = [0, 1]² and Q = [0, 2] × [0, 1] have IoU exactly 0.5, which
     * does not suppress at threshold 0.5 and does at 0.49; without a score threshold negative scores
     * are candidates; without max_output_boxes_per_class nothing is selected.
     */
    @Test
    void iouAtTheThresholdKeepsAndMissingInputsTakeOnnxDefaults() {
        double[] boxes = {0.5, 0.5, 1, 1, 1, 0.5, 2, 1};
        double[] scores = {-1, -2};
        assertEquals(List.of(List.of(0L, 0L, 0L), List.of(0L, 0L, 1L)), run(nms(5L, 0.5f, null, 1), 1, 1, boxes, scores));
        assertEquals(List.of(List.of(0L, 0L, 0L)), run(nms(5L, 0.49f, null, 1), 1, 1, boxes, scores));
        assertEquals(List.of(), run(nms(null, 0.49f, null, 1), 1, 1, boxes, scores));
    }

    /**
     * A NaN score is no candidate under a score threshold ({@code NaN > t} is false); without one it
     * has no place in the order by score, and the node is refused, named, rather than answered.
     */
    @Test
    void aNanScoreIsSkippedUnderAThresholdAndRefusedWithout() {
        double[] boxes = {0, 0, 1, 1, 0, 5, 1, 6};
        double[] scores = {Double.NaN, 0.5};
        assertEquals(List.of(List.of(0L, 0L, 1L)), run(nms(5L, 0.5f, 0f, 0), 1, 1, boxes, scores));
        NotExpressible e = assertThrows(NotExpressible.class, () -> run(nms(5L, 0.5f, null, 0), 1, 1, boxes, scores));
        assertTrue(e.getMessage().contains("'nms' (NonMaxSuppression)") && e.getMessage().contains("NaN score"), e.getMessage());
    }

    /**
     * 24 random boxes in two batches: the boxes shuffled (scores with them) select the same boxes
     * in the same order, through the permutation — and as many as a plain greedy pass over the
     * same data selects, written out here as the definition.
     */
    @Test
    void selectionIsIndependentOfTheBoxesOrder() {
        Random r = new Random(32);
        int nb = 2, n = 24;
        double[] boxes = new double[nb * n * 4], scores = new double[nb * n];
        for (int i = 0; i < nb * n; i++) {
            double y = r.nextInt(40) / 4.0, x = r.nextInt(40) / 4.0;
            double[] box = {y, x, y + 1 + r.nextInt(12) / 4.0, x + 1 + r.nextInt(12) / 4.0};
            System.arraycopy(box, 0, boxes, 4 * i, 4);
            scores[i] = (float) ((i * 7919 % 97) / 97.0); // distinct within a batch
        }
        int[] perm = new int[n];
        List<Integer> shuffled = new ArrayList<>();
        for (int i = 0; i < n; i++) shuffled.add(i);
        java.util.Collections.shuffle(shuffled, r);
        for (int i = 0; i < n; i++) perm[i] = shuffled.get(i);
        double[] pBoxes = new double[boxes.length], pScores = new double[scores.length];
        for (int b = 0; b < nb; b++)
            for (int i = 0; i < n; i++) {
                System.arraycopy(boxes, 4 * (b * n + perm[i]), pBoxes, 4 * (b * n + i), 4);
                pScores[b * n + i] = scores[b * n + perm[i]];
            }
        ModelProto m = nms(100L, 0.2f, 0.1f, 0);
        List<List<Long>> plain = run(m, nb, 1, boxes, scores), permuted = run(m, nb, 1, pBoxes, pScores);
        List<List<Long>> mapped = permuted.stream().map(t -> List.of(t.get(0), t.get(1), (long) perm[t.get(2).intValue()])).toList();
        assertEquals(plain, mapped);
        assertEquals(greedy(nb, n, boxes, scores, 0.2f, 0.1f), plain);
    }

    /** The greedy pass as ONNX's reference writes it (corner format), for the random case's cross-check. */
    private static List<List<Long>> greedy(int nb, int n, double[] boxes, double[] scores, double iou, double score) {
        List<List<Long>> out = new ArrayList<>();
        for (int b = 0; b < nb; b++) {
            int bb = b;
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < n; i++) if (scores[b * n + i] > score) order.add(i);
            order.sort((p, q) -> Double.compare(scores[bb * n + q], scores[bb * n + p]));
            List<Integer> kept = new ArrayList<>();
            for (int i : order)
                if (kept.stream().noneMatch(j -> iou(boxes, 4 * (bb * n + i), 4 * (bb * n + j)) > iou)) kept.add(i);
            for (int i : kept) out.add(List.of((long) b, 0L, (long) i));
        }
        return out;
    }

    private static double iou(double[] bx, int p, int q) {
        double w = Math.min(bx[p + 3], bx[q + 3]) - Math.max(bx[p + 1], bx[q + 1]);
        double h = Math.min(bx[p + 2], bx[q + 2]) - Math.max(bx[p], bx[q]);
        if (w <= 0 || h <= 0) return 0;
        double a = (bx[p + 2] - bx[p]) * (bx[p + 3] - bx[p + 1]), c = (bx[q + 2] - bx[q]) * (bx[q + 3] - bx[q + 1]);
        return w * h / (a + c - w * h);
    }
}
