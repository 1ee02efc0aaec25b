package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.List;
import onnx.Onnx.TensorProto;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;

/**
 * Data-movement ops as loop-IR copies: Reshape/Flatten/Squeeze/Unsqueeze are a copy over the
 * flat row-major view (the element order does not change); Transpose permutes the access; Slice
 * is the affine access {@code start + step·i}; Expand broadcasts; Concat is one Concat factor;
 * Gather (indices known when the code is generated) and the non-constant Pad modes are
 * {@link #select}: a Concat factor over runs of consecutive source coordinates (past
 * {@link #MAX_RUNS} runs a one-hot accumulation); constant Pad
 * reads through margins holding the pad value.
 */
final class Shaping {
    private Shaping() {}

    static long product(List<Integer> dims) {
        long n = 1;
        for (int d : dims) n *= d;
        return n;
    }

    /** A copy of {@code x} viewed as {@code dims} (same element count). */
    static Value reshape(Kernels k, String name, Value x, List<Integer> dims) {
        if (product(dims) != x.size()) throw new IllegalArgumentException(name + ": cannot view " + x.dims() + " as " + dims);
        int n = (int) x.size();
        if (n == 0) return x.view(dims); // nothing to compute
        Value flat = Pointwise.copy(k, name, x.view(List.of(n)));
        return flat.view(dims);
    }

    static Value transpose(Kernels k, String name, Value x, int[] perm) {
        Kernel b = new Kernel(name);
        List<Integer> dims = new ArrayList<>();
        List<Kernel.Ix> ix = new ArrayList<>();
        for (int p : perm) {
            dims.add(x.dims().get(p));
            ix.add(b.iter(x.dims().get(p)));
        }
        Index[] xi = new Index[x.rank()];
        for (int j = 0; j < perm.length; j++) xi[perm[j]] = Kernel.at(ix.get(j));
        String t = b.tensor(x);
        return b.run(k, dims, ix.stream().map(Kernel::at).toList(), Kernel.read(t, List.of(xi)), Update.assign(), x.type());
    }

    /** {@code out[.., i, ..] = x[.., start[a] + step[a]·i, ..]} with {@code len[a]} points per axis. */
    static Value slice(Kernels k, String name, Value x, int[] start, int[] step, int[] len) {
        Kernel b = new Kernel(name);
        List<Integer> dims = new ArrayList<>();
        List<Index> out = new ArrayList<>(), in = new ArrayList<>();
        for (int a = 0; a < x.rank(); a++) {
            Kernel.Ix i = b.iter(len[a]);
            dims.add(len[a]);
            out.add(Kernel.at(i));
            in.add(Kernel.lin(start[a], step[a], i));
        }
        String t = b.tensor(x);
        return b.run(k, dims, out, Kernel.read(t, in), Update.assign(), x.type());
    }

    static Value expand(Kernels k, String name, Value x, List<Integer> shape) {
        List<Integer> dims = Pointwise.broadcast(name, List.of(x.dims(), shape));
        Kernel b = new Kernel(name);
        List<Kernel.Ix> ix = new ArrayList<>();
        for (int d : dims) ix.add(b.iter(d));
        String t = b.tensor(x);
        return b.run(k, dims, ix.stream().map(Kernel::at).toList(), Kernel.read(t, Pointwise.operand(x.dims(), ix)),
                Update.assign(), x.type());
    }

    static Value concat(Kernels k, String name, List<Value> parts, int axis) {
        if (parts.size() == 1) return Pointwise.copy(k, name, parts.getFirst());
        List<Value> present = parts.stream().filter(p -> p.dims().get(axis) > 0).toList();
        Value first = present.getFirst();
        Kernel b = new Kernel(name);
        List<Kernel.Ix> common = new ArrayList<>();
        for (int a = 0; a < first.rank(); a++) common.add(a == axis ? null : b.iter(first.dims().get(a)));
        List<Kernel.Ix> ps = b.concat(present.stream().map(p -> p.dims().get(axis)).toList());
        Expr rhs = null;
        int total = 0;
        for (int j = 0; j < present.size(); j++) {
            List<Index> ix = new ArrayList<>();
            for (int a = 0; a < first.rank(); a++) ix.add(Kernel.at(a == axis ? ps.get(j) : common.get(a)));
            Expr r = Kernel.read(b.tensor(present.get(j)), ix);
            rhs = rhs == null ? r : new Expr.Binary(BinOp.ADD, rhs, r);
            total += present.get(j).dims().get(axis);
        }
        List<Integer> dims = new ArrayList<>(first.dims());
        dims.set(axis, total);
        List<Index> out = new ArrayList<>();
        for (int a = 0; a < first.rank(); a++)
            out.add(a == axis ? new Index.Concat(ps.stream().map(Kernel.Ix::symbol).toList()) : Kernel.at(common.get(a)));
        return b.run(k, dims, out, rhs, Update.assign(), first.type());
    }

