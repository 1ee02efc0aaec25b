package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.onnx.values.Lowering;
import org.shapeforge.onnx.values.Lowerings;
import org.shapeforge.term.Dim;

/**
 * Sliding-window ops: Conv, ConvTranspose, MaxPool/AveragePool/LpPool and the global pools.
 * ONNX's output size {@code o = ⌊(i + P − e)/s⌋ + 1} (e = d·(k−1) + 1 the dilated kernel) is
 * exact only with the remainder: each spatial axis gets a bounded extra size variable
 * {@code r ∈ 1..s} (the remainder plus one, sizes being positive) and the linear equation
 * {@code i + P + s + d = s·o + d·k + r}. With {@code ceil_mode} the remainder is on the other
 * side: {@code i + P − e + r + s = s·o + 1}. {@code auto_pad = SAME_*}: {@code o = ⌈i/s⌉}, i.e.
 * {@code i + r = s·o + 1}. ConvTranspose: {@code o + P + s + d − 1 − op = s·i + d·k} or the
 * {@code output_shape} attribute. The kernel size is the weight's axis (a dimension term, so an
 * unknown kernel is solved too) or the {@code kernel_shape} attribute.
 */
final class Windows {
    private Windows() {}

    /** The convolutions and pools: their shape logic here, their lowerings in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Windows::conv, Lowerings.WINDOWS, "Conv"),
            OpSpec.each(Windows::convTranspose, Lowerings.WINDOWS, "ConvTranspose"),
            OpSpec.each(Windows::pool, Lowerings.WINDOWS, "MaxPool", "AveragePool"),
            OpSpec.each(Windows::pool, Lowering.none("Lp pooling: not lowered yet (the window loops sum x or take its maximum;"
                    + " a |x|^p sum and its p-th root are not written)"), "LpPool"),
            OpSpec.each(Windows::global, Lowerings.WINDOWS, "GlobalAveragePool"),
            OpSpec.each(Windows::global, Lowerings.SIGNALS, "GlobalMaxPool"),
            OpSpec.each(Windows::global, Lowering.none("global Lp pooling: not lowered yet (as LpPool, the |x|^p sum and p-th root"
                    + " are not written)"), "GlobalLpPool"),
            OpSpec.each(Windows::convInteger, Lowerings.CONTRACTIONS, "ConvInteger", "QLinearConv"));

    private record Geometry(int spatial, long[] strides, long[] dilations, long[] pads, String autoPad) {}

    private static Geometry geometry(Node n, int spatial) {
        long[] strides = n.attrs().ints("strides").orElse(ones(spatial));
        long[] dil = n.attrs().ints("dilations").orElse(ones(spatial));
        long[] pads = n.attrs().ints("pads").orElse(new long[2 * spatial]);
        if (strides.length != spatial || dil.length != spatial || pads.length != 2 * spatial)
            throw n.error("strides/dilations/pads do not match the " + spatial + " spatial axes");
        for (long s : strides) if (s < 1) throw n.error("strides must be >= 1");
        for (long d : dil) if (d < 1) throw n.error("dilations must be >= 1");
        return new Geometry(spatial, strides, dil, pads, n.attrs().s("auto_pad", "NOTSET"));
    }

    private static long[] ones(int k) {
        long[] a = new long[k];
        Arrays.fill(a, 1);
        return a;
    }

    /** {@code e + c}, with the constant on the side that keeps it readable. */
    private static SizeExpr plus(SizeExpr e, long c) {
        if (c == 0) return e;
        return c > 0 ? new SizeExpr.Add(e, Emitter.lit(c)) : new SizeExpr.Sub(e, Emitter.lit(-c));
    }

