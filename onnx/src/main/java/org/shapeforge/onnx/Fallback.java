package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorShapeProto;
import org.shapeforge.term.Dim;

/**
 * The outputs of a node whose shape import cannot know — an op without shape logic, a shape logic
 * that needs at import time what only the run knows, a node reading a value of unknown rank — so
 * that the rest of the graph is still inferred (a gap, never a refusal of a well-formed model):
 * an output the file declares a shape for gets that rank, every axis an unknown extent named after
 * the node ({@link ShapeOps#unknownExtent}); an output without one has an unknown rank ({@link GapLog#unranked}), and the
 * nodes that read it are gaps in turn.
 */
final class Fallback {
    private Fallback() {}

    /** Every output of {@code p} as a gap, for reason {@code why}. */
    static void outputs(NodeProto p, Map<String, Tensor> values, Emitter e, String why) {
        for (String out : p.getOutputList()) if (!out.isEmpty()) output(out, p, values, e, why);
    }

    /**
     * Output {@code out} of {@code p} as a gap, for reason {@code why}: the declared shape's rank,
     * every axis an unknown extent (the declaration's sizes are facts about them, {@link Declared},
     * never the answer: no size is taken unchecked); without a declaration, an unknown rank.
     */
    static void output(String out, NodeProto p, Map<String, Tensor> values, Emitter e, String why) {
        var declared = e.gaps.declared(out);
        if (declared.isEmpty()) {
            e.gaps.unranked(out, why + "; the file declares no shape for it");
            return;
        }
        List<Dim> dims = new ArrayList<>();
        for (int a = 0; a < declared.get().size(); a++)
            dims.add(ShapeOps.unknownExtent(e, ShapeOps.hint(p), Gap.Kind.UNKNOWN, Optional.empty(), why + "; the rank is the file's declaration"));
        values.put(out, Tensor.of(out, dims));
    }
}
