package org.shapeforge.onnx.values;

import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import onnx.Onnx.NodeProto;
import org.shapeforge.onnx.Attrs;

/**
 * One node handed to its op's lowering ({@link Lowering.Fn}): the node, its kernel name (the node's
 * name, else its op type, made an identifier), its attributes, its input values (null for an
 * omitted optional input), which inputs are constants of the graph ({@code known}: a lowering may
 * specialise on their values, as Pow on an integral exponent), the enclosing values (what If, Loop
 * and Scan subgraphs may read), the model's default-domain opset and where the node is computed
 * ({@link Placement}: as kernels, or data-dependent selections on the host in an interpreted
 * remainder).
 */
public record LoweringCall(Kernels k, NodeProto node, String name, Attrs at, List<Value> in, IntPredicate known,
        Map<String, Value> scope, long opset, Placement placement) {

    /** The node's op type. */
    public String op() {
        return node.getOpType();
    }

    /** The number of outputs the node names (an empty output name is an omitted optional output). */
    public int outputs() {
        int c = 0;
        for (String o : node.getOutputList()) if (!o.isEmpty()) c++;
        return c;
    }

    /** Input {@code i}, or null when the node has fewer inputs (or omits it). */
    public Value opt(int i) {
        return i < in.size() ? in.get(i) : null;
    }
}
