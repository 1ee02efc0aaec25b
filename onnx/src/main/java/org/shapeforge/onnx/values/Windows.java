package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import onnx.Onnx.TensorProto;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.program.Fold;
import org.shapeforge.term.Dim;

/**
 * Sliding windows in the loop IR: the input axis is indexed {@code s·o + d·k − pad_begin} (seed
 * 000's convolution index, Conj. 8.2) and padding lives in the input's margins (pad value 0 for
 * sums, −∞ for max pooling); the right margin also covers what {@code ceil_mode} reaches.
 * Groups index channels {@code (C/g)·g + c}. ConvTranspose scatters into the unpadded full result
 * ({@code y[s·i + d·k] =:+ x[i]·w[k]}, an accumulation since that index is not injective) and crops
 * the pads in a second operation. AveragePool divides by a count computed the same way over a
 * tensor of ones (whose extent includes the pads when {@code count_include_pad}).
 */
final class Windows {
    private Windows() {}

    /** Per spatial axis: kernel, stride, dilation, begin and end padding, output size. */
    record Geometry(int[] kernel, int[] stride, int[] dil, int[] begin, int[] end, int[] out) {
        int spatial() {
            return kernel.length;
        }
    }

    /** ONNX's output sizes and pads (explicit, VALID, SAME_UPPER/LOWER; floor or ceil mode). */
    static Geometry geometry(List<Integer> in, int[] kernel, long[] strides, long[] dils, long[] pads, String autoPad, boolean ceil) {
        int sp = kernel.length;
        int[] s = new int[sp], d = new int[sp], b = new int[sp], e = new int[sp], o = new int[sp];
        for (int a = 0; a < sp; a++) {
            s[a] = strides == null ? 1 : (int) strides[a];
            d[a] = dils == null ? 1 : (int) dils[a];
            int span = (kernel[a] - 1) * d[a] + 1, i = in.get(a);
            switch (autoPad) {
                case "SAME_UPPER", "SAME_LOWER" -> {
                    o[a] = (i + s[a] - 1) / s[a];
                    int total = Math.max(0, (o[a] - 1) * s[a] + span - i);
                    b[a] = autoPad.equals("SAME_UPPER") ? total / 2 : total - total / 2;
                    e[a] = total - b[a];
                }
                case "VALID" -> o[a] = Math.floorDiv(i - span, s[a]) + 1;
                default -> {
                    b[a] = pads == null ? 0 : (int) pads[a];
                    e[a] = pads == null ? 0 : (int) pads[a + sp];
                    int num = i + b[a] + e[a] - span;
                    o[a] = (ceil ? Math.floorDiv(num + s[a] - 1, s[a]) : Math.floorDiv(num, s[a])) + 1;
                    if (ceil && (o[a] - 1) * s[a] >= i + b[a]) o[a]--; // the last window starts inside
                }
            }
            if (o[a] < 1) throw new NotExpressible("window output size " + o[a] + " (zero-size result)");
        }
        return new Geometry(kernel, s, d, b, e, o);
    }

    /** The input's margin on spatial axis a: the begin pad, and whatever the last window reaches past the end. */
    private static TensorDecl.Margin margin(Geometry g, int a, int in) {
        int hi = g.stride()[a] * (g.out()[a] - 1) + g.dil()[a] * (g.kernel()[a] - 1) - g.begin()[a];
        return new TensorDecl.Margin(Math.max(0, g.begin()[a]), Math.max(0, hi - (in - 1)));
    }

    private static Index window(Geometry g, int a, Kernel.Ix o, Kernel.Ix kx) {
        return Kernel.lin(-g.begin()[a], g.stride()[a], o, g.dil()[a], kx);
    }

    static Value conv(Kernels k, String name, Value x, Value w, Value bias, Geometry g, int group) {
        return conv(k, name, x, w, bias, g, group, Tail.NONE);
    }

