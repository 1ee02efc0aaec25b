package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.add;
import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.hit;
import static org.shapeforge.onnx.values.Exprs.masked;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.step;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.ArrayList;
import java.util.List;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;

/**
 * Data-dependent selection as one-hot accumulations (every product but one is a zero: exact for
 * finite values):
 * <ul>
 *   <li><b>TopK</b>: each element's rank along the axis,
 *       {@code rank_i =:+ STEP(x_j − x_i) + EQ(x_j, x_i)·STEP(i − j − ½)} over j (larger first; ties
 *       keep the lower index first, as ONNX specifies; {@code largest = 0} mirrors it), then
 *       {@code values_k =:+ x_i·(1 − STEP|rank_i − k|)} and the same with {@code i} for the
 *       indices, k &lt; K — O(n²) per line;</li>
 *   <li><b>GatherND</b>: the index tuples flattened (when the code is generated) to positions over
 *       the indexed axes, {@code y[b, j, r] =:+ x[b, p, r]·(1 − STEP|pos[b, j] − p|)};</li>
 *   <li><b>NonZero</b>: the coordinates of the non-zero elements, computed where the code is
 *       generated — their count is the output's size, read there anyway — with no kernel;</li>
 *   <li><b>MaxUnpool</b>: zeros with X scattered to the flat output positions I ({@code none}), a
 *       larger {@code output_shape} padded with zeros at the end;
 *       <b>ReverseSequence</b>: a one-hot gather along the time axis with the source time of every
 *       (t, b), {@code len_b − 1 − t} below the batch's length and t after it;</li>
 *   <li><b>ScatterND</b> / <b>ScatterElements</b>: with {@code hit(j, p) = 1 − STEP|pos_j − p|},
 *       {@code none}: {@code x·(1 − Σ hit) + Σ u·hit} (ONNX leaves duplicate indices undefined),
 *       {@code add}: {@code x + Σ u·hit}, {@code mul}: {@code x·Π(1 + hit·(u − 1))}.</li>
 * </ul>
 */
final class Selection {
    private Selection() {}

    /**
     * The node of {@code c} as kernels, or — placed on the host ({@link Placement#HOST}) and one of
     * the ops {@link HostSelection} computes — in Java.
     */
    static List<Value> lower(LoweringCall c) {
        return switch (c.placement()) {
            case HOST -> HostSelection.computes(c.op()) ? HostSelection.apply(c) : apply(c.k(), c.name(), c.op(), c.at(), c.in(), c.opset());
            case KERNEL -> apply(c.k(), c.name(), c.op(), c.at(), c.in(), c.opset());
        };
    }

    static List<Value> apply(Kernels k, String name, String op, Attrs at, List<Value> in, long opset) {
        return switch (op) {
            case "TopK" -> {
                Value x = in.get(0);
                long kk = opset < 10 ? at.i("k", 1) : (long) in.get(1).data()[0];
                long ax = at.i("axis", -1);
                yield topK(k, name, x, (int) kk, (int) (ax < 0 ? ax + x.rank() : ax), at.i("largest", 1) != 0);
            }
            case "GatherND" -> List.of(gatherNd(k, name, in.get(0), in.get(1), (int) at.i("batch_dims", 0)));
            case "ScatterND" -> List.of(scatterNd(k, name, in.get(0), in.get(1), in.get(2), at.s("reduction", "none")));
            case "ScatterElements", "Scatter" -> {
                Value x = in.get(0);
                long ax = at.i("axis", 0);
                yield List.of(scatterElements(k, name, x, in.get(1), in.get(2), (int) (ax < 0 ? ax + x.rank() : ax),
                        at.s("reduction", "none")));
            }
            case "NonZero" -> List.of(nonZero(k, name, in.get(0)));
            case "MaxUnpool" -> List.of(maxUnpool(k, name, at, in));
            case "ReverseSequence" -> List.of(reverseSequence(k, name, in.get(0), in.get(1), (int) at.i("batch_axis", 1),
                    (int) at.i("time_axis", 0)));
            default -> throw new IllegalArgumentException("not a selection: " + op);
        };
    }

