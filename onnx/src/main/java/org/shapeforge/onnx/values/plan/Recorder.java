package org.shapeforge.onnx.values.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import onnx.Onnx.NodeProto;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.onnx.values.RunListener;
import org.shapeforge.onnx.values.Value;

/**
 * Records one interpreted run ({@code GraphRun.execute} with this as the {@code Kernels}' listener)
 * as the steps a replay repeats: each kernel with an input-dependent operand, in order, with its
 * operands' sources ({@link Provenance}). A kernel of constants alone is not replayed: its result
 * is a constant. The first reason the run cannot be replayed is kept ({@link #refusal}): a node of
 * an op declared data-dependent on input-dependent data ({@link DataDependence}), or any read of
 * an input-dependent array by Java code while a node was lowered, except under Shape and Size.
 */
final class Recorder implements RunListener {
    private final Provenance provenance = new Provenance();
    private final List<Step> steps = new ArrayList<>();
    private NodeProto node;
    private Unplannable refusal;

    Recorder(Map<String, Value> inputs) {
        inputs.forEach((name, v) -> provenance.input(name, v.data()));
    }

    @Override
    public void enter(NodeProto n, List<Value> inputs) {
        node = n;
        DataDependence.of(n).ifPresent(why -> {
            boolean dynamic = inputs.stream().anyMatch(v -> v != null && provenance.dynamic(v.data()));
            if (why == Unplannable.Dependence.RANDOM || dynamic) refuse(new Unplannable.DataDependentOp(name(n), n.getOpType(), why));
        });
    }

    @Override
    public void exit(NodeProto n) {
        node = null;
    }

    @Override
    public void kernel(CKernel k, Map<String, HostTensor> operands, HostTensor result) {
        String lhs = k.operation().lhs().tensor();
        List<Step.Operand> ops = new ArrayList<>();
        boolean dynamic = false;
        for (TensorDecl t : k.operation().tensors()) {
            if (t.name().equals(lhs)) continue;
            double[] data = operands.get(t.name()).data();
            dynamic |= provenance.dynamic(data);
            ops.add(new Step.Operand(t, provenance.of(data)));
        }
        if (!dynamic) return; // a function of constants: its result is a constant, seen as such when used
        String at = node == null ? k.operation().name() : name(node);
        if (k.operation().tensor(lhs).padded()) refuse(new Unplannable.PaddedResult(at, node == null ? "?" : node.getOpType()));
        steps.add(new Step(at, k, ops));
        provenance.result(result.data(), steps.size() - 1);
    }

    @Override
    public void read(double[] data) {
        if (node != null && !DataDependence.shapeOnly(node) && provenance.dynamic(data))
            refuse(new Unplannable.ReadsData(name(node), node.getOpType()));
    }

    private void refuse(Unplannable why) {
        if (refusal == null) refusal = why;
    }

    /** The first reason the recorded run cannot be replayed, if any. */
    Optional<Unplannable> refusal() {
        return Optional.ofNullable(refusal);
    }

    List<Step> steps() {
        return steps;
    }

    Provenance provenance() {
        return provenance;
    }

    private static String name(NodeProto n) {
        return n.getName().isEmpty() ? "(unnamed)" : n.getName();
    }
}
