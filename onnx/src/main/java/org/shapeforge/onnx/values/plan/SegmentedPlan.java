package org.shapeforge.onnx.values.plan;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Value;

/**
 * A model run in two segments (issue 29): a native {@link Plan} replays the kernels of every
 * lowering the {@link Recorder} did not find interpreted and downloads the {@link Remainder}'s
 * boundary values; the interpreter then runs the remainder's nodes alone
 * ({@link GraphRun#resume}) from those values and the graph inputs.
 *
 * <p>Why the replayed segment is right on any input of the recorded dims: a lowering not
 * interpreted depends, through data, on graph inputs, constants and other such lowerings only (the
 * recorder interprets whatever reads an interpreted value, by array or by name, and whatever reads
 * input-dependent numbers in Java or is declared data-dependent), so its kernels, their operands'
 * sources and their dims are those recorded, as in a whole {@link Plan}. Nothing in that segment
 * reads the remainder, so replaying it first is a valid order. Why the remainder is right: its
 * nodes are lowered anew at every run, exactly as {@link GraphRun#execute} lowers them, on the
 * values they would be given there — every value they read that they do not compute is a boundary
 * value, a graph input or an initializer — so any size, index or branch they take from data is
 * taken from this run's data. The plan is kept only if it reproduces the interpreted run on the
 * recording inputs bit for bit ({@link CompiledModel}).
 */
final class SegmentedPlan implements AutoCloseable {
    private final ModelProto model;
    private final Plan prefix;
    private final Remainder rest;
    private final Kernels k;
    private final Function<TensorProto, Value> initializers;

    SegmentedPlan(ModelProto model, Plan prefix, Remainder rest, Kernels k, Function<TensorProto, Value> initializers) {
        this.model = model;
        this.prefix = prefix;
        this.rest = rest;
        this.k = k;
        this.initializers = initializers;
    }

    /** Runs the model on {@code inputs} (of the recorded dims); the graph outputs in order. */
    Map<String, Value> run(Map<String, Value> inputs) {
        k.threadsOn(); // the OpenMP thread count is the calling thread's
        Map<String, Value> values = new HashMap<>(prefix.run(inputs));
        for (Map.Entry<String, Value> e : rest.boundary().entrySet()) // constants: the recorded values, shared by every run
            if (rest.constants().contains(e.getKey())) values.put(e.getKey(), e.getValue());
        values.putAll(inputs);
        return GraphRun.resume(model, values, rest.constants(), rest.nodes()::contains, k, initializers);
    }

    /** The kernels the native segment invokes per run. */
    int nativeKernels() {
        return prefix.kernels();
    }

    /** The number of model-graph nodes interpreted at every run. */
    int interpretedNodes() {
        return rest.nodes().size();
    }

    @Override
    public void close() {
        prefix.close();
    }
}
