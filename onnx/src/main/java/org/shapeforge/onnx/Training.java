package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.onnx.values.Lowerings;

/**
 * The optimizers of {@code ai.onnx.preview.training} — Adagrad, Momentum, Adam: inputs
 * {@code R, T} (scalars), then n tensors X, their gradients G and the states (H; V; V and H), each
 * group of X's shapes; outputs the new X's, then the new states, in that order and shape.
 */
final class Training {
    private Training() {}

    /** {@code ai.onnx.preview.training}'s optimizers: their shape logic here, their lowering in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.in("ai.onnx.preview.training", Training::optimizer, Lowerings.OPTIMIZERS,
            "Adagrad", "Momentum", "Adam");

    static List<Tensor> optimizer(Node n, Emitter e) {
        int states = n.op().equals("Adam") ? 2 : 1, count = n.inputs().size() - 2;
        if (count % (2 + states) != 0) throw n.error(count + " inputs after R and T are not " + (2 + states) + " groups of the same size");
        int tensors = count / (2 + states);
        List<Tensor> outs = new ArrayList<>();
        for (int j = 0; j < tensors; j++)
            for (int g = 1; g < 2 + states; g++)
                e.eqAll(n.input(2 + g * tensors + j).dims(), n.input(2 + j).dims(), n.in(2 + g * tensors + j));
        for (int o = 0; o < n.outputs(); o++) {
            int group = o / tensors, j = o % tensors; // X, then the states (G has no output)
            int from = 2 + (group == 0 ? 0 : group + 1) * tensors + j;
            outs.add(n.result(o, n.input(from).dims()));
        }
        return outs;
    }
}
