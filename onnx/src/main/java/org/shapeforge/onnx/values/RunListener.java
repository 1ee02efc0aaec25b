package org.shapeforge.onnx.values;

import java.util.List;
import java.util.Map;
import onnx.Onnx.NodeProto;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/**
 * Watches a model's run ({@link Kernels#listen}): which node of the model's graph is being lowered,
 * each kernel run with the arrays of its operands and of its result, and each read of a value's
 * numbers by Java code while a node is lowered ({@link Value#data()}, {@link Value#longs()}). A
 * compiled model ({@code values.plan.CompiledModel}) records one run this way and replays its
 * kernels; a read tells it that a lowering computed something in Java from the data it was given.
 * Nodes of subgraphs (If, Loop, Scan) are inside their control-flow node: only the model graph's
 * nodes are entered.
 */
public interface RunListener {

    /** Node {@code n} of the model's graph is about to be lowered on {@code inputs} (null for an omitted input). */
    void enter(NodeProto n, List<Value> inputs);

    /** The lowering of the node last entered returned (or failed). */
    void exit(NodeProto n);

    /**
     * Kernel {@code k} ran on {@code operands} (tensor name → the host tensor uploaded, its array the
     * very array of the value it came from) and returned {@code result}, whose array becomes a value's.
     */
    void kernel(CKernel k, Map<String, HostTensor> operands, HostTensor result);

    /** Java code read the numbers of {@code data} (a value's array) while a node was lowered. */
    void read(double[] data);

    /**
     * The lowering last exited made {@code v} the value of {@code name} in the model's graph,
     * {@code constant} when it is a constant of the graph (computed from initializers, Constants,
     * attributes alone). Told for every value a node of the model graph (or a fusion group) computes.
     */
    void produced(String name, Value v, boolean constant);
}
