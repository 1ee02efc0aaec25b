package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import onnx.Onnx.TensorProto.DataType;

/**
 * TopK, GatherND and Gather computed in Java ({@link Placement#HOST}: where a node runs in a
 * segmented plan's interpreted remainder, its inputs and result are Java data anyway and nothing is
 * replayed after it), with the algorithm each deserves instead of {@link Selection}'s one-hot
 * kernels:
 * <ul>
 *   <li><b>TopK</b> (ONNX TopK-11): along {@code axis}, the K largest ({@code largest = 1}) or
 *       smallest elements in order, equal values keeping the lower index first, as values and
 *       INT64 indices — a bounded heap per line ({@link java.util.PriorityQueue}), O(n log K) where the rank kernel is O(n²). Always
 *       sorted ({@code sorted = 0} leaves the order to us: the kernel's is this one);</li>
 *   <li><b>GatherND</b> (ONNX GatherND-12): {@code y[b, j, r] = x[b, pos(b, j), r]} with the index
 *       tuples' positions over the indexed axes, negative entries from the end — a copy,
 *       O(output);</li>
 *   <li><b>Gather</b> (ONNX Gather-13): {@code y[.., j, ..] = x[.., idx[j], ..]} along
 *       {@code axis}, negative indices from the end — a copy.</li>
 * </ul>
 * <p>The numbers are the kernels', bit for bit, for finite inputs (the segmented plan's check of
 * its first run compares them): the one-hot sums {@code 0 + x·1 + 0·…} turn −0.0 into +0.0, and so
 * do these copies ({@code x + 0.0}) where the kernel path is such a sum (every TopK and GatherND; a
 * Gather of more than {@link Shaping#MAX_RUNS} runs). Values compare numerically (−0.0 equals +0.0,
 * a tie). NaN: here a NaN orders above every number (TopK, as NumPy's sort and torch.topk do) and
 * is copied where selected; in the kernels a NaN of a line turns every TopK value of the line to NaN
 * with indices unspecified, and a NaN of a GatherND's {@code x[b, :, r]} every output of that b and r
 * ({@code NaN·0}) — ±∞ likewise ({@code ∞·0}). Out-of-range indices are an error here.
 */
final class HostSelection {
    private HostSelection() {}

    private static final Set<String> OPS = Set.of("TopK", "GatherND");

    /** Whether {@link #apply} computes {@code op} (of the {@link Selection} family; Gather is {@link #gather}, from {@link Shapes}). */
    static boolean computes(String op) {
        return OPS.contains(op);
    }

    static List<Value> apply(LoweringCall c) {
        return switch (c.op()) {
            case "TopK" -> {
                Value x = c.in().get(0);
                long kk = c.opset() < 10 ? c.at().i("k", 1) : (long) c.in().get(1).data()[0];
                yield topK(c.name(), x, kk, Shapes.axis(c.at().i("axis", -1), x.rank()), c.at().i("largest", 1) != 0);
            }
            case "GatherND" -> List.of(gatherNd(c.name(), c.in().get(0), c.in().get(1), (int) c.at().i("batch_dims", 0)));
            default -> throw new IllegalStateException("not computed on the host: " + c.op()); // computes() said it was: our bug
        };
    }

