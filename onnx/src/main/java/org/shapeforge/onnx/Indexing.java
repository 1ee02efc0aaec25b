package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.onnx.values.Lowerings;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Dim;

/**
 * Gather (output {@code data[:axis] ++ indices ++ data[axis+1:]}; constant indices also bound the
 * gathered axis from below), Slice with constant starts/ends/axes/steps, and Pad with constant
 * pads ({@code out = in + before + after}).
 *
 * <p>Slice clamps its bounds to the axis size, so its output size is a piecewise function of
 * the input size. The piece is chosen from the input size ({@link Emitter#sizeOf}) and recorded
 * as a guard: when neither bound depends on the size (both non-negative, the end inside the
 * axis) the output size is a constant and the guard is {@code size(in) >= end}; otherwise the
 * guard fixes the input size the piece was chosen for. A symbolic ({@code dim_param}) axis is
 * therefore not sliceable yet (dynamic shapes are a later issue).
 */
final class Indexing {
    private Indexing() {}

    /** Gather, GatherElements, Slice and Pad: their shape logic here, their lowerings in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Indexing::gather, Lowerings.SHAPES, "Gather"),
            OpSpec.each(Indexing::gatherElements, Lowerings.POSITIONAL, "GatherElements"),
            OpSpec.each(Indexing::slice, Lowerings.SHAPES, "Slice"),
            OpSpec.each(Indexing::pad, Lowerings.SHAPES, "Pad"));

    static List<Tensor> gather(Node n, Emitter e) {
        Tensor data = n.input(0), idx = n.input(1);
        int axis = n.axis(n.attrs().i("axis", 0), data.rank());
        List<Dim> y = new ArrayList<>();
        for (int i = 0; i < axis; i++) y.add(copy(n, e, data.dim(i), 0));
        for (int i = 0; i < idx.rank(); i++) y.add(copy(n, e, idx.dim(i), 1));
        for (int i = axis + 1; i < data.rank(); i++) y.add(copy(n, e, data.dim(i), 0));
        indicesInside(n, e, data, axis, idx);
        return List.of(n.result(0, y));
    }

    /**
     * GatherElements: indices of data's rank; the output has the indices' shape. Along {@code axis}
     * the indices may have any size (each picks one of data's); the other axes are not related, as
     * in ONNX's own shape inference. Constant indices must lie inside data's axis.
     */
    static List<Tensor> gatherElements(Node n, Emitter e) {
        Tensor data = n.input(0), idx = n.input(1);
        if (data.rank() == 0) throw n.error("input 0 must have rank >= 1");
        if (idx.rank() != data.rank())
            throw n.error("input 1 (indices) must have input 0's rank " + data.rank() + ", it has rank " + idx.rank());
        int axis = n.axis(n.attrs().i("axis", 0), data.rank());
        List<Dim> y = new ArrayList<>();
        for (int i = 0; i < idx.rank(); i++) y.add(copy(n, e, idx.dim(i), 1));
        indicesInside(n, e, data, axis, idx);
        return List.of(n.result(0, y));
    }

    /** Constant indices (negative ones from the end) must lie inside data's {@code axis}. */
    private static void indicesInside(Node n, Emitter e, Tensor data, int axis, Tensor idx) {
        idx.ints().ifPresent(v -> {
            long need = 1;
            for (long k : v) need = Math.max(need, k >= 0 ? k + 1 : -k);
            if (v.length > 0 && need > 1)
                e.rel(Emitter.sz(data.dim(axis)), Rel.GE, Emitter.lit(need), n.origin("input 0's axis " + axis
                        + " against the constant indices (largest needs size " + need + ")"));
        });
    }

    private static Dim copy(Node n, Emitter e, Dim d, int input) {
        Dim y = e.fresh("y");
        e.eq(y, d, n.in(input));
        return y;
    }

