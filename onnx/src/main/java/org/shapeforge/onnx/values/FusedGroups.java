package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import onnx.Onnx.NodeProto;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;
import org.shapeforge.onnx.values.fusion.FusionPlan;

/**
 * A {@link FusionPlan.Group}'s pointwise members run as ONE loop-IR operation (issue 29): each
 * member's {@link PointwiseForm} composed into the next, over the root's dims; an operand from
 * outside the group is read with the pinned indices of broadcasting ({@link Pointwise#operand}),
 * aligned at the trailing axis of the root (broadcasting composes: an operand's axis is the same
 * axis of every member above it). The intermediates are never stored.
 */
final class FusedGroups {
    private FusedGroups() {}

    /**
     * The root's value computed by one kernel from {@code values} (every value outside the group),
     * or empty when some member has no form on these operands ({@link PointwiseForm#of}): the
     * caller then runs the members one by one. {@code known}: whether a value is a constant of the graph.
     */
    static Optional<Value> run(Kernels k, List<NodeProto> nodes, FusionPlan.Group group, Map<String, Value> values,
            Predicate<String> known, long opset) {
        Map<String, PointwiseForm> forms = new HashMap<>();
        Map<String, List<PointwiseForm.Operand>> operands = new HashMap<>();
        for (FusionPlan.Member m : group.members()) {
            NodeProto n = nodes.get(m.index());
            List<PointwiseForm.Operand> in = new ArrayList<>();
            for (String s : n.getInputList()) {
                PointwiseForm inner = s.isEmpty() ? null : forms.get(s);
                Value v = s.isEmpty() ? null : values.get(s);
                if (!s.isEmpty() && inner == null && v == null) return Optional.empty();
                in.add(s.isEmpty() ? null : inner != null ? new PointwiseForm.Operand(inner.dims(), inner.type(), null)
                        : new PointwiseForm.Operand(v.dims(), v.type(), v));
            }
            Optional<PointwiseForm> f;
            try {
                f = PointwiseForm.of(n.getOpType(), Attrs.of(n), in, i -> i < n.getInputCount() && known.test(n.getInput(i)), opset);
            } catch (IllegalArgumentException | NotExpressible e) { // the node's own lowering reports it, naming the node
                return Optional.empty();
            }
            if (f.isEmpty() || f.get().dims().contains(0)) return Optional.empty();
            forms.put(m.output(), f.get());
            operands.put(m.output(), in);
        }
        NodeProto root = nodes.get(group.root().index());
        PointwiseForm top = forms.get(group.root().output());
        Kernel b = new Kernel(kernelName(root) + "_fused");
        List<Kernel.Ix> ix = new ArrayList<>();
        for (int d : top.dims()) ix.add(b.iter(d));
        Map<String, NodeProto> byOutput = new HashMap<>();
        for (FusionPlan.Member m : group.members()) byOutput.put(m.output(), nodes.get(m.index()));
        Expr rhs = expr(b, ix, byOutput, group.root().output(), forms, values, new IdentityHashMap<>());
        Value out = b.run(k, top.dims(), ix.stream().map(Kernel::at).toList(), rhs, Update.assign(), top.type());
        k.fused(group.nodes());
        return Optional.of(out);
    }

    /** The value of member {@code output} at the kernel's cell ({@code members}: each member by its output). */
    private static Expr expr(Kernel b, List<Kernel.Ix> ix, Map<String, NodeProto> members, String output,
            Map<String, PointwiseForm> forms, Map<String, Value> values, Map<Value, Expr> leaves) {
        NodeProto n = members.get(output);
        List<Expr> in = new ArrayList<>();
        for (String s : n.getInputList()) {
            if (s.isEmpty()) in.add(null);
            else if (forms.containsKey(s)) in.add(expr(b, ix, members, s, forms, values, leaves));
            else {
                Value v = values.get(s);
                in.add(leaves.computeIfAbsent(v, x -> Kernel.read(b.tensor(x), Pointwise.operand(x.dims(), ix))));
            }
        }
        return forms.get(output).f().apply(in);
    }

    /** The kernel name {@link NodeLowering} gives a node. */
    static String kernelName(NodeProto n) {
        return (n.getName().isEmpty() ? n.getOpType() : n.getName()).replaceAll("[^A-Za-z0-9_]", "_");
    }
}
