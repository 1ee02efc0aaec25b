package org.shapeforge.onnx.values.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.onnx.values.RunListener;
import org.shapeforge.onnx.values.Value;

/**
 * Records one interpreted run ({@code GraphRun.execute} with this as the {@code Kernels}' listener)
 * as the steps a replay repeats — each kernel with an input-dependent operand, in order, with its
 * operands' sources ({@link Provenance}); a kernel of constants alone is not replayed, its result
 * is a constant — and which lowerings of the model graph must instead be interpreted at every run
 * (issue 29: a plan of segments, {@link SegmentedPlan}).
 *
 * <p>A lowering (a node's, or a fusion group's, entered at its producer or root) is
 * <em>interpreted</em> when any of these holds, the first four being its causes
 * ({@link #causes}) and the others data flow from an interpreted lowering:
 * <ul>
 *   <li>its op is declared data-dependent ({@link DataDependence}) and some input is input-dependent
 *       or interpreted, or its outputs are random draws;</li>
 *   <li>Java code read the numbers of an input-dependent array while lowering it (except under
 *       Shape and Size, which look at dims only);</li>
 *   <li>a kernel of it writes a result with margins, which a replay does not lay out;</li>
 *   <li>it reads a value an interpreted lowering produced: an input of it or of its group (by the
 *       value's array), a name it or its subgraphs read (by name), a kernel operand, or a read in Java.</li>
 * </ul>
 * Every value an interpreted lowering produces is interpreted (its name and its array). So a
 * lowering not interpreted depends on graph inputs, constants and lowerings not interpreted only,
 * and its kernels' operands are graph inputs, replayed results, or arrays made in Java from
 * constants, shapes and attributes alone (taken as constants). The kernels of an interpreted lowering
 * are not replayed: those recorded before its taint was found are taken back. Marking a shared array
 * interpreted can only interpret more, never less: the side of safety.
 */
final class Recorder implements RunListener {
    private final Provenance provenance = new Provenance();
    private final List<Step> steps = new ArrayList<>();
    private final List<double[]> results = new ArrayList<>(); // each step's result array
    private final Map<NodeProto, Integer> index = new IdentityHashMap<>();
    private final Set<double[]> taintedArrays = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<String> taintedNames = new HashSet<>();
    private final Set<Integer> interpreted = new TreeSet<>();
    private final List<Unplannable> causes = new ArrayList<>();
    private final Map<String, Value> produced = new HashMap<>();
    private final Set<String> constants = new HashSet<>();
    private NodeProto node;
    private int runStart;
    private boolean tainted, lastTainted;

    /** A recorder of a run of graph {@code g} (the model's) on {@code inputs}. */
    Recorder(GraphProto g, Map<String, Value> inputs) {
        inputs.forEach((name, v) -> provenance.input(name, v.data()));
        List<NodeProto> nodes = g.getNodeList();
        for (int i = 0; i < nodes.size(); i++) index.put(nodes.get(i), i);
    }

    @Override
    public void enter(NodeProto n, List<Value> inputs) {
        node = n;
        runStart = steps.size();
        tainted = false;
        boolean fromInterpreted = inputs.stream().anyMatch(v -> v != null && taintedArrays.contains(v.data()))
                || NodeReads.of(n).stream().anyMatch(taintedNames::contains);
        DataDependence.of(n).ifPresent(why -> {
            boolean dynamic = inputs.stream().anyMatch(v -> v != null && provenance.dynamic(v.data()));
            if (why == Unplannable.Dependence.RANDOM || dynamic || fromInterpreted)
                taint(new Unplannable.DataDependentOp(name(n), n.getOpType(), why));
        });
        if (fromInterpreted) taint(null);
    }

    @Override
    public void exit(NodeProto n) {
        if (tainted) {
            Integer i = index.get(n);
            if (i == null) throw new IllegalStateException("node " + name(n) + " is not a node of the model graph");
            interpreted.add(i);
        }
        lastTainted = tainted;
        node = null;
    }

    @Override
    public void kernel(CKernel k, Map<String, HostTensor> operands, HostTensor result) {
        String lhs = k.operation().lhs().tensor();
        if (!tainted)
            for (TensorDecl t : k.operation().tensors())
                if (!t.name().equals(lhs) && taintedArrays.contains(operands.get(t.name()).data())) taint(null);
        if (!tainted && node != null && k.operation().tensor(lhs).padded())
            taint(new Unplannable.PaddedResult(name(node), node.getOpType()));
        if (tainted) {
            taintedArrays.add(result.data());
            return;
        }
        List<Step.Operand> ops = new ArrayList<>();
        boolean dynamic = false;
        for (TensorDecl t : k.operation().tensors()) {
            if (t.name().equals(lhs)) continue;
            double[] data = operands.get(t.name()).data();
            dynamic |= provenance.dynamic(data);
            ops.add(new Step.Operand(t, provenance.of(data)));
        }
        if (!dynamic) return; // a function of constants: its result is a constant, seen as such when used
        steps.add(new Step(node == null ? k.operation().name() : name(node), k, ops));
        results.add(result.data());
        provenance.result(result.data(), steps.size() - 1);
    }

    @Override
    public void read(double[] data) {
        if (node == null || tainted) return;
        if (taintedArrays.contains(data)) taint(null);
        else if (!DataDependence.shapeOnly(node) && provenance.dynamic(data)) taint(new Unplannable.ReadsData(name(node), node.getOpType()));
    }

    @Override
    public void produced(String name, Value v, boolean constant) {
        if (lastTainted) {
            taintedNames.add(name);
            taintedArrays.add(v.data());
        } else {
            produced.put(name, v);
            if (constant) constants.add(name);
        }
    }

    /** The lowering now recorded is interpreted, for {@code cause} (null: it reads an interpreted value); its steps so far are taken back. */
    private void taint(Unplannable cause) {
        if (cause != null && (causes.isEmpty() || !causes.getLast().equals(cause))) causes.add(cause);
        if (tainted) return;
        tainted = true;
        for (int s = steps.size() - 1; s >= runStart; s--) {
            double[] r = results.remove(s);
            steps.remove(s);
            provenance.forget(r);
            taintedArrays.add(r);
        }
    }

    /** The indices of the model graph's nodes whose lowering was interpreted (a fusion group's by the node it was entered at). */
    Set<Integer> interpreted() {
        return Collections.unmodifiableSet(interpreted);
    }

    /** Why lowerings were interpreted, in the order found (empty when none was). */
    List<Unplannable> causes() {
        return Collections.unmodifiableList(causes);
    }

    /** The values lowerings not interpreted produced, by name. */
    Map<String, Value> produced() {
        return Collections.unmodifiableMap(produced);
    }

    /** The names among {@link #produced} that are constants of the graph. */
    Set<String> constants() {
        return Collections.unmodifiableSet(constants);
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
