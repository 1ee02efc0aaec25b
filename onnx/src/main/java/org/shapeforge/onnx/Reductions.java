package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.shapeforge.onnx.values.Lowerings;
import org.shapeforge.term.Dim;

/**
 * Reduce* (axes from the attribute, or the input in newer opsets; none: every axis unless
 * {@code noop_with_empty_axes}) and ArgMax/ArgMin: a reduced axis becomes the unit
 * ({@code keepdims=1}) or disappears; the others equal the input's.
 */
final class Reductions {
    private Reductions() {}

    /** The reductions and ArgMax/ArgMin: their shape logic here, their lowerings in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Reductions::reduce, Lowerings.REDUCTIONS, "ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd",
                    "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare"),
            OpSpec.each(Reductions::arg, Lowerings.POSITIONAL, "ArgMax", "ArgMin"));

    static List<Tensor> reduce(Node n, Emitter e) {
        Tensor x = n.input(0);
        var axesOpt = n.attrOrInput("axes", 1);
        boolean[] red = new boolean[x.rank()];
        if (axesOpt.isEmpty() || axesOpt.get().length == 0) {
            boolean noop = n.attrs().i("noop_with_empty_axes", 0) != 0;
            if (noop) return Elementwise.unary(n, e);
            Arrays.fill(red, true);
        } else {
            for (long a : axesOpt.get()) red[n.axis(a, x.rank())] = true;
        }
        return List.of(n.result(0, keep(n, e, x, red, n.attrs().i("keepdims", 1) != 0)));
    }

    static List<Tensor> arg(Node n, Emitter e) {
        Tensor x = n.input(0);
        boolean[] red = new boolean[x.rank()];
        red[n.axis(n.attrs().i("axis", 0), x.rank())] = true;
        return List.of(n.result(0, keep(n, e, x, red, n.attrs().i("keepdims", 1) != 0)));
    }

    private static List<Dim> keep(Node n, Emitter e, Tensor x, boolean[] red, boolean keepdims) {
        List<Dim> y = new ArrayList<>();
        for (int i = 0; i < x.rank(); i++) {
            if (red[i]) {
                if (keepdims) y.add(Dim.unit());
            } else {
                Dim d = e.fresh("y");
                e.eq(d, x.dim(i), n.in(0));
                y.add(d);
            }
        }
        return y;
    }
}
