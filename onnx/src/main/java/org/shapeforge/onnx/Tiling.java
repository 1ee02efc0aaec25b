package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.term.Dim;
import org.shapeforge.onnx.values.Lowerings;

/**
 * Ops beyond issue 16's list whose shapes are linear in the input sizes: Tile
 * ({@code out = repeats · in}), TopK ({@code out[axis] = K} for values and indices, K constant,
 * {@code size(in[axis]) >= K}), DepthToSpace ({@code C = b²·C'}, {@code H' = b·H}) and
 * SpaceToDepth (the inverse).
 */
final class Tiling {
    private Tiling() {}

    /** Tile, TopK, DepthToSpace and SpaceToDepth: their shape logic here, their lowerings in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Tiling::tile, Lowerings.LAYOUTS, "Tile"),
            OpSpec.each(Tiling::topK, Lowerings.SELECTION, "TopK"),
            OpSpec.each((n, e) -> Tiling.depthSpace(n, e, true), Lowerings.LAYOUTS, "DepthToSpace"),
            OpSpec.each((n, e) -> Tiling.depthSpace(n, e, false), Lowerings.LAYOUTS, "SpaceToDepth"));

    static List<Tensor> tile(Node n, Emitter e) {
        Tensor x = n.input(0);
        if (n.input(1).ints().isEmpty()) return computedRepeats(n, e);
        long[] rep = n.constInts(1, "repeats");
        if (rep.length != x.rank()) throw n.error("repeats has " + rep.length + " entries for rank " + x.rank());
        List<Dim> y = e.freshRow("y", x.rank());
        for (int i = 0; i < x.rank(); i++) {
            if (rep[i] < 1) throw n.error("repeats must be >= 1 (got " + rep[i] + ")");
            NodeOrigin o = n.origin("input 0's axis " + i + " repeated " + rep[i] + " times");
            if (rep[i] == 1) e.eq(y.get(i), x.dim(i), o);
            else e.rel(Emitter.sz(y.get(i)), Rel.EQ, Emitter.times(rep[i], Emitter.sz(x.dim(i))), o);
        }
        return List.of(n.result(0, y));
    }

    /**
     * Tile with repeats computed from shapes (each axis {@code in · r}, a size defined by that product)
     * or from data (each axis an unknown extent named after the node).
     */
    private static List<Tensor> computedRepeats(Node n, Emitter e) {
        Tensor x = n.input(0);
        var data = Reshaping.dataTarget(n, e, 1);
        if (data.isPresent()) {
            if (data.get().size() != x.rank()) throw n.error("repeats has " + data.get().size() + " entries for rank " + x.rank());
            return List.of(n.result(0, data.get()));
        }
        List<ShapeValue> rep = Reshaping.shapeInput(n, 1, "repeats");
        if (rep.size() != x.rank()) throw n.error("repeats has " + rep.size() + " entries for rank " + x.rank());
        List<Dim> y = new ArrayList<>();
        for (int i = 0; i < x.rank(); i++) {
            if (rep.get(i) instanceof ShapeValue.Known(long k) && k < 1) throw n.error("repeats must be >= 1 (got " + k + ")");
            List<Dim> fs = new ArrayList<>(List.of(x.dim(i)));
            if (!(rep.get(i) instanceof ShapeValue.Known(long k) && k == 1)) fs.add(ShapeTerms.dim(n, e, rep.get(i)));
            y.add(fs.size() == 1 ? fs.getFirst() : ShapeTerms.product(n, e, fs));
        }
        return List.of(n.result(0, y));
    }

