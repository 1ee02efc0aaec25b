package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.onnx.values.Lowerings;

/**
 * NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss: scores/log-probabilities
 * {@code (N, C, d1, …, dk)}, a target {@code (N, d1, …, dk)} (the class axis C dropped) and an
 * optional per-class weight {@code (C)}. The loss has the target's shape under
 * {@code reduction = none} and is a scalar under {@code mean} (the default) and {@code sum};
 * SoftmaxCrossEntropyLoss's optional second output, the log-probabilities, has the scores' shape.
 */
final class Losses {
    private Losses() {}

    /** The losses: their shape logic here, their lowering in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.each(Losses::loss, Lowerings.LOSSES, "NegativeLogLikelihoodLoss", "SoftmaxCrossEntropyLoss");

    static List<Tensor> loss(Node n, Emitter e) {
        Tensor x = n.input(0), t = n.input(1);
        if (x.rank() < 2) throw n.error("input 0 must have rank >= 2 (N, C, d1, …), it has rank " + x.rank());
        if (t.rank() != x.rank() - 1)
            throw n.error("input 1 (the target) must have rank " + (x.rank() - 1) + " (input 0's without the class axis), it has rank " + t.rank());
        for (int j = 0; j < t.rank(); j++) {
            int a = j == 0 ? 0 : j + 1;
            e.eq(t.dim(j), x.dim(a), n.in(1).as(n.in(1).role() + ", axis " + j + " against input 0's axis " + a));
        }
        if (n.optInput(2).isPresent()) {
            Tensor w = n.input(2);
            if (w.rank() != 1) throw n.error("input 2 (the weight) must have rank 1 (one per class), it has rank " + w.rank());
            e.eq(w.dim(0), x.dim(1), n.in(2).as(n.in(2).role() + ", one weight per class (input 0's axis 1)"));
        }
        String reduction = n.attrs().s("reduction", "mean");
        List<Dim> loss = switch (reduction) {
            case "none" -> {
                List<Dim> y = e.freshRow("y", t.rank());
                e.eqAll(y, t.dims(), n.out(0));
                yield y;
            }
            case "mean", "sum" -> List.of();
            default -> throw n.error("reduction '" + reduction + "' is none of none, mean, sum");
        };
        List<Tensor> outs = new ArrayList<>(List.of(n.result(0, loss)));
        for (int k = 1; k < n.outputs(); k++) {
            if (n.proto().getOutput(k).isEmpty() || k > 1 || !n.op().equals("SoftmaxCrossEntropyLoss")) {
                outs.add(null);
                continue;
            }
            List<Dim> lp = e.freshRow("lp", x.rank());
            e.eqAll(lp, x.dims(), n.out(1));
            outs.add(n.result(1, lp));
        }
        return outs;
    }
}