    static List<Value> topK(Kernels k, String name, Value x, int kk, int axis, boolean largest) {
        int n = x.dims().get(axis);
        if (kk < 1 || kk > n) throw new NotExpressible(name + ": K = " + kk + " of an axis of " + n + " (an empty result or out of range)");
        Value io = Value.iota(n);
        // rank of element i: how many elements come before it
        Kernel b = new Kernel(name + "_rank");
        List<Index> xi = new ArrayList<>(), xj = new ArrayList<>();
        Kernel.Ix i = null, j = null;
        for (int a = 0; a < x.rank(); a++) {
            if (a == axis) {
                i = b.iter(n);
                j = b.iter(n);
                xi.add(Kernel.at(i));
                xj.add(Kernel.at(j));
            } else {
                Kernel.Ix o = b.iter(x.dims().get(a));
                xi.add(Kernel.at(o));
                xj.add(Kernel.at(o));
            }
        }
        String xt = b.tensor(x), it = b.tensor(io);
        Expr vi = Kernel.read(xt, xi), vj = Kernel.read(xt, xj);
        Expr before = largest ? step(sub(vj, vi)) : step(sub(vi, vj));
        Expr equal = sub(sub(c(1), step(sub(vj, vi))), step(sub(vi, vj)));
        Expr lowerIndex = step(sub(sub(Kernel.read(it, List.of(Kernel.at(i))), Kernel.read(it, List.of(Kernel.at(j)))), c(0.5)));
        Value rank = b.run(k, x.dims(), xi, add(before, mul(equal, lowerIndex)), Update.accumulate(BinOp.ADD), DataType.INT64_VALUE);
        return List.of(place(k, name, x, rank, axis, kk, false), place(k, name + "_indices", x, rank, axis, kk, true));
    }

    /** {@code out_k =:+ v_i·(1 − STEP|rank_i − k|)} for k &lt; K, v the value or ({@code indices}) the position. */
    private static Value place(Kernels k, String name, Value x, Value rank, int axis, int kk, boolean indices) {
        int n = x.dims().get(axis);
        Kernel b = new Kernel(name);
        List<Index> xi = new ArrayList<>(), yi = new ArrayList<>();
        List<Integer> dims = new ArrayList<>(x.dims());
        dims.set(axis, kk);
        Kernel.Ix i = null, slot = null;
        for (int a = 0; a < x.rank(); a++) {
            if (a == axis) {
                slot = b.iter(kk);
                i = b.iter(n);
                xi.add(Kernel.at(i));
                yi.add(Kernel.at(slot));
            } else {
                Kernel.Ix o = b.iter(x.dims().get(a));
                xi.add(Kernel.at(o));
                yi.add(Kernel.at(o));
            }
        }
        Expr v = indices ? Kernel.read(b.tensor(Value.iota(n)), List.of(Kernel.at(i))) : Kernel.read(b.tensor(x), xi);
        Expr at = hit(Kernel.read(b.tensor(rank), xi), Kernel.read(b.tensor(Value.iota(kk)), List.of(Kernel.at(slot))));
        return b.run(k, dims, yi, mul(v, at), Update.accumulate(BinOp.ADD), indices ? DataType.INT64_VALUE : x.type());
    }

    /** Into the shape kernel, strides and pads give; a larger {@code output_shape} pads zeros at the end (ONNX's reference). */
    static Value maxUnpool(Kernels k, String name, Attrs at, List<Value> in) {
        Value x = in.get(0), idx = in.get(1);
        int sp = x.rank() - 2;
        List<Integer> dims = new ArrayList<>(x.dims().subList(0, 2));
        long[] ker = at.ints("kernel_shape").orElseThrow(), st = at.ints("strides").orElse(null), pads = at.ints("pads").orElse(null);
        for (int a = 0; a < sp; a++)
            dims.add((int) ((x.dims().get(a + 2) - 1) * (st == null ? 1 : st[a]) + ker[a] - (pads == null ? 0 : pads[a] + pads[a + sp])));
        int total = product(dims);
        Value y = scatter(k, name, new Value(List.of(total, 1), new double[total], x.type()), idx.data().clone(),
                x.view(List.of((int) x.size(), 1)), "none", x.type()).view(dims);
        if (in.size() < 3 || in.get(2) == null) return y;
        long[] shape = in.get(2).longs();
        int[] before = new int[x.rank()], after = new int[x.rank()];
        for (int a = 0; a < x.rank(); a++) after[a] = (int) shape[a] - dims.get(a);
        return Shaping.padConstant(k, name + "_shape", y, before, after, 0);
    }

