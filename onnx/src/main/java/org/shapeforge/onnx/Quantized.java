package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.onnx.values.Lowerings;

/**
 * QuantizeLinear and DequantizeLinear (the result has X's shape; a scale and zero point are
 * scalars or 1-D along {@code axis}, of X's extent there) and DynamicQuantizeLinear (Y of X's shape,
 * a scalar scale and zero point).
 */
final class Quantized {
    private Quantized() {}

    /** The (de)quantizers: their shape logic here, their lowering in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Quantized::linear, Lowerings.SIGNALS, "QuantizeLinear", "DequantizeLinear"),
            OpSpec.each(Quantized::dynamic, Lowerings.SIGNALS, "DynamicQuantizeLinear"));

    static List<Tensor> linear(Node n, Emitter e) {
        Tensor x = n.input(0);
        for (int k = 1; k < 3; k++) {
            int kk = k;
            n.optInput(k).ifPresent(s -> {
                if (s.rank() > 1) throw n.error("input " + kk + " (scale or zero point) must be a scalar or 1-D, it has rank " + s.rank());
                if (s.rank() == 1 && x.rank() > 0 && !(s.dim(0) instanceof Dim.Atom a && a.size() == 1))
                    e.eq(s.dim(0), x.dim(n.axis(n.attrs().i("axis", 1), x.rank())), n.in(kk));
            });
        }
        List<Dim> y = e.freshRow("y", x.rank());
        e.eqAll(y, x.dims(), n.out(0));
        return List.of(n.result(0, y));
    }

    static List<Tensor> dynamic(Node n, Emitter e) {
        Tensor x = n.input(0);
        List<Dim> y = e.freshRow("y", x.rank());
        e.eqAll(y, x.dims(), n.out(0));
        List<Tensor> outs = new ArrayList<>(List.of(n.result(0, y)));
        for (int k = 1; k < Math.min(3, n.outputs()); k++) outs.add(n.result(k, List.of()));
        return outs;
    }
}
