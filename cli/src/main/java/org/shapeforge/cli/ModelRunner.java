package org.shapeforge.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;
import onnx.Onnx.ModelProto;
import org.shapeforge.onnx.values.Value;

/**
 * How {@code bench models} runs a model in-process (issue 29): the one seam between the benchmark
 * and the runtime it measures. {@link #prepare} does everything a deployment does once — compile
 * the kernels, plan the run — on the given inputs, at an OpenMP thread count; {@link Prepared#run}
 * is the steady-state call the benchmark times. Implemented by {@link CompiledRunner} (the
 * compiled plan, {@code values.plan.CompiledModel}: what the benchmark measures) and
 * {@link GraphRunRunner} (the interpreter, {@code GraphRun.execute} with one warm kernel cache). A test plants a wrong runner here
 * ({@code ModelsBenchTest}) to see that the benchmark catches wrong answers.
 */
interface ModelRunner {
    /**
     * Readies {@code model} for repeated runs on inputs shaped as {@code inputs}, with
     * {@code threads} OpenMP threads for its kernels. OpenMP's thread count belongs to the calling
     * thread: {@link Prepared#run} must be called on the thread that prepared. May run the model
     * once (a first run that compiles is part of preparing).
     */
    Prepared prepare(ModelProto model, Map<String, Value> inputs, int threads);

    /** How many sources the C compiler ran on so far (cache misses), -1 when the runner does not say. */
    default long compilations() {
        return -1;
    }

    /** A prepared model; closing it frees what preparing allocated (native buffers, loaded kernels). */
    interface Prepared extends AutoCloseable {
        /** One run of the whole model on {@code inputs}: its graph outputs in graph order, and what it ran. */
        Outcome run(Map<String, Value> inputs);

        @Override
        default void close() {}
    }

    /**
     * One run's result: the graph outputs (name → value, graph order), the generated kernels it
     * called, and the number of fused kernel groups where the runner reports one (empty: the
     * runner does not fuse or does not say; the benchmark then reports 0 and that it was not reported).
     */
    record Outcome(Map<String, Value> outputs, int kernels, OptionalInt fusedGroups) {
        public Outcome {
            outputs = Collections.unmodifiableMap(new LinkedHashMap<>(outputs));
            if (kernels < 0) throw new IllegalArgumentException("a negative kernel count " + kernels);
        }
    }
}