    /** One spatial axis of a forward window: input {@code i}, kernel {@code k}, output {@code o}. */
    private static void forward(Node n, Emitter e, Geometry g, int ax, Dim i, SizeExpr k, Dim o, boolean ceil) {
        long s = g.strides[ax], d = g.dilations[ax];
        NodeOrigin at = n.origin("spatial axis " + ax + " (stride " + s + ", dilation " + d + ", auto_pad " + g.autoPad + ")");
        Dim r = e.fresh("rem");
        e.range(r, 1, s, at.as(at.role() + ": remainder of the floor division"));
        switch (g.autoPad) {
            case "SAME_UPPER", "SAME_LOWER" -> e.rel(plus(Emitter.plus(Emitter.sz(i), Emitter.sz(r)), 0), Rel.EQ,
                    plus(Emitter.times(s, Emitter.sz(o)), 1), at);
            case "NOTSET", "VALID" -> {
                long p = g.autoPad.equals("VALID") ? 0 : g.pads[ax] + g.pads[ax + g.spatial];
                if (!ceil) // i + P + s + d = s·o + d·k + r
                    e.rel(plus(Emitter.sz(i), p + s + d), Rel.EQ,
                            Emitter.plus(Emitter.plus(Emitter.times(s, Emitter.sz(o)), Emitter.times(d, k)), Emitter.sz(r)), at);
                else // i + P − (d·k − d + 1) + r + s = s·o + 1
                    e.rel(plus(Emitter.plus(Emitter.sz(i), Emitter.sz(r)), p + d - 1 + s - 1), Rel.EQ,
                            Emitter.plus(Emitter.times(s, Emitter.sz(o)), Emitter.times(d, k)), at);
            }
            default -> throw n.error("unknown auto_pad '" + g.autoPad + "'");
        }
    }

    static List<Tensor> conv(Node n, Emitter e) {
        return convOf(n, e, 0, 1, 2);
    }

    /** ConvInteger (X, W at 0 and 1, no bias) and QLinearConv (at 0 and 3, bias at 8): Conv's shape of those inputs. */
    static List<Tensor> convInteger(Node n, Emitter e) {
        boolean q = n.op().equals("QLinearConv");
        return convOf(n, e, 0, q ? 3 : 1, q ? 8 : -1);
    }

    /** Conv of {@code input(xi)} by {@code input(wi)}, the bias {@code input(bi)} when {@code bi >= 0} and present. */
    static List<Tensor> convOf(Node n, Emitter e, int xi, int wi, int bi) {
        Tensor x = n.input(xi), w = n.input(wi);
        if (x.rank() < 3 || w.rank() != x.rank()) throw n.error("Conv needs X of rank >= 3 and W of the same rank, got "
                + x.rank() + " and " + w.rank());
        int sp = x.rank() - 2;
        Geometry g = geometry(n, sp);
        long group = n.attrs().i("group", 1);
        List<Dim> y = e.freshRow("y", x.rank());
        e.eq(y.get(0), x.dim(0), n.in(xi));
        e.eq(y.get(1), w.dim(0), n.in(wi));
        e.rel(Emitter.sz(x.dim(1)), Rel.EQ, Emitter.times(group, Emitter.sz(w.dim(1))),
                n.origin("input " + xi + "'s channels = group (" + group + ") × input " + wi + "'s axis 1"));
        if (bi >= 0) n.optInput(bi).ifPresent(b -> {
            if (b.rank() != 1) throw n.error("the bias (input " + bi + ") must have rank 1");
            e.eq(b.dim(0), w.dim(0), n.in(bi));
        });
        kernelShape(n, e, w, sp);
        for (int a = 0; a < sp; a++) forward(n, e, g, a, x.dim(a + 2), Emitter.sz(w.dim(a + 2)), y.get(a + 2), false);
        return List.of(n.result(0, y));
    }

    private static void kernelShape(Node n, Emitter e, Tensor w, int sp) {
        n.attrs().ints("kernel_shape").ifPresent(ks -> {
            if (ks.length != sp) throw n.error("kernel_shape has " + ks.length + " entries for " + sp + " spatial axes");
            for (int a = 0; a < sp; a++) e.eq(w.dim(a + 2), Emitter.size(ks[a]), n.origin("attribute kernel_shape against input 1"));
        });
    }