    /**
     * {@code out[.., j, ..] = x[.., idx[j], ..]} along {@code axis}: maximal runs of consecutive
     * (ascending or descending) coordinates become the parts of one Concat factor, a part of extent
     * L starting at v reading {@code x[v ± p]}; the result axis is indexed by the parts in order.
     */
    static Value select(Kernels k, String name, Value x, int axis, int[] idx) {
        if (idx.length == 0) throw new NotExpressible(name + ": empty selection (zero-size result)");
        List<int[]> runs = runs(idx);
        if (runs.size() > MAX_RUNS) return selectOneHot(k, name, x, axis, idx);
        Kernel b = new Kernel(name);
        List<Kernel.Ix> common = new ArrayList<>();
        for (int a = 0; a < x.rank(); a++) common.add(a == axis ? null : b.iter(x.dims().get(a)));
        List<Kernel.Ix> ps = b.concat(runs.stream().map(r -> r[2]).toList());
        String t = b.tensor(x);
        Expr rhs = null;
        for (int j = 0; j < runs.size(); j++) {
            List<Index> ix = new ArrayList<>();
            for (int a = 0; a < x.rank(); a++)
                ix.add(a == axis ? new Index.Affine(List.of(new Index.Term(runs.get(j)[1], ps.get(j).symbol())), runs.get(j)[0])
                        : Kernel.at(common.get(a)));
            Expr r = Kernel.read(t, ix);
            rhs = rhs == null ? r : new Expr.Binary(BinOp.ADD, rhs, r);
        }
        List<Integer> dims = new ArrayList<>(x.dims());
        dims.set(axis, idx.length);
        List<Index> out = new ArrayList<>();
        for (int a = 0; a < x.rank(); a++)
            out.add(a == axis ? new Index.Concat(ps.stream().map(Kernel.Ix::symbol).toList()) : Kernel.at(common.get(a)));
        return b.run(k, dims, out, rhs, Update.assign(), x.type());
    }

    /**
     * Gather along {@code axis} at indices known only when the kernel runs (a graph input's, a
     * kernel's result): {@code out[a.., j.., b..] = x[a.., idx[j..], b..]}, one load per element
     * through an {@link Index.Gathered} coordinate — never reading the indices while lowering, so a
     * recorded run replays it with new indices. An index out of range is refused in this run (as
     * {@link Shapes#gatherIndices} refuses it) and clamped into the axis in a replay, never read
     * past. The one-hot form ({@link #selectOneHot}) cost the axis' extent per element: an
     * embedding table's vocabulary.
     */
    static Value gathered(Kernels k, String name, Value x, int axis, Value idx) {
        int n = x.dims().get(axis);
        Kernel b = new Kernel(name);
        List<Integer> dims = new ArrayList<>();
        List<Index> xi = new ArrayList<>(), out = new ArrayList<>(), at = new ArrayList<>();
        for (int a = 0; a < x.rank(); a++) {
            if (a == axis) {
                for (int d : idx.dims()) {
                    Kernel.Ix j = b.iter(d);
                    dims.add(d);
                    at.add(Kernel.at(j));
                    out.add(Kernel.at(j));
                }
                xi.add(null);
            } else {
                Kernel.Ix i = b.iter(x.dims().get(a));
                dims.add(x.dims().get(a));
                xi.add(Kernel.at(i));
                out.add(Kernel.at(i));
            }
        }
        if (dims.contains(0)) throw new NotExpressible(name + ": empty selection (zero-size result)");
        for (double v : idx.dataToCheck()) // this run's indices refused as the host copy refuses them; a replay clamps
            if (v < -n || v >= n) throw new IllegalArgumentException(name + ": index " + (long) v + " out of range for an axis of " + n);
        xi.set(axis, new Index.Gathered(new Access(b.tensor(idx), at), n));
        return b.run(k, dims, out, Kernel.read(b.tensor(x), xi), Update.assign(), x.type());
    }

    /** The largest axis {@link #gathered} indexes: every coordinate of it exact as a float (2<sup>24</sup>). */
    private static final int MAX_GATHERED_AXIS = 1 << 24;

    /**
     * Whether a Gather on data indices along an axis of {@code extent} is {@link #gathered} (the
     * kernel reads the indices and copies), else the one-hot form on indices read here.
     */
    static boolean gathersByData(int extent) {
        return extent <= MAX_GATHERED_AXIS;
    }