    static List<Tensor> topK(Node n, Emitter e) {
        Tensor x = n.input(0);
        long k;
        if (n.attrs().has("k")) k = n.attrs().i("k", 1);
        else if (n.input(1).ints().isPresent()) {
            long[] kv = n.input(1).ints().get();
            if (kv.length != 1) throw n.error("K must hold one value");
            k = kv[0];
        } else { // K computed from a shape (that size), or from data (an unknown extent named after the node)
            var kc = n.input(1).contents().filter(c -> c.size() == 1).map(List::getFirst);
            int axis = n.axis(n.attrs().i("axis", -1), x.rank());
            Dim kd = kc.isPresent() ? ShapeOps.dims(n, e, kc.map(List::of).get(), 1).getFirst()
                    : ShapeOps.unknownExtent(e, ShapeOps.hint(n), Gap.Kind.UPPER_BOUND, Optional.of(new GapSources.Bound(x.name(), List.of(axis))),
                            "K is read from data (known only at run time); ONNX requires K <= the input's axis " + axis);
            return topK(n, e, kd);
        }
        if (k < 1) throw n.error("K must be >= 1");
        int axis = n.axis(n.attrs().i("axis", -1), x.rank());
        List<Dim> y = e.freshRow("y", x.rank());
        for (int i = 0; i < x.rank(); i++) if (i != axis) e.eq(y.get(i), x.dim(i), n.in(0));
        e.eq(y.get(axis), Emitter.size(k), n.origin("the top-k axis " + axis + " (K = " + k + ")"));
        e.rel(Emitter.sz(x.dim(axis)), Rel.GE, Emitter.lit(k), n.origin("input 0's axis " + axis + " must hold K = " + k));
        List<Tensor> outs = new ArrayList<>();
        for (int o = 0; o < n.outputs(); o++) outs.add(n.proto().getOutput(o).isEmpty() ? null : n.result(o, y));
        return outs;
    }

    /**
     * TopK with a K known only as a size term: computed from a Shape ({@code min(k, x.size(1))} folded
     * by {@link Contents}) or from data (an upper-bound extent: at most the input's top-k axis, as
     * ONNX requires K to be; seed 004's UpperBound). The top-k axis is that term; the
     * input's axis holds it where neither is a dim_param (no size relation stays open over one).
     */
    private static List<Tensor> topK(Node n, Emitter e, Dim k) {
        Tensor x = n.input(0);
        int axis = n.axis(n.attrs().i("axis", -1), x.rank());
        List<Dim> y = e.freshRow("y", x.rank());
        for (int i = 0; i < x.rank(); i++) if (i != axis) e.eq(y.get(i), x.dim(i), n.in(0));
        e.eq(y.get(axis), k, n.origin("the top-k axis " + axis + " (K computed at run time)"));
        if (!e.symbolic(k) && !e.symbolic(x.dim(axis)))
            e.rel(Emitter.sz(x.dim(axis)), Rel.GE, Emitter.sz(k), n.origin("input 0's axis " + axis + " must hold K"));
        List<Tensor> outs = new ArrayList<>();
        for (int o = 0; o < n.outputs(); o++) outs.add(n.proto().getOutput(o).isEmpty() ? null : n.result(o, y));
        return outs;
    }

    /** DepthToSpace ({@code toSpace}) and SpaceToDepth on NCHW. */
    static List<Tensor> depthSpace(Node n, Emitter e, boolean toSpace) {
        Tensor x = n.input(0);
        if (x.rank() != 4) throw n.error(n.op() + " needs a rank-4 input");
        long b = n.attrs().i("blocksize", 0);
        if (b < 1) throw n.error("blocksize must be >= 1");
        if (b > 1L << 20) throw n.error("blocksize " + b + " is absurd (its square, the channel factor, exceeds 2^40)");
        List<Dim> y = e.freshRow("y", 4);
        e.eq(y.get(0), x.dim(0), n.in(0));
        NodeOrigin o = n.origin("blocksize " + b);
        if (toSpace) {
            e.rel(Emitter.sz(x.dim(1)), Rel.EQ, Emitter.times(b * b, Emitter.sz(y.get(1))), o);
            for (int i = 2; i < 4; i++) e.rel(Emitter.sz(y.get(i)), Rel.EQ, Emitter.times(b, Emitter.sz(x.dim(i))), o);
        } else {
            e.rel(Emitter.sz(y.get(1)), Rel.EQ, Emitter.times(b * b, Emitter.sz(x.dim(1))), o);
            for (int i = 2; i < 4; i++) e.rel(Emitter.sz(x.dim(i)), Rel.EQ, Emitter.times(b, Emitter.sz(y.get(i))), o);
        }
        return List.of(n.result(0, y));
    }
}
