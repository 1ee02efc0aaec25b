package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.term.Dim;
import org.shapeforge.onnx.values.Lowerings;

/**
 * Concat (the joined axis is a {@link Dim.Concat}: the sum of the parts, seed 000
 * "Concatenation"; the other axes equal) and Split (the parts' sizes from the attribute or the
 * constant input sum to the axis; without them the axis splits evenly: {@code in = n·part}).
 */
final class Joining {
    private Joining() {}

    /** Concat and Split: their shape logic here, their lowerings in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Joining::concat, Lowerings.SHAPES, "Concat"),
            OpSpec.each(Joining::split, Lowerings.SHAPES, "Split"));

    static List<Tensor> concat(Node n, Emitter e) {
        List<Tensor> parts = new ArrayList<>();
        for (Tensor t : n.inputs()) if (t != null) parts.add(t);
        if (parts.isEmpty()) throw n.error("Concat needs at least one input");
        int r = parts.getFirst().rank();
        int axis = n.axis(n.attrs().i("axis", 0), r);
        List<Dim> y = e.freshRow("y", r);
        List<Dim> joined = new ArrayList<>();
        for (int k = 0; k < parts.size(); k++) {
            Tensor t = parts.get(k);
            if (t.rank() != r) throw n.error("input " + k + " has rank " + t.rank() + ", input 0 has rank " + r);
            for (int i = 0; i < r; i++) if (i != axis) e.eq(y.get(i), t.dim(i), n.in(k));
            if (!e.gaps.empty(t.dim(axis))) joined.add(t.dim(axis)); // an empty input adds no element
        }
        if (joined.isEmpty()) joined.add(parts.getFirst().dim(axis)); // all empty: empty too
        e.eq(y.get(axis), joined.size() == 1 ? joined.getFirst() : new Dim.Concat(joined),
                n.origin("the joined axis " + axis + " (sum of the inputs' sizes)"));
        return List.of(n.result(0, y));
    }

    static List<Tensor> split(Node n, Emitter e) {
        Tensor x = n.input(0);
        int axis = n.axis(n.attrs().i("axis", 0), x.rank());
        int outs = n.outputs();
        var sizes = n.attrOrInput("split", 1);
        List<Tensor> result = new ArrayList<>();
        List<Dim> parts = new ArrayList<>();
        for (int k = 0; k < outs; k++) {
            List<Dim> y = e.freshRow("y", x.rank());
            for (int i = 0; i < x.rank(); i++) if (i != axis) e.eq(y.get(i), x.dim(i), n.in(0));
            parts.add(y.get(axis));
            result.add(n.result(k, y));
        }
        NodeOrigin o = n.origin("input 0's split axis " + axis);
        if (sizes.isPresent()) {
            long[] s = sizes.get();
            if (s.length != outs) throw n.error("split has " + s.length + " sizes for " + outs + " outputs");
            for (int k = 0; k < outs; k++) e.eq(parts.get(k), Emitter.size(s[k]), n.out(k));
            e.eq(x.dim(axis), outs == 1 ? parts.getFirst() : new Dim.Concat(parts), o);
        } else {
            for (int k = 1; k < outs; k++) e.eq(parts.get(k), parts.getFirst(), n.out(k));
            e.rel(Emitter.sz(x.dim(axis)), Rel.EQ, Emitter.times(outs, Emitter.sz(parts.getFirst())), o);
        }
        return result;
    }
}