    /** TopK's values and INT64 indices along {@code axis} (see the class comment); K from 1 to the axis' extent. */
    static List<Value> topK(String name, Value x, long kk, int axis, boolean largest) {
        int n = x.dims().get(axis);
        if (kk < 1 || kk > n) throw new NotExpressible(name + ": K = " + kk + " of an axis of " + n + " (an empty result or out of range)");
        int k = (int) kk;
        int inner = Selection.product(x.dims().subList(axis + 1, x.rank())), outer = (int) (x.size() / ((long) n * inner));
        double[] d = x.data(), values = new double[outer * k * inner], indices = new double[outer * k * inner];
        Order order = new Order(d, largest);
        // the JDK's binary heap (java.util.PriorityQueue) of the K kept so far, its head the one that comes last
        PriorityQueue<Integer> kept = new PriorityQueue<>(k, (a, b) -> order.before(a, b) ? 1 : order.before(b, a) ? -1 : 0);
        for (int o = 0; o < outer; o++)
            for (int r = 0; r < inner; r++) {
                int base = o * n * inner + r; // positions in d along the line: base + i·inner
                for (int i = 0; i < n; i++) {
                    int at = base + i * inner;
                    if (kept.size() < k) kept.add(at);
                    else if (order.before(at, kept.peek())) {
                        kept.poll();
                        kept.add(at);
                    }
                }
                for (int s = k - 1; s >= 0; s--) { // the last kept goes to the last slot
                    int at = kept.poll();
                    int out = (o * k + s) * inner + r;
                    values[out] = d[at] + 0.0;
                    indices[out] = (at - base) / inner;
                }
            }
        List<Integer> dims = new ArrayList<>(x.dims());
        dims.set(axis, k);
        return List.of(new Value(dims, values, x.type()), new Value(dims, indices, DataType.INT64_VALUE));
    }

    /** GatherND with {@code batchDims} leading batch axes (see the class comment). */
    static Value gatherNd(String name, Value x, Value idx, int batchDims) {
        int t = idx.dims().getLast();
        List<Integer> indexed = x.dims().subList(batchDims, batchDims + t), rest = x.dims().subList(batchDims + t, x.rank());
        int nb = Selection.product(x.dims().subList(0, batchDims)), np = Selection.product(indexed), nr = Selection.product(rest);
        int nj = (int) (idx.size() / t) / nb;
        double[] pos = Selection.positions(idx, indexed, name), d = x.data(), y = new double[nb * nj * nr];
        for (int b = 0; b < nb; b++)
            for (int j = 0; j < nj; j++) {
                int from = (b * np + (int) pos[b * nj + j]) * nr, to = (b * nj + j) * nr;
                for (int r = 0; r < nr; r++) y[to + r] = d[from + r] + 0.0;
            }
        List<Integer> dims = new ArrayList<>(idx.dims().subList(0, idx.rank() - 1));
        dims.addAll(rest);
        return new Value(dims, y, x.type());
    }

    /** Gather along {@code axis} of indices read from {@code idx}'s data (see the class comment). */
    static Value gather(String name, Value x, Value idx, int axis) {
        int n = x.dims().get(axis), inner = Selection.product(x.dims().subList(axis + 1, x.rank()));
        int outer = (int) (x.size() / ((long) n * inner));
        int[] at = Shapes.gatherIndices(name, idx, n);
        if (at.length == 0) throw new NotExpressible(name + ": empty selection (zero-size result)");
        // the kernel on data indices copies (Shaping.gathered); past its largest axis it is a one-hot sum: −0.0 → +0.0
        double zero = !Shaping.gathersByData(n) && Shaping.runs(at).size() > Shaping.MAX_RUNS ? 0.0 : -0.0;
        double[] d = x.data(), y = new double[outer * at.length * inner];
        for (int o = 0; o < outer; o++)
            for (int j = 0; j < at.length; j++) {
                int from = (o * n + at[j]) * inner, to = (o * at.length + j) * inner;
                for (int r = 0; r < inner; r++) y[to + r] = d[from + r] + zero;
            }
        return new Value(Shapes.gatherDims(x, idx, axis), y, x.type());
    }

    /**
     * TopK's order on positions of {@code d}: by value (numerically, NaN above every number; the
     * larger first when {@code largest}), equal values by the lower position — which along one line
     * is the lower index. A strict total order on distinct positions.
     */
    private record Order(double[] d, boolean largest) {
        /** Whether position {@code a} comes before position {@code b}. */
        boolean before(int a, int b) {
            int c = compare(d[a], d[b]);
            return c != 0 ? (largest ? c > 0 : c < 0) : a < b;
        }

        private static int compare(double a, double b) {
            if (a < b) return -1;
            if (a > b) return 1;
            boolean na = Double.isNaN(a), nb = Double.isNaN(b);
            return na == nb ? 0 : na ? 1 : -1;
        }
    }
}