    /**
     * Slice. Bounds known as integers take {@link #sliceAxis}'s pieces. Bounds computed from shapes
     * ({@link SizeForm}s, step 1) are clamped where the comparison with the axis is decided for every
     * value of the sizes — {@code x[:, h:2h]} with {@code h = (seq + 1) // 2} (torch.chunk) gives
     * {@code seq − h} — and an end from a Shape past which nothing is decided is taken as inside the
     * axis ({@link #termEnd}). Bounds that depend on data (no contents), other steps over computed
     * bounds and undecided clamps make the axis an unknown extent named after the node (seed 004).
     */
    static List<Tensor> slice(Node n, Emitter e) {
        Tensor x = n.input(0);
        List<ShapeValue> starts, ends;
        Optional<long[]> axes, steps;
        if (n.attrs().has("starts")) { // opset < 10
            starts = ShapeValue.known(n.attrs().ints("starts").orElseThrow());
            ends = ShapeValue.known(n.attrs().ints("ends").orElseThrow(() -> n.error("ends is required")));
            axes = n.attrs().ints("axes");
            steps = Optional.empty();
        } else {
            starts = n.input(1).contents().orElse(null);
            ends = n.input(2).contents().orElse(null);
            axes = n.optInput(3).map(t -> n.constInts(3, "axes"));
            steps = n.optInput(4).map(t -> n.constInts(4, "steps"));
        }
        List<Dim> y = e.freshRow("y", x.rank());
        boolean[] sliced = new boolean[x.rank()];
        if (starts == null || ends == null) { // bounds from data: each sliced axis an unknown extent
            int k = axes.map(v -> v.length).orElse(x.rank());
            for (int j = 0; j < k; j++) {
                int a = n.axis(axes.isPresent() ? axes.get()[j] : j, x.rank());
                if (sliced[a]) throw n.error("axis " + a + " is sliced twice");
                sliced[a] = true;
                e.eq(y.get(a), ShapeOps.unknownExtent(e, ShapeOps.hint(n), Gap.Kind.UPPER_BOUND,
                        Optional.of(new GapSources.Bound(x.name(), List.of(a))), "the Slice's bounds are computed from data"),
                        n.origin("input 0's axis " + a + " sliced by bounds computed from data"));
            }
            for (int i = 0; i < x.rank(); i++) if (!sliced[i]) e.eq(y.get(i), x.dim(i), n.in(0));
            return List.of(n.result(0, y));
        }
        int k = starts.size();
        if (ends.size() != k || axes.map(a -> a.length != k).orElse(false) || steps.map(s -> s.length != k).orElse(false))
            throw n.error("starts, ends, axes and steps must have the same length");
        for (int j = 0; j < k; j++) {
            int a = n.axis(axes.isPresent() ? axes.get()[j] : j, x.rank());
            if (sliced[a]) throw n.error("axis " + a + " is sliced twice");
            sliced[a] = true;
            long step = steps.isPresent() ? steps.get()[j] : 1;
            if (step == 0) throw n.error("steps must not be 0");
            if (starts.get(j) instanceof ShapeValue.Known(long s) && ends.get(j) instanceof ShapeValue.Known(long t))
                sliceAxis(n, e, x.dim(a), y.get(a), a, s, t, step);
            else
                computedBounds(n, e, x.dim(a), y.get(a), a, starts.get(j), ends.get(j), step);
        }
        for (int i = 0; i < x.rank(); i++) if (!sliced[i]) e.eq(y.get(i), x.dim(i), n.in(0));
        return List.of(n.result(0, y));
    }

    /** One axis sliced with a bound computed from shapes (see {@link #slice}). */
    private static void computedBounds(Node n, Emitter e, Dim in, Dim out, int axis, ShapeValue start, ShapeValue end, long step) {
        NodeOrigin o = n.origin("input 0's axis " + axis + " sliced [" + Reshaping.show(List.of(start)) + ":"
                + Reshaping.show(List.of(end)) + ":" + step + "]");
        SizeForm size = SizeForm.of(ShapeValue.of(in)), s = bound(start, size), t = bound(end, size);
        SizeForm te = step != 1 ? null : t.atMost(size) ? t : size.atMost(t) ? size : null;
        if (te == null && step == 1 && start instanceof ShapeValue.Known(long s0) && s0 == 0 && !(end instanceof ShapeValue.Known)) {
            termEnd(n, e, in, out, o, end);
            return;
        }
        if (te == null || !s.atLeast(0) || !s.atMost(size) || !s.atMost(te)) {
            e.eq(out, ShapeOps.unknownExtent(e, n, "the Slice's clamped length is not decided at import time"),
                    o.as(o.role() + ": the clamped length is not decided at import time"));
            return;
        }
        ShapeValue len = te.minus(s).value();
        if (len instanceof ShapeValue.Known(long v) && v < 1) throw n.error("axis " + axis + " is sliced empty: a size-0 axis (Def. 1.1)");
        e.eq(out, ShapeTerms.dim(n, e, len), o);
    }