    static List<Tensor> convTranspose(Node n, Emitter e) {
        Tensor x = n.input(0), w = n.input(1);
        if (x.rank() < 3 || w.rank() != x.rank()) throw n.error("ConvTranspose needs X of rank >= 3 and W of the same rank");
        int sp = x.rank() - 2;
        Geometry g = geometry(n, sp);
        long group = n.attrs().i("group", 1);
        long[] outPad = n.attrs().ints("output_padding").orElse(new long[sp]);
        List<Dim> y = e.freshRow("y", x.rank());
        e.eq(y.get(0), x.dim(0), n.in(0));
        e.eq(x.dim(1), w.dim(0), n.origin("input 0's channels against input 1's axis 0"));
        e.rel(Emitter.sz(y.get(1)), Rel.EQ, Emitter.times(group, Emitter.sz(w.dim(1))),
                n.origin("output channels = group (" + group + ") × input 1's axis 1"));
        n.optInput(2).ifPresent(b -> e.eq(b.dim(0), y.get(1), n.in(2)));
        kernelShape(n, e, w, sp);
        var outputShape = n.attrs().ints("output_shape");
        for (int a = 0; a < sp; a++) {
            long s = g.strides[a], d = g.dilations[a];
            NodeOrigin at = n.origin("spatial axis " + a + " (stride " + s + ", dilation " + d + ")");
            Dim i = x.dim(a + 2), k = w.dim(a + 2), o = y.get(a + 2);
            if (outputShape.isPresent()) {
                long[] os = outputShape.get();
                e.eq(o, Emitter.size(os[os.length - sp + a]), at.as("attribute output_shape"));
            } else if (g.autoPad.startsWith("SAME")) {
                e.rel(Emitter.sz(o), Rel.EQ, Emitter.times(s, Emitter.sz(i)), at);
            } else {
                long p = g.autoPad.equals("VALID") ? 0 : g.pads[a] + g.pads[a + sp];
                e.rel(plus(Emitter.sz(o), p + s + d - 1 - outPad[a]), Rel.EQ,
                        Emitter.plus(Emitter.times(s, Emitter.sz(i)), Emitter.times(d, Emitter.sz(k))), at);
            }
        }
        return List.of(n.result(0, y));
    }

    /** MaxPool, AveragePool, LpPool: kernel from {@code kernel_shape}; MaxPool's Indices has Y's shape. */
    static List<Tensor> pool(Node n, Emitter e) {
        Tensor x = n.input(0);
        if (x.rank() < 3) throw n.error(n.op() + " needs X of rank >= 3");
        int sp = x.rank() - 2;
        long[] ks = n.attrs().ints("kernel_shape").orElseThrow(() -> n.error("kernel_shape is required"));
        if (ks.length != sp) throw n.error("kernel_shape has " + ks.length + " entries for " + sp + " spatial axes");
        Geometry g = geometry(n, sp);
        boolean ceil = n.attrs().i("ceil_mode", 0) != 0;
        List<Dim> y = e.freshRow("y", x.rank());
        e.eq(y.get(0), x.dim(0), n.in(0));
        e.eq(y.get(1), x.dim(1), n.in(0));
        for (int a = 0; a < sp; a++) forward(n, e, g, a, x.dim(a + 2), Emitter.lit(ks[a]), y.get(a + 2), ceil);
        List<Tensor> outs = new ArrayList<>(List.of(n.result(0, y)));
        if (n.outputs() > 1 && !n.proto().getOutput(1).isEmpty()) outs.add(n.result(1, y));
        return outs;
    }

    /** GlobalAveragePool, GlobalMaxPool, GlobalLpPool: {@code [N, C, 1, …]}. */
    static List<Tensor> global(Node n, Emitter e) {
        Tensor x = n.input(0);
        if (x.rank() < 2) throw n.error(n.op() + " needs X of rank >= 2");
        List<Dim> y = e.freshRow("y", 2);
        e.eq(y.get(0), x.dim(0), n.in(0));
        e.eq(y.get(1), x.dim(1), n.in(0));
        List<Dim> out = new ArrayList<>(y);
        for (int a = 2; a < x.rank(); a++) out.add(Dim.unit());
        return List.of(n.result(0, out));
    }
}
