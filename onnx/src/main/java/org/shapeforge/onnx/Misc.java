package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import onnx.Onnx.TensorProto;
import org.shapeforge.term.Dim;
import org.shapeforge.onnx.values.Lowerings;

/** BatchNormalization (per-channel parameters against X's axis 1) and Constant (a known tensor). */
final class Misc {
    private Misc() {}

    /** BatchNormalization and Constant: their shape logic here, their lowerings in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Misc::batchNorm, Lowerings.REDUCTIONS, "BatchNormalization"),
            OpSpec.each(Misc::constant, Lowerings.SHAPES, "Constant"));

    static List<Tensor> batchNorm(Node n, Emitter e) {
        Tensor x = n.input(0);
        if (x.rank() < 2) throw n.error("BatchNormalization needs X of rank >= 2");
        for (int k = 1; k <= 4; k++) {
            Tensor p = n.input(k);
            if (p.rank() != 1) throw n.error("input " + k + " must have rank 1 (one value per channel)");
            e.eq(p.dim(0), x.dim(1), n.in(k));
        }
        List<Tensor> outs = new ArrayList<>();
        List<Dim> y = e.freshRow("y", x.rank());
        e.eqAll(y, x.dims(), n.out(0));
        outs.add(n.result(0, y));
        for (int k = 1; k < n.outputs(); k++) {
            if (n.proto().getOutput(k).isEmpty()) {
                outs.add(null);
                continue;
            }
            Dim c = e.fresh("c");
            e.eq(c, x.dim(1), n.out(k));
            outs.add(n.result(k, List.of(c)));
        }
        return outs;
    }

    static List<Tensor> constant(Node n, Emitter e) {
        String name = n.proto().getOutput(0);
        Optional<TensorProto> t = n.attrs().tensor("value");
        if (t.isPresent()) return List.of(Model.initializer(name, WellFormed.tensor(t.get(), n.file(), n.origin("attribute value"))));
        if (n.attrs().has("value_int")) return List.of(new Tensor(name, List.of(), Optional.of(new long[] {n.attrs().i("value_int", 0)})));
        if (n.attrs().has("value_ints")) {
            long[] v = n.attrs().ints("value_ints").orElseThrow();
            return List.of(new Tensor(name, List.of(Emitter.size(v.length)), Optional.of(v)));
        }
        if (n.attrs().has("value_float")) return List.of(Tensor.of(name, List.of()));
        if (n.attrs().has("value_floats"))
            return List.of(Tensor.of(name, List.of(Emitter.size(n.attrs().byName().get("value_floats").getFloatsCount()))));
        throw ImportError.at("unsupported", n.file(), n.origin(""), "Constant without a dense value (sparse or string constants are not supported)");
    }
}
