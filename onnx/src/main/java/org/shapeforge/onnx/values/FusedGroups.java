package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import onnx.Onnx.NodeProto;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;
import org.shapeforge.onnx.values.fusion.FusionPlan;

/**
 * A {@link FusionPlan.Group} run as ONE kernel (issue 29). Without a producer: the pointwise
 * members as one loop-IR operation, each member's {@link PointwiseForm} composed into the next,
 * over the root's dims, an operand from outside read with the pinned indices of broadcasting
 * ({@link Pointwise#operand}) aligned at the root's trailing axis (broadcasting composes: an
 * operand's axis is the same axis of every member above it). With a producer (Conv, Gemm,
 * MatMul): the same composition as the producer's {@link Tail}, its kernel's epilogue, the
 * producer's finished cell standing for its output. The intermediates are never stored.
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
        Optional<Map<String, PointwiseForm>> forms = forms(nodes, group, values, known, opset, null);
        if (forms.isEmpty()) return Optional.empty();
        NodeProto root = nodes.get(group.root().index());
        PointwiseForm top = forms.get().get(group.root().output());
        Kernel b = new Kernel(kernelName(root) + "_fused");
        List<Kernel.Ix> ix = new ArrayList<>();
        for (int d : top.dims()) ix.add(b.iter(d));
        Map<Value, Expr> leaves = new IdentityHashMap<>();
        Expr rhs = expr(members(nodes, group), group.root().output(), forms.get(), values,
                v -> leaves.computeIfAbsent(v, x -> Kernel.read(b.tensor(x), Pointwise.operand(x.dims(), ix))), null, null);
        Value out = b.run(k, top.dims(), ix.stream().map(Kernel::at).toList(), rhs, Update.assign(), top.type());
        k.fused(group.nodes());
        return Optional.of(out);
    }

    /** A producer's run: the root's value when the members became its epilogue, else the producer's own output. */
    record Attached(Optional<Value> root, Value producer) {}

    /** Runs the group's producer with the members as its kernel's epilogue where they fuse ({@link Tail}). */
    static Attached attached(Kernels k, List<NodeProto> nodes, FusionPlan.Group group, Map<String, Value> values,
            Predicate<String> known, long opset) {
        NodeProto p = nodes.get(group.producer().orElseThrow().index());
        String produced = p.getOutput(0);
        List<Value> in = new ArrayList<>();
        for (String s : p.getInputList()) in.add(s.isEmpty() ? null : values.get(s));
        boolean[] applied = {false};
        Tail tail = (b, cell, lhs, dims, type) -> {
            Optional<Map<String, PointwiseForm>> forms = forms(nodes, group, values, known, opset,
                    new PointwiseForm.Operand(dims, type, null));
            if (forms.isEmpty()) return Optional.empty();
            PointwiseForm top = forms.get().get(group.root().output());
            if (!top.dims().equals(dims) || top.type() != type) return Optional.empty();
            Map<Value, Expr> leaves = new IdentityHashMap<>();
            Expr e = expr(members(nodes, group), group.root().output(), forms.get(), values,
                    v -> leaves.computeIfAbsent(v, x -> Kernel.read(b.tensor(x), Kernel.like(x.dims(), lhs))), produced, cell);
            applied[0] = true;
            return Optional.of(e);
        };
        String name = kernelName(p);
        Value v = switch (p.getOpType()) {
            case "Conv" -> WindowLowering.conv(k, name, Attrs.of(p), in, tail);
            case "Gemm" -> ContractionLowering.gemm(k, name, Attrs.of(p), in, tail);
            case "MatMul" -> Contractions.matmul(k, name, in.get(0), in.get(1), tail);
            default -> throw new IllegalStateException("not a producer a group attaches to: " + p.getOpType());
        };
        if (!applied[0]) return new Attached(Optional.empty(), v);
        k.fused(group.nodes());
        return new Attached(Optional.of(v), null);
    }

    /**
     * Every member's form, in order, or empty where one has none. {@code producer}: the operand the
     * producer's output is (null without one; then every input outside the group has a value).
     */
    private static Optional<Map<String, PointwiseForm>> forms(List<NodeProto> nodes, FusionPlan.Group group, Map<String, Value> values,
            Predicate<String> known, long opset, PointwiseForm.Operand producer) {
        String produced = group.producer().map(FusionPlan.Member::output).orElse(null);
        Map<String, PointwiseForm> forms = new HashMap<>();
        for (FusionPlan.Member m : group.members()) {
            NodeProto n = nodes.get(m.index());
            List<PointwiseForm.Operand> in = new ArrayList<>();
            for (String s : n.getInputList()) {
                if (s.isEmpty()) { in.add(null); continue; }
                PointwiseForm inner = forms.get(s);
                Value v = values.get(s);
                if (inner != null) in.add(new PointwiseForm.Operand(inner.dims(), inner.type(), null));
                else if (producer != null && s.equals(produced)) in.add(producer);
                else if (v != null) in.add(new PointwiseForm.Operand(v.dims(), v.type(), v));
                else return Optional.empty();
            }
            Optional<PointwiseForm> f;
            try {
                f = PointwiseForm.of(n.getOpType(), Attrs.of(n), in, i -> i < n.getInputCount() && known.test(n.getInput(i)), opset);
            } catch (IllegalArgumentException | NotExpressible e) { // the node's own lowering reports it, naming the node
                return Optional.empty();
            }
            if (f.isEmpty() || f.get().dims().contains(0)) return Optional.empty();
            forms.put(m.output(), f.get());
        }
        return Optional.of(forms);
    }

    private static Map<String, NodeProto> members(List<NodeProto> nodes, FusionPlan.Group group) {
        Map<String, NodeProto> byOutput = new HashMap<>();
        for (FusionPlan.Member m : group.members()) byOutput.put(m.output(), nodes.get(m.index()));
        return byOutput;
    }

    /**
     * The value of member {@code output} at the kernel's cell ({@code members}: each member by its
     * output); a value from outside is {@code leaf} of it, the producer's output {@code cell}.
     */
    private static Expr expr(Map<String, NodeProto> members, String output, Map<String, PointwiseForm> forms, Map<String, Value> values,
            Function<Value, Expr> leaf, String produced, Expr cell) {
        NodeProto n = members.get(output);
        List<Expr> in = new ArrayList<>();
        for (String s : n.getInputList()) {
            if (s.isEmpty()) in.add(null);
            else if (forms.containsKey(s)) in.add(expr(members, s, forms, values, leaf, produced, cell));
            else if (s.equals(produced)) in.add(cell);
            else in.add(leaf.apply(values.get(s)));
        }
        return forms.get(output).f().apply(in);
    }

    /** The kernel name {@link NodeLowering} gives a node. */
    static String kernelName(NodeProto n) {
        return (n.getName().isEmpty() ? n.getOpType() : n.getName()).replaceAll("[^A-Za-z0-9_]", "_");
    }
}