    /**
     * Conv, its bias added to each finished cell by the kernel's epilogue (and {@code tail} after
     * it, issue 29) where the result's index separates its iterators (not for a grouped conv with
     * several channels per group: its channel index {@code mg·g + m} mixes two).
     */
    static Value conv(Kernels k, String name, Value x, Value w, Value bias, Geometry g, int group, Tail tail) {
        int n = x.dims().get(0), cin = x.dims().get(1), cout = w.dims().get(0), sp = g.spatial();
        if (group < 1 || cin % group != 0 || cout % group != 0 || w.dims().get(1) != cin / group)
            throw new IllegalArgumentException(name + ": " + group + " groups of input " + x.dims() + " and weights " + w.dims());
        int cg = cin / group, mg = cout / group;
        Projected p = new Projected(name);
        Dim ni = p.label(n), gi = p.label(group), mi = p.label(mg), ci = p.label(cg);
        List<Dim> oi = new ArrayList<>(), ki = new ArrayList<>();
        for (int a = 0; a < sp; a++) oi.add(p.label(g.out()[a]));
        for (int a = 0; a < sp; a++) ki.add(p.label(g.kernel()[a]));
        // channels of group gi: cg·gi + ci of the input, mg·gi + mi of the weights and the result
        Dim inChannel = Projected.window(gi, cg, ci, 1), outChannel = Projected.window(gi, mg, mi, 1);
        List<Dim> xi = new ArrayList<>(List.of(ni, inChannel)), wi = new ArrayList<>(List.of(outChannel, ci));
        List<Dim> yi = new ArrayList<>(List.of(ni, outChannel));
        int[] begin = new int[sp + 2];
        List<Integer> dims = new ArrayList<>(List.of(n, cout));
        for (int a = 0; a < sp; a++) {
            xi.add(Projected.window(oi.get(a), g.stride()[a], ki.get(a), g.dil()[a]));
            wi.add(ki.get(a));
            yi.add(oi.get(a));
            begin[a + 2] = g.begin()[a];
            dims.add(g.out()[a]);
        }
        p.operand(x, x.dims(), xi, begin);
        p.operand(w, w.dims(), wi);
        Kernel b = p.kernel(yi, Fold.SUM);
        if (b.runs() && b.foldsNeutral() && Kernel.separates(b.lhs()) && (bias == null || bias.rank() == 1 && bias.dims().getFirst() == cout)) {
            List<Index> out = b.lhs();
            Expr cell = Kernel.result(out);
            if (bias != null) cell = new Expr.Binary(BinOp.ADD, cell, Kernel.read(b.tensor(bias), List.of(out.get(1))));
            Optional<Expr> epilogue = tail.finish(b, cell, out, dims, x.type());
            if (epilogue.isPresent() || bias != null) return b.run(k, Optional.of(epilogue.orElse(cell)), dims, x.type());
        }
        Value y = b.run(k, Optional.empty(), dims, x.type());
        return bias == null ? y : addChannel(k, name + "_bias", y, bias);
    }

    /** {@code y + bias[c]} along axis 1. */
    static Value addChannel(Kernels k, String name, Value y, Value bias) {
        List<Integer> view = new ArrayList<>();
        view.add(bias.dims().getFirst());
        for (int a = 2; a < y.rank(); a++) view.add(1);
        return Pointwise.binary(k, name, List.of(y, bias.view(view)), BinOp.ADD);
    }

