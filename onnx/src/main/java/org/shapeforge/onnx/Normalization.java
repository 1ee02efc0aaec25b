package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.onnx.values.Lowerings;

/**
 * LayerNormalization (opset 17): X is normalised over its axes from {@code axis} on (default −1);
 * Scale and the optional B broadcast unidirectionally to those axes (NumPy's rule, the broadcast
 * order against the normalised part of Y, which has X's shape). The optional outputs Mean and
 * InvStdDev keep X's axes before {@code axis} and have 1 in every normalised one.
 */
final class Normalization {
    private Normalization() {}

    /** LayerNormalization: its shape logic here, its lowering in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.each(Normalization::layerNorm, Lowerings.REDUCTIONS, "LayerNormalization");

    static List<Tensor> layerNorm(Node n, Emitter e) {
        Tensor x = n.input(0);
        int r = x.rank();
        if (r == 0) throw n.error("LayerNormalization needs X of rank >= 1");
        int axis = n.axis(n.attrs().i("axis", -1), r);
        List<Dim> y = e.freshRow("y", r);
        e.eqAll(y, x.dims(), n.out(0));
        List<Dim> normalised = y.subList(axis, r);
        for (int k = 1; k <= 2; k++) {
            if (n.optInput(k).isEmpty()) {
                if (k == 1) n.input(1); // Scale is required: the error names it
                continue;
            }
            Tensor p = n.input(k);
            if (p.rank() > r - axis)
                throw n.error("input " + k + " (" + (k == 1 ? "Scale" : "B") + ") has rank " + p.rank() + " but only the "
                        + (r - axis) + " axes from axis " + axis + " are normalised; it must broadcast to them");
            e.broadcast(normalised, p.dims(), n.in(k));
        }
        List<Tensor> outs = new ArrayList<>();
        outs.add(n.result(0, y));
        for (int k = 1; k < n.outputs(); k++) {
            if (n.proto().getOutput(k).isEmpty()) {
                outs.add(null);
                continue;
            }
            List<Dim> s = new ArrayList<>();
            for (int i = 0; i < r; i++) {
                if (i >= axis) s.add(Dim.unit());
                else {
                    Dim d = e.fresh("s");
                    e.eq(d, x.dim(i), n.out(k).as(n.out(k).role() + ", X's axis " + i));
                    s.add(d);
                }
            }
            outs.add(n.result(k, s));
        }
        return outs;
    }
}