    /** The maximal runs of consecutive (ascending or descending) coordinates of {@code idx}, in order: {start, direction, length} each. */
    static List<int[]> runs(int[] idx) {
        List<int[]> runs = new ArrayList<>();
        for (int j = 0; j < idx.length; ) {
            int dir = j + 1 < idx.length && Math.abs(idx[j + 1] - idx[j]) == 1 ? idx[j + 1] - idx[j] : 1;
            int len = 1;
            while (j + len < idx.length && idx[j + len] - idx[j + len - 1] == dir) len++;
            runs.add(new int[] {idx[j], dir, len});
            j += len;
        }
        return runs;
    }

    /**
     * Past this many runs a Concat factor would hold a part per run and the right-hand side a read
     * per part (the emitted C grows with their product): the selection is then a one-hot
     * accumulation instead.
     */
    static final int MAX_RUNS = 64;

    /**
     * {@code out[.., j, ..] =:+ x[.., v, ..]·(1 − STEP|idx[j] − v|)} over the axis positions v: the
     * selection as a contraction with a one-hot matrix, O(axis extent) per element, exact for
     * finite x (every other term is a zero). {@code idx} is read as a constant tensor.
     */
    static Value selectOneHot(Kernels k, String name, Value x, int axis, int[] idx) {
        double[] id = new double[idx.length];
        for (int j = 0; j < idx.length; j++) id[j] = idx[j];
        int n = x.dims().get(axis);
        Kernel b = new Kernel(name);
        List<Index> xi = new ArrayList<>(), out = new ArrayList<>();
        Kernel.Ix j = null, v = null;
        for (int a = 0; a < x.rank(); a++) {
            if (a == axis) {
                j = b.iter(idx.length);
                v = b.iter(n);
                xi.add(Kernel.at(v));
                out.add(Kernel.at(j));
            } else {
                Kernel.Ix i = b.iter(x.dims().get(a));
                xi.add(Kernel.at(i));
                out.add(Kernel.at(i));
            }
        }
        Expr target = Kernel.read(b.tensor(new Value(List.of(idx.length), id, TensorProto.DataType.INT64_VALUE)), List.of(Kernel.at(j)));
        Expr pos = Kernel.read(b.tensor(Value.iota(n)), List.of(Kernel.at(v)));
        Expr hit = Exprs.hit(target, pos);
        List<Integer> dims = new ArrayList<>(x.dims());
        dims.set(axis, idx.length);
        return b.run(k, dims, out, new Expr.Binary(BinOp.MUL, Kernel.read(b.tensor(x), xi), hit), Update.accumulate(BinOp.ADD), x.type());
    }

    /** Constant Pad: {@code out[o] = x[o − before]}, x's margins holding {@code value}; negative pads crop. */
    static Value padConstant(Kernels k, String name, Value x, int[] before, int[] after, double value) {
        Kernel b = new Kernel(name);
        List<Integer> dims = new ArrayList<>();
        List<Index> out = new ArrayList<>(), in = new ArrayList<>();
        List<TensorDecl.Margin> margins = new ArrayList<>();
        for (int a = 0; a < x.rank(); a++) {
            int d = x.dims().get(a) + before[a] + after[a];
            Kernel.Ix i = b.iter(d);
            dims.add(d);
            out.add(Kernel.at(i));
            in.add(Kernel.lin(-before[a], 1, i));
            margins.add(new TensorDecl.Margin(Math.max(0, before[a]), Math.max(0, after[a])));
        }
        String t = b.tensor(x, x.dims(), margins, value);
        return b.run(k, dims, out, Kernel.read(t, in), Update.assign(), x.type());
    }

    /** Edge/reflect/wrap Pad: one {@link #select} per padded axis with the mode's source coordinates. */
    static Value padIndexed(Kernels k, String name, Value x, int[] before, int[] after, String mode) {
        Value v = x;
        for (int a = 0; a < x.rank(); a++) {
            if (before[a] == 0 && after[a] == 0) continue;
            int d = v.dims().get(a), n = d + before[a] + after[a];
            int[] idx = new int[Math.max(0, n)];
            for (int o = 0; o < idx.length; o++) {
                int i = o - before[a];
                idx[o] = switch (mode) {
                    case "edge" -> Math.max(0, Math.min(d - 1, i));
                    case "wrap" -> Math.floorMod(i, d);
                    case "reflect" -> {
                        if (d == 1) yield 0;
                        int p = Math.floorMod(i, 2 * (d - 1));
                        yield p < d ? p : 2 * (d - 1) - p;
                    }
                    default -> throw new NotExpressible(name + ": Pad mode '" + mode + "'");
                };
            }
            v = select(k, name + "_axis" + a, v, a, idx);
        }
        return v == x ? Pointwise.copy(k, name, x) : v;
    }
}