    static Value reverseSequence(Kernels k, String name, Value x, Value lens, int batchAxis, int timeAxis) {
        int nt = x.dims().get(timeAxis), nb = x.dims().get(batchAxis);
        double[] src = new double[nt * nb];
        for (int t = 0; t < nt; t++)
            for (int b = 0; b < nb; b++) {
                long len = (long) lens.data()[b];
                src[t * nb + b] = t < len ? len - 1 - t : t;
            }
        Kernel kb = new Kernel(name);
        List<Index> xi = new ArrayList<>(), yi = new ArrayList<>();
        Kernel.Ix t = null, u = null, bi = null;
        for (int a = 0; a < x.rank(); a++) {
            if (a == timeAxis) {
                t = kb.iter(nt);
                u = kb.iter(nt);
                yi.add(Kernel.at(t));
                xi.add(Kernel.at(u));
            } else {
                Kernel.Ix i = kb.iter(x.dims().get(a));
                if (a == batchAxis) bi = i;
                yi.add(Kernel.at(i));
                xi.add(Kernel.at(i));
            }
        }
        Expr from = Kernel.read(kb.tensor(new Value(List.of(nt, nb), src, DataType.INT64_VALUE)), List.of(Kernel.at(t), Kernel.at(bi)));
        Expr h = hit(from, Kernel.read(kb.tensor(Value.iota(nt)), List.of(Kernel.at(u))));
        return kb.run(k, x.dims(), yi, mul(Kernel.read(kb.tensor(x), xi), h), Update.accumulate(BinOp.ADD), x.type());
    }

    /**
     * The coordinates of the non-zero cells (NaN counts), computed here: the lowering must read every
     * cell to know the output's size anyway, and the coordinates are a function of what it read — so
     * the O(n²) rank and placement kernels this replaced added nothing but time (a compiled model
     * interprets a NonZero on input data at every run: {@code values.plan.DataDependence}) and a
     * compilation per new output size.
     */
    static Value nonZero(Kernels k, String name, Value x) {
        double[] d = x.data();
        int count = 0;
        for (double v : d) if (v != 0) count++; // NaN != 0: non-zero
        if (count == 0) throw new NotExpressible(name + ": no non-zero element (a zero-size result)");
        double[] y = new double[x.rank() * count];
        for (int e = 0, at = 0; e < d.length; e++) {
            if (d[e] == 0) continue;
            int f = e;
            for (int a = x.rank() - 1; a >= 0; a--) {
                y[a * count + at] = f % x.dims().get(a);
                f /= x.dims().get(a);
            }
            at++;
        }
        return new Value(List.of(x.rank(), count), y, DataType.INT64_VALUE);
    }

    /** Flat positions (row-major over {@code dims}) of the index tuples in the last axis of {@code idx}, negative entries from the end. */
    static double[] positions(Value idx, List<Integer> dims, String name) {
        int t = idx.dims().getLast(), count = (int) (idx.size() / t);
        double[] pos = new double[count];
        for (int j = 0; j < count; j++) {
            long p = 0;
            for (int q = 0; q < t; q++) {
                long v = (long) idx.data()[j * t + q], d = dims.get(q);
                if (v < -d || v >= d) throw new IllegalArgumentException(name + ": index " + v + " out of range for an axis of " + d);
                p = p * d + (v < 0 ? v + d : v);
            }
            pos[j] = p;
        }
        return pos;
    }

    static int product(List<Integer> ds) {
        int p = 1;
        for (int d : ds) p *= d;
        return p;
    }

    static Value gatherNd(Kernels k, String name, Value x, Value idx, int batchDims) {
        int t = idx.dims().getLast();
        List<Integer> batch = x.dims().subList(0, batchDims), indexed = x.dims().subList(batchDims, batchDims + t),
                rest = x.dims().subList(batchDims + t, x.rank());
        int nb = product(batch), np = product(indexed), nr = product(rest), nj = (int) (idx.size() / t) / nb;
        double[] pos = positions(idx, indexed, name);
        Kernel b = new Kernel(name);
        Kernel.Ix bi = b.iter(nb), ji = b.iter(nj), pi = b.iter(np), ri = b.iter(nr);
        Expr target = Kernel.read(b.tensor(new Value(List.of(nb, nj), pos, DataType.INT64_VALUE)), List.of(Kernel.at(bi), Kernel.at(ji)));
        Expr here = Kernel.read(b.tensor(Value.iota(np)), List.of(Kernel.at(pi)));
        Expr v = Kernel.read(b.tensor(x.view(List.of(nb, np, nr))), List.of(Kernel.at(bi), Kernel.at(pi), Kernel.at(ri)));
        Value y = b.run(k, List.of(nb, nj, nr), List.of(Kernel.at(bi), Kernel.at(ji), Kernel.at(ri)), masked(hit(target, here), v),
                Update.accumulate(BinOp.ADD), x.type());
        List<Integer> dims = new ArrayList<>(idx.dims().subList(0, idx.rank() - 1));
        dims.addAll(rest);
        return y.view(dims);
    }

