package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.term.Dim;
import org.shapeforge.onnx.values.Lowering;
import org.shapeforge.onnx.values.Lowerings;

/**
 * Ops that sample or place by computed positions: GridSample ({@code [N, C, out…]} from X
 * {@code [N, C, in…]} and grid {@code [N, out…, r]}, r the spatial rank), RoiAlign
 * ({@code [num_rois, C, output_height, output_width]}, rois {@code [num_rois, 4]}, batch indices
 * {@code [num_rois]}) and MaxUnpool (each spatial axis {@code (in − 1)·s + k − pads}, i.e.
 * {@code out + pads + s = s·in + k}, or the constant {@code output_shape} input).
 */
final class Sampling {
    private Sampling() {}

    /** GridSample, RoiAlign and MaxUnpool: their shape logic here, their lowerings in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Sampling::gridSample, Lowerings.GRID_SAMPLING, "GridSample"),
            OpSpec.each(Sampling::roiAlign, Lowering.none("bilinear sampling inside boxes given as data, averaged or maxed per bin:"
                    + " not lowered yet"), "RoiAlign"),
            OpSpec.each(Sampling::maxUnpool, Lowerings.SELECTION, "MaxUnpool"));

    static List<Tensor> gridSample(Node n, Emitter e) {
        Tensor x = n.input(0), g = n.input(1);
        int sp = x.rank() - 2;
        if (sp < 1 || g.rank() != x.rank()) throw n.error("X must have rank >= 3 and the grid X's rank, got " + x.rank() + " and " + g.rank());
        e.eq(g.dim(0), x.dim(0), n.origin("the grid's batch against X's"));
        e.eq(g.dim(g.rank() - 1), Emitter.size(sp), n.origin("the grid's last axis (one coordinate per spatial axis)"));
        List<Dim> y = new ArrayList<>(List.of(x.dim(0), x.dim(1)));
        y.addAll(g.dims().subList(1, g.rank() - 1));
        return List.of(n.result(0, y));
    }

    static List<Tensor> roiAlign(Node n, Emitter e) {
        Tensor x = n.input(0), rois = n.input(1), idx = n.input(2);
        if (x.rank() != 4 || rois.rank() != 2 || idx.rank() != 1) throw n.error("RoiAlign needs X of rank 4, rois of rank 2, batch_indices of rank 1");
        e.eq(rois.dim(1), Emitter.size(4), n.in(1));
        e.eq(idx.dim(0), rois.dim(0), n.in(2));
        return List.of(n.result(0, List.of(rois.dim(0), x.dim(1), Emitter.size(n.attrs().i("output_height", 1)),
                Emitter.size(n.attrs().i("output_width", 1)))));
    }

    static List<Tensor> maxUnpool(Node n, Emitter e) {
        Tensor x = n.input(0), idx = n.input(1);
        e.eqAll(idx.dims(), x.dims(), n.in(1));
        int sp = x.rank() - 2;
        if (n.optInput(2).isPresent()) {
            long[] shape = n.constInts(2, "output_shape");
            List<Dim> y = new ArrayList<>();
            for (long d : shape) y.add(Emitter.size(d));
            return List.of(n.result(0, y));
        }
        long[] k = n.attrs().ints("kernel_shape").orElseThrow(() -> n.error("kernel_shape is required"));
        long[] s = n.attrs().ints("strides").orElse(null), p = n.attrs().ints("pads").orElse(null);
        List<Dim> y = e.freshRow("y", x.rank());
        e.eq(y.get(0), x.dim(0), n.in(0));
        e.eq(y.get(1), x.dim(1), n.in(0));
        for (int a = 0; a < sp; a++) {
            long st = s == null ? 1 : s[a], pads = p == null ? 0 : p[a] + p[a + sp];
            e.rel(Emitter.plus(Emitter.sz(y.get(a + 2)), Emitter.lit(pads + st)), Rel.EQ,
                    Emitter.plus(Emitter.times(st, Emitter.sz(x.dim(a + 2))), Emitter.lit(k[a])),
                    n.origin("spatial axis " + a + ": (in − 1)·" + st + " + " + k[a] + " − " + pads));
        }
        return List.of(n.result(0, y));
    }
}