    static Value convTranspose(Kernels k, String name, Value x, Value w, Value bias, int[] kernel, int[] s, int[] d,
            int[] begin, int[] end, int[] outPad, int group) {
        int n = x.dims().get(0), cin = x.dims().get(1), mg = w.dims().get(1), sp = kernel.length;
        int cg = cin / group, cout = mg * group;
        Kernel b = new Kernel(name + "_full");
        Kernel.Ix ni = b.iter(n), gi = b.iter(group), mi = b.iter(mg), ci = b.iter(cg);
        List<Kernel.Ix> ii = new ArrayList<>(), ki = new ArrayList<>();
        for (int a = 0; a < sp; a++) ii.add(b.iter(x.dims().get(a + 2)));
        for (int a = 0; a < sp; a++) ki.add(b.iter(kernel[a]));
        List<Index> xi = new ArrayList<>(List.of(Kernel.at(ni), Kernel.lin(0, cg, gi, 1, ci)));
        List<Index> wi = new ArrayList<>(List.of(Kernel.lin(0, cg, gi, 1, ci), Kernel.at(mi)));
        List<Index> yi = new ArrayList<>(List.of(Kernel.at(ni), Kernel.lin(0, mg, gi, 1, mi)));
        List<Integer> full = new ArrayList<>(List.of(n, cout));
        int[] start = new int[sp + 2], step = new int[sp + 2], len = new int[sp + 2];
        start[0] = start[1] = 0;
        step[0] = step[1] = 1;
        len[0] = n;
        len[1] = cout;
        for (int a = 0; a < sp; a++) {
            xi.add(Kernel.at(ii.get(a)));
            wi.add(Kernel.at(ki.get(a)));
            // negative pads (an output_shape larger than the full result) add zero cells: shift the full result
            int shift = Math.max(0, -begin[a]);
            yi.add(Kernel.lin(shift, s[a], ii.get(a), d[a], ki.get(a)));
            int f = s[a] * (x.dims().get(a + 2) - 1) + d[a] * (kernel[a] - 1) + 1 + outPad[a];
            full.add(f + shift + Math.max(0, -end[a]));
            start[a + 2] = begin[a] + shift;
            step[a + 2] = 1;
            len[a + 2] = f - begin[a] - end[a];
        }
        Expr rhs = new Expr.Binary(BinOp.MUL, Kernel.read(b.tensor(x), xi), Kernel.read(b.tensor(w), wi));
        Value y = b.run(k, full, yi, rhs, Update.accumulate(BinOp.ADD), x.type());
        if (Arrays.stream(begin).anyMatch(v -> v != 0) || Arrays.stream(end).anyMatch(v -> v != 0))
            y = Shaping.slice(k, name + "_crop", y, start, step, len);
        return bias == null ? y : addChannel(k, name + "_bias", y, bias);
    }

    static Value maxPool(Kernels k, String name, Value x, Geometry g) {
        return pool(k, name, x, g, Fold.MAX);
    }

    /**
     * MaxPool's Indices output: the flat input index of each window's maximum, as the reduction
     * {@code ind =:min (iota + 2^100·(y − x))} over the window, where {@code iota} holds every
     * input cell's flat index (row-major, or column-major over the spatial axes when
     * {@code storage_order = 1}) and {@code y} is the pooled maximum: the term is exactly the
     * index where {@code x = y} and at least 2^100·ulp beyond any index elsewhere (pads read
     * {@code x = −∞}, giving +∞). Ties resolve to the smallest index, as ONNX's reference does.
     * Precondition (stated, not checked): distinct values of one window differ by more than
     * {@code size(x)·2^−100} — true except between subnormal-scale values.
     */
    static Value maxPoolIndices(Kernels k, String name, Value x, Value y, Geometry g, boolean columnMajor) {
        int sp = g.spatial(), lead = x.rank() - sp;
        double[] iota = new double[x.data().length];
        int[] ix = new int[x.rank()];
        for (int flat = 0; flat < iota.length; flat++) {
            int f = flat;
            for (int a = x.rank() - 1; a >= 0; a--) { ix[a] = f % x.dims().get(a); f /= x.dims().get(a); }
            if (!columnMajor) iota[flat] = flat;
            else {
                long v = 0;
                for (int a = 0; a < lead; a++) v = v * x.dims().get(a) + ix[a];
                long inner = 0;
                for (int a = x.rank() - 1; a >= lead; a--) inner = inner * x.dims().get(a) + ix[a];
                long spatial = 1;
                for (int a = lead; a < x.rank(); a++) spatial *= x.dims().get(a);
                iota[flat] = v * spatial + inner;
            }
        }
        Value io = new Value(x.dims(), iota, TensorProto.DataType.INT64_VALUE);
        Kernel b = new Kernel(name);
        List<Index> xi = new ArrayList<>(), yi = new ArrayList<>();
        List<TensorDecl.Margin> margins = new ArrayList<>();
        for (int a = 0; a < lead; a++) {
            Kernel.Ix i = b.iter(x.dims().get(a));
            xi.add(Kernel.at(i));
            yi.add(Kernel.at(i));
            margins.add(TensorDecl.Margin.NONE);
        }
        for (int a = 0; a < sp; a++) {
            Kernel.Ix o = b.iter(g.out()[a]), kx = b.iter(g.kernel()[a]);
            xi.add(window(g, a, o, kx));
            yi.add(Kernel.at(o));
            margins.add(margin(g, a, x.dims().get(lead + a)));
        }
        Expr gap = new Expr.Binary(BinOp.SUB, Kernel.read(b.tensor(y), yi), Kernel.read(b.tensor(x, x.dims(), margins, Double.NEGATIVE_INFINITY), xi));
        Expr rhs = new Expr.Fma(new Expr.Const(0x1p100), gap, Kernel.read(b.tensor(io, x.dims(), margins, 0), xi));
        return b.run(k, y.dims(), yi, rhs, Update.accumulate(BinOp.MIN), TensorProto.DataType.INT64_VALUE);
    }