    /**
     * The scatter of {@code updates[j, r]} to positions {@code pos[j]} of {@code x} viewed as
     * {@code [P, R]}: the hit count and the sum (or product) per position, then the combination.
     */
    private static Value scatter(Kernels k, String name, Value x2, double[] pos, Value upd2, String reduction, int type) {
        int np = x2.dims().get(0), nr = x2.dims().get(1), nj = pos.length;
        Value target = new Value(List.of(nj), pos, DataType.INT64_VALUE);
        boolean product = reduction.equals("mul");
        Kernel b = new Kernel(name + "_sum");
        Kernel.Ix pi = b.iter(np), ri = b.iter(nr), ji = b.iter(nj);
        Expr h = hit(Kernel.read(b.tensor(target), List.of(Kernel.at(ji))), Kernel.read(b.tensor(Value.iota(np)), List.of(Kernel.at(pi))));
        Expr u = Kernel.read(b.tensor(upd2), List.of(Kernel.at(ji), Kernel.at(ri)));
        Value sum = b.run(k, List.of(np, nr), List.of(Kernel.at(pi), Kernel.at(ri)), product ? add(c(1), mul(h, sub(u, c(1)))) : mul(u, h),
                Update.accumulate(product ? BinOp.MUL : BinOp.ADD), type);
        return switch (reduction) {
            case "add" -> Pointwise.map(k, name, List.of(x2, sum), r -> add(r.get(0), r.get(1)), type);
            case "mul" -> Pointwise.map(k, name, List.of(x2, sum), r -> mul(r.get(0), r.get(1)), type);
            case "none" -> {
                Kernel c = new Kernel(name + "_hits");
                Kernel.Ix pc = c.iter(np), jc = c.iter(nj);
                Value hits = c.run(k, List.of(np, 1), List.of(Kernel.at(pc), Index.fixed(0)), hit(Kernel.read(c.tensor(target),
                        List.of(Kernel.at(jc))), Kernel.read(c.tensor(Value.iota(np)), List.of(Kernel.at(pc)))), Update.accumulate(BinOp.ADD), type);
                yield Pointwise.map(k, name, List.of(x2, hits, sum), r -> add(mul(r.get(0), sub(c(1), r.get(1))), r.get(2)), type);
            }
            default -> throw new NotExpressible(name + ": reduction '" + reduction + "' is not lowered");
        };
    }

    static Value scatterNd(Kernels k, String name, Value x, Value idx, Value updates, String reduction) {
        int t = idx.dims().getLast();
        List<Integer> indexed = x.dims().subList(0, t), rest = x.dims().subList(t, x.rank());
        int np = product(indexed), nr = product(rest);
        double[] pos = positions(idx, indexed, name);
        return scatter(k, name, x.view(List.of(np, nr)), pos, updates.view(List.of(pos.length, nr)), reduction, x.type())
                .view(x.dims());
    }

    /** ScatterElements along {@code axis}: as ScatterND with one index per update element (the other coordinates its own). */
    static Value scatterElements(Kernels k, String name, Value x, Value idx, Value updates, int axis, String reduction) {
        int count = (int) idx.size();
        double[] tuples = new double[count * x.rank()];
        int[] at = new int[idx.rank()];
        for (int e = 0; e < count; e++) {
            int f = e;
            for (int a = idx.rank() - 1; a >= 0; a--) { at[a] = f % idx.dims().get(a); f /= idx.dims().get(a); }
            for (int a = 0; a < x.rank(); a++) tuples[e * x.rank() + a] = a == axis ? idx.data()[e] : at[a];
        }
        Value asNd = new Value(List.of(count, x.rank()), tuples, DataType.INT64_VALUE);
        double[] pos = positions(asNd, x.dims(), name);
        return scatter(k, name, x.view(List.of((int) x.size(), 1)), pos, updates.view(List.of(count, 1)), reduction, x.type())
                .view(x.dims());
    }
}