    /** A bound as a form over the axis size: a negative known integer counts from the end, a huge one is the end. */
    private static SizeForm bound(ShapeValue v, SizeForm size) {
        if (v instanceof ShapeValue.Known(long k) && k >= TO_THE_END) return size;
        if (v instanceof ShapeValue.Known(long k) && k < 0) return size.plus(SizeForm.known(k));
        return SizeForm.of(v);
    }

    /**
     * {@code x[0:n]} with n a size computed from a Shape (GPT-2's {@code wpe[:seq]}) not decided
     * against the axis: the output axis is n itself, which must fit inside the axis — checked where
     * neither side is a dim_param (no size relation stays open over one).
     */
    private static void termEnd(Node n, Emitter e, Dim in, Dim out, NodeOrigin o, ShapeValue end) {
        Dim t = ShapeTerms.dim(n, e, end);
        e.eq(out, t, o);
        if (!e.symbolic(t) && !e.symbolic(in)) e.rel(Emitter.sz(t), Rel.LE, Emitter.sz(in), o.as(o.role() + " (the end lies inside the axis)"));
    }

    private static void sliceAxis(Node n, Emitter e, Dim in, Dim out, int axis, long start, long end, long step) {
        NodeOrigin o = n.origin("input 0's axis " + axis + " sliced [" + start + ":" + end + ":" + step + "]");
        if (step == 1 && start >= 0 && end >= TO_THE_END && !in.isGround()) {
            // x[s:] (exporters write the end as INT64_MAX): out = in − s, whatever in is — also symbolic
            if (start == 0) e.eq(out, in, o);
            else e.define(out, new SizeExpr.Sub(Emitter.sz(in), Emitter.lit(start)), o);
            return;
        }
        // an axis with no number to clamp against — a dim_param's, or one tied to a dim_param or to an
        // unknown extent (ssdlite's reversed padding list, seed 004): decided for every size, else unknown
        OptionalLong known = e.symbolic(in) ? OptionalLong.empty()
                : e.numberOf(in, n.in(0), "Slice (its bounds clamp to the axis size)");
        if (known.isEmpty()) {
            computedBounds(n, e, in, out, axis, new ShapeValue.Known(start), new ShapeValue.Known(end), step);
            return;
        }
        long d = known.getAsLong();
        if (step > 0 && start >= 0 && end >= start && end <= d) {
            // a piece that does not depend on the size, valid while the axis holds the end
            e.rel(Emitter.sz(in), Rel.GE, Emitter.lit(Math.max(1, end)), o.as(o.role() + " (the bounds must lie inside the axis)"));
            sliced(n, e, out, ceilDiv(end - start, step), o);
            return;
        }
        long s = start < 0 ? start + d : start, t = end < 0 ? end + d : end;
        if (step > 0) {
            s = Math.clamp(s, 0, d);
            t = Math.clamp(t, 0, d);
        } else {
            s = Math.clamp(s, 0, d - 1);
            t = Math.clamp(t, -1, d - 1);
        }
        long len = Math.max(0, ceilDiv(t - s, step));
        e.eq(in, Emitter.size(d), o.as(o.role() + " (the clamped bounds were computed for this size)"));
        sliced(n, e, out, len, o);
    }

