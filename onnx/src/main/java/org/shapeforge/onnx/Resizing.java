package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;
import org.shapeforge.onnx.values.Lowerings;

/**
 * Resize (opsets 10–19) and Upsample: each output axis is {@code sizes[i]}, or
 * {@code floor(in · scales[i])} — the shape ONNX's shape inference gives; {@code roi} and the
 * interpolation attributes shape the values only. From opset 18 {@code axes} names the resized
 * axes (the others keep their size) and {@code keep_aspect_ratio_policy = not_larger | not_smaller}
 * scales every named axis by one factor, the min or max of {@code sizes[i] / in}, rounded half up.
 * A symbolic axis is resized by an integer scale k as {@code out = k · in} (a runtime size over a
 * dim_param, {@link Emitter#define}); an axis the graph determines also by {@code 1/k}, as
 * {@code k · out + in mod k = in} (floor); another scale of a symbolic axis, and scales or sizes
 * computed at run time (from data, or in floating point: {@link RealSizes}), make the axis an
 * unknown extent named after the node (seed 004; a gap of the import, the rest still inferred).
 * A policy over a symbolic axis needs its size (an {@code unsupported} gap, {@link Fallback}).
 */
final class Resizing {
    private Resizing() {}

    /** Resize and Upsample: their shape logic here, their lowering in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.each(Resizing::resize, Lowerings.INTERPOLATION, "Resize", "Upsample");

    static List<Tensor> resize(Node n, Emitter e) {
        Tensor x = n.input(0);
        int r = x.rank();
        boolean upsample = n.op().equals("Upsample");
        int scalesAt = upsample || n.opset() < 11 ? 1 : 2;
        double[] scales = n.attrs().has("scales") ? n.attrs().floats("scales").orElseThrow()
                : n.optInput(scalesAt).flatMap(Tensor::floats).filter(v -> v.length > 0).orElse(null);
        long[] sizes = upsample || n.opset() < 11 ? null : n.optInput(3).flatMap(Tensor::ints).filter(v -> v.length > 0).orElse(null);
        var computed = upsample || n.opset() < 11 || sizes != null ? Optional.<List<ShapeValue>>empty()
                : n.optInput(3).flatMap(Tensor::contents).filter(v -> !v.isEmpty());
        if (computed.isPresent() && n.attrs().s("keep_aspect_ratio_policy", "stretch").equals("stretch")) {
            // sizes computed from a Shape (F.interpolate(x, size=y.shape[-2:])): each resized axis is that size
            List<Dim> target = ShapeOps.dims(n, e, computed.get(), 3);
            int[] axes = axes(n, r, target.size());
            List<Dim> out = e.freshRow("y", r);
            List<Dim> y = new ArrayList<>(x.dims());
            for (int i = 0; i < axes.length; i++) y.set(axes[i], target.get(i));
            e.eqAll(out, y, n.out(0));
            return List.of(n.result(0, out));
        }
        if (scales == null && sizes == null) {
            boolean given = n.optInput(scalesAt).map(t -> t.rank() > 0 && !(t.dims().getFirst() instanceof Dim.Atom a && a.size() == 0)).orElse(false)
                    || !upsample && n.opset() >= 11 && n.optInput(3).isPresent();
            if (!given) throw n.error("neither scales nor sizes is given");
            // computed at run time (from data, or in floating point): the resized axes are known only then
            int[] axes = axes(n, r, n.attrs().ints("axes").map(a -> a.length).orElse(r));
            List<Dim> y = new ArrayList<>(x.dims());
            for (int a : axes)
                y.set(a, ShapeOps.unknownExtent(e, n, "the " + (n.optInput(3).isPresent() && !upsample && n.opset() >= 11 ? "sizes" : "scales")
                        + " are computed at run time, not known at import time"));
            List<Dim> out = e.freshRow("y", r);
            e.eqAll(out, y, n.out(0));
            return List.of(n.result(0, out));
        }
        int[] axes = axes(n, r, scales != null ? scales.length : sizes.length);
        List<Dim> y = new ArrayList<>(x.dims());
        String policy = n.attrs().s("keep_aspect_ratio_policy", "stretch");
        if (sizes != null && !policy.equals("stretch")) {
            double scale = policy.equals("not_larger") ? Double.MAX_VALUE : 0;
            for (int i = 0; i < axes.length; i++) {
                double s = sizes[i] / (double) known(n, e, x.dim(axes[i]));
                scale = policy.equals("not_larger") ? Math.min(scale, s) : Math.max(scale, s);
            }
            for (int a : axes) y.set(a, Emitter.size((long) Math.floor(scale * known(n, e, x.dim(a)) + 0.5)));
        } else if (sizes != null) {
            for (int i = 0; i < axes.length; i++) {
                if (sizes[i] < 1) throw n.error("sizes[" + i + "] is " + sizes[i] + ": sizes are at least 1 (Def. 1.1)");
                y.set(axes[i], Emitter.size(sizes[i]));
            }
        } else {
            for (int i = 0; i < axes.length; i++) y.set(axes[i], scaled(n, e, x.dim(axes[i]), axes[i], scales[i]));
        }
        List<Dim> out = e.freshRow("y", r);
        e.eqAll(out, y, n.out(0));
        return List.of(n.result(0, out));
    }

    /** The resized axes: opset 18's {@code axes}, else all; their count must match the scales or sizes. */
    private static int[] axes(Node n, int r, int given) {
        long[] a = n.attrs().ints("axes").orElse(null);
        int[] out = new int[a == null ? r : a.length];
        for (int i = 0; i < out.length; i++) out[i] = a == null ? i : n.axis(a[i], r);
        if (given != out.length)
            throw n.error("scales/sizes have " + given + " entries for " + out.length + " resized axes");
        return out;
    }

    /** {@code floor(in · s)} for axis {@code a}. */
    private static Dim scaled(Node n, Emitter e, Dim in, int a, double s) {
        if (!(s > 0)) throw n.error("scale " + s + " of axis " + a + " must be positive");
        if (s == 1) return in;
        if (in instanceof Dim.Atom || in instanceof Dim.Unit) {
            long v = (long) Math.floor(known(n, e, in) * s);
            if (v < 1) throw n.error("axis " + a + " of size " + known(n, e, in) + " scaled by " + s + " has size " + v
                    + ": sizes are at least 1 (Def. 1.1)");
            return Emitter.size(v);
        }
        NodeOrigin o = n.origin("input 0's axis " + a + " scaled by " + s);
        Dim out = e.fresh("rs");
        if (s == Math.rint(s)) {
            e.define(out, Emitter.times((long) s, Emitter.sz(in)), o);
        } else if (1 / s == Math.rint(1 / s) && !e.symbolic(in)) {
            long k = (long) Math.rint(1 / s);
            e.rel(Emitter.plus(Emitter.times(k, Emitter.sz(out)), new SizeExpr.Mod(Emitter.sz(in), k)), Rel.EQ, Emitter.sz(in), o);
        } else {
            // floor(in · s) is no size relation: the axis is known only at run time (seed 004)
            e.eq(out, ShapeOps.unknownExtent(e, n, "floor(" + "axis " + a + " · " + s + ") of a symbolic axis is no size relation"
                    + " (only integer scales, and on sizes the graph determines their inverses, are)"), o);
        }
        return out;
    }

    private static long known(Node n, Emitter e, Dim d) {
        return e.sizeOf(d, n.in(0), "Resize (the output size depends on the input's)");
    }
}
