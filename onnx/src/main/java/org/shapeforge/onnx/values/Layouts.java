package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Activations.add;
import static org.shapeforge.onnx.values.Activations.c;
import static org.shapeforge.onnx.values.Activations.mul;
import static org.shapeforge.onnx.values.Activations.step;
import static org.shapeforge.onnx.values.Activations.sub;

import java.util.ArrayList;
import java.util.List;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;

/**
 * Generators and rearrangements with no reduction: Range ({@code start + delta·i}), EyeLike
 * ({@code 1 − STEP|j − i − k|}), OneHot ({@code off + (on − off)·(1 − STEP|idx′ − v|)}, negative
 * indices counted from the end), Tile (a {@link Shaping#select} per repeated axis, indices
 * {@code i mod d}), DepthToSpace / SpaceToDepth (ONNX's reshape–transpose–reshape, DCR or CRD),
 * InstanceNormalization and MeanVarianceNormalization (the reductions of LayerNormalization over
 * the spatial axes / the given axes), Compress (a {@link Shaping#select} of the kept positions,
 * the condition read when the code is generated), Det of matrices up to 4 × 4 by the Leibniz
 * formula (a signed sum of n! products of fixed entries; LU with pivoting would need data-dependent
 * control, which the loop IR has not). Scalar inputs that fix a size (Range's bounds, OneHot's
 * depth, Tile's repeats) are read when the code is generated, as the shape importer reads them.
 */
final class Layouts {
    private Layouts() {}

    static final java.util.Set<String> OPS = java.util.Set.of("Range", "EyeLike", "OneHot", "Tile", "DepthToSpace",
            "SpaceToDepth", "InstanceNormalization", "MeanVarianceNormalization", "Compress", "Det");

