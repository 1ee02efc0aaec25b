package org.shapeforge.onnx.values;

import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import onnx.Onnx.NodeProto;
import org.shapeforge.onnx.Attrs;
import org.shapeforge.onnx.OpRegistry;

/**
 * One ONNX node → the loop-IR operations that compute it, run through generated C, by the lowering
 * the op registry ({@link OpRegistry}) gives its op. Inputs are concrete {@link Value}s; integer
 * inputs that steer shapes and indices (Reshape targets, Slice bounds, axes, pads, Gather indices)
 * are read when the code is generated, as the shape importer reads them as constants. An op the
 * registry does not lower, or a semantics the IR cannot express, is {@link NotExpressible} with
 * the reason.
 */
final class NodeLowering {
    private NodeLowering() {}

    /** Whether {@code domain}'s {@code op} is registered with a lowering. */
    static boolean lowered(String domain, String op) {
        return lowering(domain, op) instanceof Lowering.Lowered;
    }

    /** The registry's lowering of the op; an op not registered has none. */
    static Lowering lowering(String domain, String op) {
        return OpRegistry.lookup(domain, op).map(s -> s.lowering())
                .orElseGet(() -> Lowering.none("not a registered op (no shape logic, no lowering)"));
    }

    /**
     * The node's outputs computed from {@code in}; {@code known} tells which inputs are known when
     * the code is generated (constants of the graph: a lowering may specialise on their values, as
     * Pow on an integral exponent); {@code scope}: the enclosing values (If, Loop and Scan read them);
     * {@code placement}: where the lowering computes it ({@link Placement}).
     */
    static List<Value> apply(Kernels k, NodeProto n, List<Value> in, IntPredicate known, Map<String, Value> scope, long opset,
            Placement placement) {
        String op = n.getOpType();
        String name = (n.getName().isEmpty() ? op : n.getName()).replaceAll("[^A-Za-z0-9_]", "_");
        return switch (lowering(n.getDomain(), op)) {
            case Lowering.Lowered(Lowering.Fn fn) -> fn.lower(new LoweringCall(k, n, name, Attrs.of(n), in, known, scope, opset, placement));
            case Lowering.NotLowered(String reason) ->
                    throw new NotExpressible((n.getDomain().isEmpty() ? "" : n.getDomain() + ".") + op + ": " + reason);
        };
    }
}