    /**
     * The window's points of {@code x} folded into each output cell: a projections operation
     * ({@link Projected}) reading {@code x} at {@code s·o + d·k − begin}, its one operand the
     * right-hand side, the pads margins that hold the fold's neutral element.
     */
    private static Value pool(Kernels k, String name, Value x, Geometry g, Fold fold) {
        int sp = g.spatial(), lead = x.rank() - sp;
        Projected p = new Projected(name);
        List<Dim> xi = new ArrayList<>(), yi = new ArrayList<>();
        int[] begin = new int[x.rank()];
        List<Integer> dims = new ArrayList<>();
        for (int a = 0; a < lead; a++) {
            Dim i = p.label(x.dims().get(a));
            xi.add(i);
            yi.add(i);
            dims.add(x.dims().get(a));
        }
        for (int a = 0; a < sp; a++) {
            Dim o = p.label(g.out()[a]), kx = p.label(g.kernel()[a]);
            xi.add(Projected.window(o, g.stride()[a], kx, g.dil()[a]));
            yi.add(o);
            begin[lead + a] = g.begin()[a];
            dims.add(g.out()[a]);
        }
        p.operand(x, x.dims(), xi, begin);
        return p.kernel(yi, fold).run(k, Optional.empty(), dims, x.type());
    }

    static Value averagePool(Kernels k, String name, Value x, Geometry g, boolean countPad) {
        int sp = g.spatial(), lead = x.rank() - sp;
        Value sum = pool(k, name + "_sum", x, g, Fold.SUM);
        // the divisor: the same window over ones (the pads count when count_include_pad)
        List<Integer> in = x.dims().subList(lead, x.rank());
        List<Integer> onesDims = new ArrayList<>();
        for (int a = 0; a < sp; a++) onesDims.add(in.get(a) + (countPad ? g.begin()[a] + g.end()[a] : 0));
        double[] ones = new double[(int) Shaping.product(onesDims)];
        Arrays.fill(ones, 1);
        Value o = new Value(onesDims, ones, x.type());
        Geometry og = countPad ? new Geometry(g.kernel(), g.stride(), g.dil(), new int[sp], new int[sp], g.out()) : g;
        Value count = pool(k, name + "_count", o, og, Fold.SUM);
        List<Integer> view = new ArrayList<>();
        for (int a = 0; a < lead; a++) view.add(1);
        view.addAll(count.dims());
        return Pointwise.binary(k, name, List.of(sum, count.view(view)), BinOp.DIV);
    }

    static Value globalAveragePool(Kernels k, String name, Value x) {
        int lead = 2;
        Kernel b = new Kernel(name);
        List<Index> xi = new ArrayList<>(), yi = new ArrayList<>();
        List<Integer> dims = new ArrayList<>();
        long n = 1;
        for (int a = 0; a < x.rank(); a++) {
            Kernel.Ix i = b.iter(x.dims().get(a));
            xi.add(Kernel.at(i));
            yi.add(a < lead ? Kernel.at(i) : Index.fixed(0));
            dims.add(a < lead ? x.dims().get(a) : 1);
            if (a >= lead) n *= x.dims().get(a);
        }
        Expr rhs = new Expr.Binary(BinOp.MUL, Kernel.read(b.tensor(x), xi), new Expr.Const(1.0 / n));
        return b.run(k, dims, yi, rhs, Update.accumulate(BinOp.ADD), x.type());
    }
}
