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
 * Ops whose values depend on positions along an axis — ArgMax/ArgMin, Hardmax, CumSum, Trilu,
 * GatherElements —
 * as loop-IR operations that read a position vector (an {@code iota} constant: 0, 1, …, n−1,
 * built when the code is generated, like MaxPool's indices):
 * <ul>
 *   <li><b>ArgMax</b>: with {@code m = max x} along the axis, {@code =:min iota_k + 2¹⁰⁰·(m − x_k)}:
 *       the first position holding the maximum (the last: {@code =:max iota_k − 2¹⁰⁰·(m − x_k)},
 *       {@code select_last_index}); ArgMin mirrors it. Exact unless two distinct values along the
 *       axis lie within n·2⁻¹⁰⁰ of each other (the same bound as MaxPool's indices).</li>
 *   <li><b>Hardmax</b>: 1 where the position equals the first ArgMax ({@code 1 − STEP|k − a|},
 *       both integers), else 0.</li>
 *   <li><b>CumSum</b>: {@code y_i =:+ MASK(STEP(±(i − k) + ½), x_k)}, a triangular accumulation
 *       (O(n²) per line) — inclusive or exclusive, forward or reverse; exact sums (the masked
 *       terms are zeros, also where x is ±∞ or NaN).</li>
 *   <li><b>Trilu</b>: {@code MASK(STEP(j − i − k + ½), x)} (upper) or {@code MASK(STEP(i − j + k + ½), x)}
 *       (lower) over the last two axes: exact, ±∞ kept where kept and 0 elsewhere (torch's
 *       {@code triu(full(−∞))} causal mask).</li>
 *   <li><b>GatherElements</b>: {@code y[i] =:+ MASK(1 − STEP|idx[i]′ − k|, x[i with k on the axis])}
 *       over the axis positions k, where {@code idx′ = idx + n·STEP(−idx − ½)} (negative indices
 *       count from the end): a one-hot selection, O(n) per element, exact.</li>
 * </ul>
 * A selection is {@link BinOp#MASK} ({@code m ≠ 0 ? x : 0}), never {@code x·m}: {@code 0·∞} is NaN.
 */
final class Positional {
    private Positional() {}

    private static int axis(long a, int rank) {
        return (int) (a < 0 ? a + rank : a);
    }

    /** ArgMax (max) or ArgMin along {@code axis}, the first or ({@code last}) the last extreme position. */
    static Value argExtreme(Kernels k, String name, Value x, int axis, boolean keepdims, boolean max, boolean last) {
        if (x.dims().get(axis) == 0) throw new NotExpressible(name + ": an extreme over an empty axis");
        boolean[] reduced = new boolean[x.rank()];
        reduced[axis] = true;
        Value m = Reductions.reduce(k, name + "_extreme", x, reduced, true, max ? BinOp.MAX : BinOp.MIN, false);
        Kernel b = new Kernel(name);
        List<Index> xi = new ArrayList<>(), mi = new ArrayList<>(), yi = new ArrayList<>();
        List<Integer> dims = new ArrayList<>(), result = new ArrayList<>();
        Kernel.Ix along = null;
        for (int a = 0; a < x.rank(); a++) {
            Kernel.Ix i = b.iter(x.dims().get(a));
            xi.add(Kernel.at(i));
            if (a == axis) {
                along = i;
                mi.add(Index.fixed(0));
                if (keepdims) result.add(1);
            } else {
                mi.add(Kernel.at(i));
                yi.add(Kernel.at(i));
                dims.add(x.dims().get(a));
                result.add(x.dims().get(a));
            }
        }
        Expr xv = Kernel.read(b.tensor(x), xi), mv = Kernel.read(b.tensor(m), mi);
        Expr gap = max ? sub(mv, xv) : sub(xv, mv); // ≥ 0, 0 exactly at the extremes
        Expr pos = Kernel.read(b.tensor(Value.iota(x.dims().get(axis))), List.of(Kernel.at(along)));
        Expr rhs = new Expr.Fma(c(last ? -0x1p100 : 0x1p100), gap, pos);
        return b.run(k, dims, yi, rhs, Update.accumulate(last ? BinOp.MAX : BinOp.MIN), result, DataType.INT64_VALUE);
    }

    static Value hardmax(Kernels k, String name, Value x, int axis) {
        Value a = argExtreme(k, name + "_arg", x, axis, true, true, false);
        Kernel b = new Kernel(name);
        List<Index> xi = new ArrayList<>(), ai = new ArrayList<>();
        Kernel.Ix along = null;
        for (int d = 0; d < x.rank(); d++) {
            Kernel.Ix i = b.iter(x.dims().get(d));
            xi.add(Kernel.at(i));
            ai.add(d == axis ? Index.fixed(0) : Kernel.at(i));
            if (d == axis) along = i;
        }
        Expr pos = Kernel.read(b.tensor(Value.iota(x.dims().get(axis))), List.of(Kernel.at(along)));
        Expr rhs = hit(pos, Kernel.read(b.tensor(a), ai));
        return b.run(k, x.dims(), xi, rhs, Update.assign(), x.type());
    }

    static Value cumSum(Kernels k, String name, Value x, int axis, boolean exclusive, boolean reverse) {
        Kernel b = new Kernel(name);
        List<Index> xi = new ArrayList<>(), yi = new ArrayList<>();
        Kernel.Ix out = null, in = null;
        int n = x.dims().get(axis);
        for (int d = 0; d < x.rank(); d++) {
            if (d == axis) {
                out = b.iter(n);
                in = b.iter(n);
                xi.add(Kernel.at(in));
                yi.add(Kernel.at(out));
            } else {
                Kernel.Ix i = b.iter(x.dims().get(d));
                xi.add(Kernel.at(i));
                yi.add(Kernel.at(i));
            }
        }
        Value io = Value.iota(n);
        Expr i = Kernel.read(b.tensor(io), List.of(Kernel.at(out))), kk = Kernel.read(b.tensor(io), List.of(Kernel.at(in)));
        Expr ahead = reverse ? sub(kk, i) : sub(i, kk); // ≥ 0 for the terms a forward sum includes
        Expr mask = step(add(ahead, c(exclusive ? -0.5 : 0.5)));
        return b.run(k, x.dims(), yi, masked(mask, Kernel.read(b.tensor(x), xi)), Update.accumulate(BinOp.ADD), x.type());
    }

    static Value trilu(Kernels k, String name, Value x, long diagonal, boolean upper) {
        if (x.rank() < 2) throw new IllegalArgumentException(name + ": Trilu needs rank >= 2, got " + x.dims());
        Kernel b = new Kernel(name);
        List<Index> xi = new ArrayList<>();
        List<Kernel.Ix> ix = new ArrayList<>();
        for (int d : x.dims()) {
            Kernel.Ix i = b.iter(d);
            ix.add(i);
            xi.add(Kernel.at(i));
        }
        int r = x.rank();
        Expr row = Kernel.read(b.tensor(Value.iota(x.dims().get(r - 2))), List.of(Kernel.at(ix.get(r - 2))));
        Expr col = Kernel.read(b.tensor(Value.iota(x.dims().get(r - 1))), List.of(Kernel.at(ix.get(r - 1))));
        Expr keep = upper ? step(add(sub(col, row), c(0.5 - diagonal))) : step(add(sub(row, col), c(diagonal + 0.5)));
        return b.run(k, x.dims(), xi, masked(keep, Kernel.read(b.tensor(x), xi)), Update.assign(), x.type());
    }

    static Value gatherElements(Kernels k, String name, Value x, Value idx, int axis) {
        if (idx.rank() != x.rank()) throw new IllegalArgumentException(name + ": indices " + idx.dims() + " and data " + x.dims() + " differ in rank");
        int n = x.dims().get(axis);
        for (double v : idx.data())
            if (v < -n || v >= n) throw new IllegalArgumentException(name + ": index " + (long) v + " out of range for axis of size " + n);
        Kernel b = new Kernel(name);
        List<Index> yi = new ArrayList<>(), xi = new ArrayList<>();
        Kernel.Ix along = null;
        for (int a = 0; a < idx.rank(); a++) {
            Kernel.Ix i = b.iter(idx.dims().get(a));
            yi.add(Kernel.at(i));
        }
        along = b.iter(n);
        for (int a = 0; a < x.rank(); a++) xi.add(a == axis ? Kernel.at(along) : yi.get(a));
        Expr raw = Kernel.read(b.tensor(idx), yi);
        Expr target = add(raw, mul(c(n), step(sub(c(-0.5), raw))));
        Expr pos = Kernel.read(b.tensor(Value.iota(n)), List.of(Kernel.at(along)));
        Expr hit = hit(target, pos);
        return b.run(k, idx.dims(), yi, masked(hit, Kernel.read(b.tensor(x), xi)), Update.accumulate(BinOp.ADD), x.type());
    }

    static Value apply(Kernels k, String name, String op, Attrs at, List<Value> in, long opset) {
        Value x = in.getFirst();
        return switch (op) {
            case "ArgMax", "ArgMin" -> argExtreme(k, name, x, axis(at.i("axis", 0), x.rank()), at.i("keepdims", 1) != 0,
                    op.equals("ArgMax"), at.i("select_last_index", 0) != 0);
            case "Hardmax" -> {
                if (opset < 13) throw new NotExpressible(name + ": Hardmax before opset 13 flattens from its axis; not lowered");
                yield hardmax(k, name, x, axis(at.i("axis", -1), x.rank()));
            }
            case "CumSum" -> cumSum(k, name, x, axis(in.get(1).longs()[0], x.rank()), at.i("exclusive", 0) != 0,
                    at.i("reverse", 0) != 0);
            case "Trilu" -> trilu(k, name, x, in.size() > 1 && in.get(1) != null ? in.get(1).longs()[0] : 0,
                    at.i("upper", 1) != 0);
            case "GatherElements" -> gatherElements(k, name, x, in.get(1), axis(at.i("axis", 0), x.rank()));
            default -> throw new IllegalArgumentException("not positional: " + op);
        };
    }
}
