package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import onnx.Onnx.NodeProto;
import org.shapeforge.term.Dim;

/**
 * The outputs of a node whose shape import cannot know — an op without shape logic, a shape logic
 * that needs at import time what only the run knows, a node reading a value of unknown rank — so
 * that the rest of the graph is still inferred (a gap, never a refusal of a well-formed model):
 * an output the file declares a rank for gets that rank, each axis an unknown extent named after
 * the node ({@link ShapeOps#unknownExtent}; the declaration's own sizes then apply as facts,
 * {@link Declared}); an output without one has an unknown rank ({@link GapLog#unranked}), and the
 * nodes that read it are gaps in turn.
 */
final class Fallback {
    private Fallback() {}

    /** Every output of {@code p} as a gap, for reason {@code why}. */
    static void outputs(NodeProto p, Map<String, Tensor> values, Emitter e, String why) {
        for (String out : p.getOutputList()) if (!out.isEmpty()) output(out, p, values, e, why);
    }

    /** Output {@code out} of {@code p} as a gap, for reason {@code why}. */
    static void output(String out, NodeProto p, Map<String, Tensor> values, Emitter e, String why) {
        OptionalInt rank = e.gaps.declaredRank(out);
        if (rank.isEmpty()) {
            e.gaps.unranked(out, why + "; the file declares no shape for it");
            return;
        }
        List<Dim> dims = new ArrayList<>();
        for (int a = 0; a < rank.getAsInt(); a++)
            dims.add(ShapeOps.unknownExtent(e, ShapeOps.hint(p), Gap.Kind.UNKNOWN, java.util.Optional.empty(), why + "; the rank is the file's declaration"));
        values.put(out, Tensor.of(out, dims));
    }
}
