package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.Arrays;
import java.util.List;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;

/**
 * NonMaxSuppression through generated C, as ONNX's reference computes it
 * (onnx/reference/ops/op_non_max_suppression.py): per batch b and class c, the candidates are the
 * boxes whose score is strictly above {@code score_threshold} (every box when that input is
 * absent), taken by score, highest first, ties by the lower box index; a candidate is selected
 * unless a box selected before it overlaps it with IoU strictly above {@code iou_threshold}
 * ({@link Overlap}), until {@code max_output_boxes_per_class} are selected (absent: 0, nothing).
 * The result lists {@code (b, c, box)} INT64 triples, batch-major, then class, then selection order.
 *
 * <p>The greedy pass is a recurrence (whether a box is kept depends on whether earlier boxes were)
 * and the loop IR is order-free: its right-hand side never reads its left-hand side (Prop. 7.6).
 * So it is computed as the fixed point of one order-free operation, run until it stops changing:
 * with {@code P[i, j] = 1} where candidate i comes before candidate j and overlaps it,
 * {@code blocked'_j = max_i (1 − blocked_i)·P[i, j]}, from {@code blocked = 0}. The greedy answer is
 * that map's only fixed point (the kept set is decided box by box in score order), and after t rounds
 * every box of rank below t has its final value — at most N + 1 rounds for N boxes (one kernel,
 * compiled once and run each round), far fewer in practice: as many as the longest chain of boxes
 * whose fate hangs on the one before. The rounds' stopping test and the output's size (the number of
 * triples, summed from a kernel's per-class counts) are read when the code is generated, as NonZero
 * reads its count; every value is computed by a kernel.
 */
final class Suppression {
    private Suppression() {}

    /** The {@code [selected, 3]} INT64 triples of ONNX NonMaxSuppression on {@code in} (boxes, scores, then the optional inputs). */
    static Value apply(Kernels k, String name, Attrs at, List<Value> in) {
        Value boxes = in.get(0), scores = in.get(1);
        if (boxes.rank() != 3 || boxes.dims().get(2) != 4 || scores.rank() != 3 || !boxes.dims().get(0).equals(scores.dims().get(0))
                || !boxes.dims().get(1).equals(scores.dims().get(2)))
            throw new IllegalArgumentException(name + ": NonMaxSuppression needs boxes [batches, boxes, 4] and scores"
                    + " [batches, classes, boxes], got " + boxes.dims() + " and " + scores.dims());
        long center = at.i("center_point_box", 0);
        if (center != 0 && center != 1) throw new IllegalArgumentException(name + ": center_point_box must be 0 or 1, got " + center);
        Value maxIn = optional(in, 2), iouIn = optional(in, 3), scoreIn = optional(in, 4);
        long maxOut = maxIn == null || maxIn.size() == 0 ? 0 : Math.max(0, maxIn.longs()[0]);
        double iou = iouIn == null || iouIn.size() == 0 ? 0 : iouIn.data()[0];
        Double scoreThreshold = scoreIn == null || scoreIn.size() == 0 ? null : scoreIn.data()[0];
        int nb = boxes.dims().get(0), nc = scores.dims().get(1), n = boxes.dims().get(1);
        if (maxOut == 0 || nb == 0 || nc == 0 || n == 0) return new Value(List.of(0, 3), new double[0], DataType.INT64_VALUE);
        // with a threshold a NaN score is no candidate (NaN > t is false); without one it would be, and has no place in the order
        if (scoreThreshold == null && Arrays.stream(scores.data()).anyMatch(Double::isNaN)) // read when the code is generated
            throw new NotExpressible(name + ": a NaN score (no score_threshold) has no place in the order by score the selection follows");
        ScoreLines s = new ScoreLines(nb, nc, n, scores, scoreThreshold);
        Value rank = s.rank(k, name + "_rank");
        Value overlaps = overlaps(k, name + "_iou", boxes, center == 1, iou);
        Value before = s.blocking(k, name + "_before", rank, overlaps);
        Value blocked = fixedPoint(k, name + "_round", s, before);
        Value keep = Pointwise.map(k, name + "_keep", List.of(scores, blocked), r -> mul(s.candidate(r.get(0)), sub(c(1), r.get(1))),
                DataType.INT64_VALUE);
        return s.select(k, name, keep, Math.min(maxOut, n), rank);
    }

    /** {@code S[b, i, j]}: whether boxes i and j of batch b overlap past the threshold ({@link Overlap}). */
    private static Value overlaps(Kernels k, String name, Value boxes, boolean center, double iou) {
        int nb = boxes.dims().get(0), n = boxes.dims().get(1);
        Kernel b = new Kernel(name);
        Kernel.Ix bi = b.iter(nb), i = b.iter(n), j = b.iter(n);
        String t = b.tensor(boxes);
        Expr e = Overlap.suppresses(q -> Kernel.read(t, List.of(Kernel.at(bi), Kernel.at(i), Index.fixed(q))),
                q -> Kernel.read(t, List.of(Kernel.at(bi), Kernel.at(j), Index.fixed(q))), center, iou);
        return b.run(k, List.of(nb, n, n), List.of(Kernel.at(bi), Kernel.at(i), Kernel.at(j)), e, Update.assign(), DataType.INT64_VALUE);
    }

    /**
     * Runs {@code blocked'_j = max_i (1 − blocked_i)·before[i, j]} from zeros until it stops
     * changing; more than N + 1 rounds cannot happen (see the class comment) and would be our bug.
     */
    private static Value fixedPoint(Kernels k, String name, ScoreLines s, Value before) {
        List<Integer> dims = List.of(s.nb(), s.nc(), s.n());
        Value blocked = new Value(dims, new double[s.nb() * s.nc() * s.n()], DataType.INT64_VALUE);
        for (int round = 0; round <= s.n() + 1; round++) {
            Kernel b = new Kernel(name);
            Kernel.Ix bi = b.iter(s.nb()), ci = b.iter(s.nc()), i = b.iter(s.n()), j = b.iter(s.n());
            Expr free = sub(c(1), Kernel.read(b.tensor(blocked), List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(i))));
            Expr p = Kernel.read(b.tensor(before), List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(i), Kernel.at(j)));
            Value next = b.run(k, dims, List.of(Kernel.at(bi), Kernel.at(ci), Kernel.at(j)), mul(free, p), Update.accumulate(BinOp.MAX),
                    DataType.INT64_VALUE);
            if (Arrays.equals(next.data(), blocked.data())) return next;
            blocked = next;
        }
        throw new IllegalStateException(name + ": the suppression rounds did not settle within " + (s.n() + 1) + " rounds");
    }

    /** Input {@code k}, or null where the node has fewer inputs (an omitted optional input). */
    private static Value optional(List<Value> in, int k) {
        return k < in.size() ? in.get(k) : null;
    }
}