    private static Value iota(int n) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = i;
        return new Value(List.of(n), d, DataType.INT64_VALUE);
    }

    static Value apply(Kernels k, String name, String op, Attrs at, List<Value> in) {
        return switch (op) {
            case "Range" -> range(k, name, in.get(0), in.get(1), in.get(2));
            case "EyeLike" -> eyeLike(k, name, in.get(0), at.i("k", 0), (int) at.i("dtype", in.get(0).type()));
            case "OneHot" -> oneHot(k, name, in.get(0), (long) in.get(1).data()[0], in.get(2), at.i("axis", -1));
            case "Tile" -> tile(k, name, in.get(0), in.get(1).longs());
            case "DepthToSpace" -> depthToSpace(k, name, in.get(0), (int) at.i("blocksize", 1), at.s("mode", "DCR"));
            case "SpaceToDepth" -> spaceToDepth(k, name, in.get(0), (int) at.i("blocksize", 1));
            case "InstanceNormalization" -> {
                Value x = in.get(0);
                boolean[] spatial = new boolean[x.rank()];
                for (int a = 2; a < x.rank(); a++) spatial[a] = true;
                yield normalize(k, name, x, spatial, at.f("epsilon", 1e-5), in.get(1), in.get(2));
            }
            case "MeanVarianceNormalization" -> {
                Value x = in.get(0);
                boolean[] axes = new boolean[x.rank()];
                for (long a : at.ints("axes").orElse(new long[] {0, 2, 3})) axes[(int) (a < 0 ? a + x.rank() : a)] = true;
                yield normalize(k, name, x, axes, 1e-9, null, null);
            }
            case "Det" -> det(k, name, in.get(0));
            case "Compress" -> compress(k, name, in.get(0), in.get(1), at.has("axis") ? at.i("axis", 0) : null);
            default -> throw new IllegalArgumentException("not a layout op: " + op);
        };
    }

    static Value det(Kernels k, String name, Value x) {
        int n = x.dims().getLast();
        if (x.rank() < 2 || x.dims().get(x.rank() - 2) != n) throw new IllegalArgumentException(name + ": Det needs square matrices, got " + x.dims());
        if (n > 4) throw new NotExpressible(name + ": Det of a " + n + " × " + n + " matrix (the Leibniz formula is lowered up to 4 × 4)");
        List<Integer> batch = x.dims().subList(0, x.rank() - 2);
        Kernel b = new Kernel(name);
        List<Index> at = new ArrayList<>();
        for (int d : batch) at.add(Kernel.at(b.iter(d)));
        String t = b.tensor(x);
        Expr sum = null;
        for (int[] perm : permutations(n)) {
            Expr term = null;
            for (int i = 0; i < n; i++) {
                List<Index> ix = new ArrayList<>(at);
                ix.add(Index.fixed(i));
                ix.add(Index.fixed(perm[i]));
                Expr r = Kernel.read(t, ix);
                term = term == null ? r : mul(term, r);
            }
            sum = sum == null ? (sign(perm) > 0 ? term : new Expr.Unary(UnOp.NEG, term))
                    : sign(perm) > 0 ? add(sum, term) : sub(sum, term);
        }
        List<Integer> dims = batch.isEmpty() ? List.of(1) : batch;
        List<Index> out = at.isEmpty() ? List.of(Index.fixed(0)) : at;
        return b.run(k, dims, out, sum, Update.assign(), batch, x.type());
    }

    private static List<int[]> permutations(int n) {
        List<int[]> out = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, out);
        return out;
    }

    private static void permute(int[] p, boolean[] used, int i, List<int[]> out) {
        if (i == p.length) { out.add(p.clone()); return; }
        for (int v = 0; v < p.length; v++)
            if (!used[v]) { used[v] = true; p[i] = v; permute(p, used, i + 1, out); used[v] = false; }
    }

    private static int sign(int[] p) {
        int inversions = 0;
        for (int i = 0; i < p.length; i++) for (int j = i + 1; j < p.length; j++) if (p[i] > p[j]) inversions++;
        return inversions % 2 == 0 ? 1 : -1;
    }

    /** The slices of {@code x} (flattened without an axis) where {@code condition} is non-zero, in order. */
    static Value compress(Kernels k, String name, Value x, Value condition, Long axisAttr) {
        Value src = axisAttr == null ? x.view(List.of((int) x.size())) : x;
        int axis = axisAttr == null ? 0 : (int) (axisAttr < 0 ? axisAttr + x.rank() : axisAttr);
        List<Integer> kept = new ArrayList<>();
        double[] cond = condition.data();
        for (int i = 0; i < Math.min(cond.length, src.dims().get(axis)); i++) if (cond[i] != 0) kept.add(i);
        if (kept.isEmpty()) throw new NotExpressible(name + ": nothing selected (a zero-size result)");
        return Shaping.select(k, name, src, axis, kept.stream().mapToInt(Integer::intValue).toArray());
    }

    static Value range(Kernels k, String name, Value start, Value limit, Value delta) {
        double s = start.data()[0], l = limit.data()[0], d = delta.data()[0];
        int n = (int) Math.max(Math.ceil((l - s) / d), 0);
        return Pointwise.map(k, name, List.of(iota(n), start.view(List.of(1)), delta.view(List.of(1))),
                r -> new Expr.Fma(r.get(0), r.get(2), r.get(1)), start.type());
    }

    static Value eyeLike(Kernels k, String name, Value x, long diagonal, int type) {
        if (x.rank() != 2) throw new IllegalArgumentException(name + ": EyeLike needs a 2-D input, got " + x.dims());
        Kernel b = new Kernel(name);
        Kernel.Ix i = b.iter(x.dims().get(0)), j = b.iter(x.dims().get(1));
        Expr ri = Kernel.read(b.tensor(iota(x.dims().get(0))), List.of(Kernel.at(i)));
        Expr cj = Kernel.read(b.tensor(iota(x.dims().get(1))), List.of(Kernel.at(j)));
        Expr one = sub(c(1), step(new Expr.Unary(UnOp.ABS, sub(sub(cj, ri), c(diagonal)))));
        return b.run(k, x.dims(), List.of(Kernel.at(i), Kernel.at(j)), one, Update.assign(), type);
    }

    static Value oneHot(Kernels k, String name, Value idx, long depth, Value values, long axisAttr) {
        int rank = idx.rank() + 1, axis = (int) (axisAttr < 0 ? axisAttr + rank : axisAttr);
        Kernel b = new Kernel(name);
        List<Index> out = new ArrayList<>(), ii = new ArrayList<>();
        Kernel.Ix v = null;
        List<Integer> dims = new ArrayList<>();
        int src = 0;
        for (int a = 0; a < rank; a++) {
            if (a == axis) {
                v = b.iter((int) depth);
                out.add(Kernel.at(v));
                dims.add((int) depth);
            } else {
                Kernel.Ix i = b.iter(idx.dims().get(src++));
                out.add(Kernel.at(i));
                ii.add(Kernel.at(i));
                dims.add(i.extent());
            }
        }
        Expr raw = Kernel.read(b.tensor(idx), ii);
        Expr target = add(raw, mul(c(depth), step(sub(c(-0.5), raw)))); // negative: from the end
        Expr pos = Kernel.read(b.tensor(iota((int) depth)), List.of(Kernel.at(v)));
        Expr hit = sub(c(1), step(new Expr.Unary(UnOp.ABS, sub(target, pos))));
        String vals = b.tensor(values.view(List.of(2)));
        Expr off = Kernel.read(vals, List.of(Index.fixed(0))), on = Kernel.read(vals, List.of(Index.fixed(1)));
        return b.run(k, dims, out, add(off, mul(sub(on, off), hit)), Update.assign(), values.type());
    }

    static Value tile(Kernels k, String name, Value x, long[] repeats) {
        Value y = x;
        for (int a = 0; a < x.rank(); a++) {
            if (repeats[a] == 1) continue;
            int d = y.dims().get(a);
            int[] idx = new int[(int) (d * repeats[a])];
            for (int i = 0; i < idx.length; i++) idx[i] = i % d;
            y = Shaping.select(k, name + "_" + a, y, a, idx);
        }
        return y == x ? Pointwise.copy(k, name, x) : y;
    }

    /** DCR: {@code [N, b, b, C/b², H, W] → perm (0, 3, 4, 1, 5, 2)}; CRD: {@code [N, C/b², b, b, H, W] → (0, 1, 4, 2, 5, 3)}. */
    static Value depthToSpace(Kernels k, String name, Value x, int bs, String mode) {
        int n = x.dims().get(0), ch = x.dims().get(1), h = x.dims().get(2), w = x.dims().get(3), c = ch / (bs * bs);
        boolean dcr = !mode.equals("CRD");
        Value v = x.view(dcr ? List.of(n, bs, bs, c, h, w) : List.of(n, c, bs, bs, h, w));
        Value t = Shaping.transpose(k, name, v, dcr ? new int[] {0, 3, 4, 1, 5, 2} : new int[] {0, 1, 4, 2, 5, 3});
        return t.view(List.of(n, c, h * bs, w * bs));
    }

    /** {@code [N, C, H/b, b, W/b, b] → perm (0, 3, 5, 1, 2, 4)}. */
    static Value spaceToDepth(Kernels k, String name, Value x, int bs) {
        int n = x.dims().get(0), c = x.dims().get(1), h = x.dims().get(2), w = x.dims().get(3);
        Value v = x.view(List.of(n, c, h / bs, bs, w / bs, bs));
        Value t = Shaping.transpose(k, name, v, new int[] {0, 3, 5, 1, 2, 4});
        return t.view(List.of(n, c * bs * bs, h / bs, w / bs));
    }

    /** {@code (x − mean)/sqrt(var + ε)} over the {@code reduced} axes (population variance), then {@code ·scale + B} per channel when given. */
    static Value normalize(Kernels k, String name, Value x, boolean[] reduced, double eps, Value scale, Value bias) {
        Value mean = Reductions.reduce(k, name + "_mean", x, reduced, true, org.shapeforge.codegen.ir.BinOp.ADD, true);
        Value sq = Pointwise.map(k, name + "_sq", List.of(x, mean), r -> mul(sub(r.get(0), r.get(1)), sub(r.get(0), r.get(1))), x.type());
        Value var = Reductions.reduce(k, name + "_var", sq, reduced, true, org.shapeforge.codegen.ir.BinOp.ADD, true);
        List<Value> ins = new ArrayList<>(List.of(x, mean, var));
        if (scale != null) {
            List<Integer> view = new ArrayList<>(java.util.Collections.nCopies(x.rank() - 1, 1));
            view.set(0, scale.dims().getFirst());
            ins.add(scale.view(view));
            ins.add(bias.view(view));
        }
        return Pointwise.map(k, name, ins, r -> {
            Expr y = mul(sub(r.get(0), r.get(1)), new Expr.Unary(UnOp.RECIP, new Expr.Unary(UnOp.SQRT, add(r.get(2), c(eps)))));
            return r.size() > 3 ? add(mul(y, r.get(3)), r.get(4)) : y;
        }, x.type());
    }
}