    /**
     * The sliced axis is {@code len} long; a slice that selects nothing ({@code shape[2:]} of a 2-D
     * tensor's shape, as Swin's attention mask writes it) is an empty tensor, legal ONNX but not a
     * size (Def. 1.1): an extent named after the node that the solver leaves unconstrained, an
     * {@link Gap.Kind#EMPTY} gap (the shapes print 0 there), its contents (none) still read by the
     * consumers.
     */
    private static void sliced(Node n, Emitter e, Dim out, long len, NodeOrigin o) {
        String why = "the slice selects nothing: an empty tensor, 0 elements, outside the size semantics (sizes are at least 1); the solver does not see it";
        if (len >= 1) e.eq(out, Emitter.size(len), o);
        else {
            e.eq(out, ShapeOps.unknownExtent(e, ShapeOps.hint(n), Gap.Kind.EMPTY, Optional.empty(), why), o);
            e.gaps.alsoEmpty(out); // the axis, equal to that extent: a Concat adds nothing for it
        }
    }

    /** An end at least this large means "to the end" (exporters write INT64_MAX or INT32_MAX). */
    static final long TO_THE_END = Integer.MAX_VALUE;

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    static List<Tensor> pad(Node n, Emitter e) {
        Tensor x = n.input(0);
        if (!n.attrs().has("pads") && n.optInput(1).isPresent() && n.input(1).ints().isEmpty()) return computedPads(n, e);
        long[] pads = n.attrOrInput("pads", 1).orElseThrow(() -> n.error("pads are required"));
        int r = x.rank();
        if (pads.length != 2 * r) throw n.error("pads has " + pads.length + " entries for rank " + r + " (needs " + 2 * r + ")");
        List<Dim> y = e.freshRow("y", r);
        for (int i = 0; i < r; i++) {
            long c = pads[i] + pads[i + r];
            NodeOrigin o = n.origin("input 0's axis " + i + " padded by " + pads[i] + " + " + pads[i + r]);
            if (c == 0) e.eq(y.get(i), x.dim(i), o);
            else if (c > 0) e.rel(Emitter.sz(y.get(i)), Rel.EQ, Emitter.plus(Emitter.sz(x.dim(i)), Emitter.lit(c)), o);
            else e.rel(Emitter.plus(Emitter.sz(y.get(i)), Emitter.lit(-c)), Rel.EQ, Emitter.sz(x.dim(i)), o);
        }
        return List.of(n.result(0, y));
    }

    /**
     * Pad with amounts computed from shapes (UNet's {@code F.pad(x1, [d // 2, d - d // 2])} with
     * {@code d = x2.size(2) - x1.size(2)}): each axis {@code in + before + after} as a {@link SizeForm},
     * a size defined by it; amounts from data (of a length known or not): each axis an unknown extent
     * named after the node.
     */
    private static List<Tensor> computedPads(Node n, Emitter e) {
        Tensor x = n.input(0);
        int r = x.rank();
        Tensor p = n.input(1);
        if (p.contents().isEmpty()) {
            // amounts from data, of a known length or not (ssdlite's reversed padding list follows an
            // empty tensor's unknown extent): the rank is the input's, each axis an unknown extent
            if (p.rank() != 1) throw n.error("pads must be 1-D, it has rank " + p.rank());
            if (p.dim(0).isGround() && Sizes.size(p.dim(0)) != 2L * r)
                throw n.error("pads has " + Sizes.size(p.dim(0)) + " entries for rank " + r + " (needs " + 2 * r + ")");
            List<Dim> y = new ArrayList<>();
            for (int i = 0; i < r; i++) y.add(ShapeOps.unknownExtent(e, n, "the pad amounts are computed from data"));
            return List.of(n.result(0, y));
        }
        List<ShapeValue> pads = Reshaping.shapeInput(n, 1, "pads");
        if (pads.size() != 2 * r) throw n.error("pads has " + pads.size() + " entries for rank " + r + " (needs " + 2 * r + ")");
        List<Dim> y = new ArrayList<>();
        for (int i = 0; i < r; i++) {
            ShapeValue v = SizeForm.of(ShapeValue.of(x.dim(i))).plus(SizeForm.of(pads.get(i))).plus(SizeForm.of(pads.get(i + r))).value();
            if (v instanceof ShapeValue.Known(long k) && k < 1) throw n.error("axis " + i + " is padded to size " + k + " (sizes are at least 1, Def. 1.1)");
            y.add(ShapeTerms.dim(n, e, v));
        }
        return List.of(n.result(0, y));
    }
}
