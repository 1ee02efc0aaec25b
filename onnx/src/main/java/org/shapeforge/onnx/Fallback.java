package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorShapeProto;
import org.shapeforge.term.Dim;

/**
 * The outputs of a node whose shape import cannot know — an op without shape logic, a shape logic
 * that needs at import time what only the run knows, a node reading a value of unknown rank — so
 * that the rest of the graph is still inferred (a gap, never a refusal of a well-formed model):
 * an output the file declares a shape for gets that rank, its declared sizes and graph-input
 * dim_params (facts anyway, {@link Declared}), and an unknown extent named after the node for every
 * other axis ({@link ShapeOps#unknownExtent}); an output without one has an unknown rank ({@link GapLog#unranked}), and the
 * nodes that read it are gaps in turn.
 */
final class Fallback {
    private Fallback() {}

    /** Every output of {@code p} as a gap, for reason {@code why}. */
    static void outputs(NodeProto p, Map<String, Tensor> values, Emitter e, String why) {
        for (String out : p.getOutputList()) if (!out.isEmpty()) output(out, p, values, e, why);
    }

    /**
     * Output {@code out} of {@code p} as a gap, for reason {@code why}: the declared shape's
     * {@code dim_value}s (at least 1) and graph-input {@code dim_param}s, an unknown extent for
     * every other axis; without a declaration, an unknown rank.
     */
    static void output(String out, NodeProto p, Map<String, Tensor> values, Emitter e, String why) {
        var declared = e.gaps.declared(out);
        if (declared.isEmpty()) {
            e.gaps.unranked(out, why + "; the file declares no shape for it");
            return;
        }
        List<Dim> dims = new ArrayList<>();
        for (TensorShapeProto.Dimension d : declared.get()) {
            var param = d.hasDimParam() ? e.inputParam(d.getDimParam()) : java.util.Optional.<String>empty();
            if (d.hasDimValue() && d.getDimValue() >= 1) dims.add(Emitter.size(d.getDimValue()));
            else if (param.isPresent()) dims.add(Dim.var(param.get()));
            else dims.add(ShapeOps.unknownExtent(e, ShapeOps.hint(p), Gap.Kind.UNKNOWN, java.util.Optional.empty(),
                    why + "; the rank is the file's declaration"));
        }
        values.put(out, Tensor.of(out, dims));
    }
}
