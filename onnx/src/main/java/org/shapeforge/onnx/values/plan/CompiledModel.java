package org.shapeforge.onnx.values.plan;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.RunListener;
import org.shapeforge.onnx.values.Value;

/**
 * An ONNX model prepared for repeated runs (issue 29): {@link #compile} runs it once through the
 * interpreter ({@link GraphRun#execute}) with a {@link Recorder} listening, and makes the recorded
 * kernels a native {@link Plan}; {@link #run} then only writes the inputs, invokes the compiled
 * kernels in order on buffers allocated once, and reads the outputs. The plan is kept only if
 * replaying it on the recorded inputs gives the interpreted outputs bit for bit.
 *
 * <p>A model that cannot be planned (an {@link Unplannable} reason: a value computed in Java from
 * input-dependent data, a data-dependent op) is interpreted at every run, its initializers read
 * once ({@link #interpreted} says why). A dynamic dim is a symbol: inputs of other dims are
 * planned anew, one plan per list of input dims, kept until {@link #close}. Not thread-safe.
 */
public final class CompiledModel implements AutoCloseable {

    /** What runs inputs of one list of dims: a plan, or the interpreter for a reason. */
    private sealed interface Prepared {
        record Planned(Plan plan) implements Prepared {}

        record Interpreted(Unplannable why, int kernels) implements Prepared {}
    }

    private final ModelProto model;
    private final Kernels k;
    private final Map<String, Value> initializers = new HashMap<>();
    private final Map<Map<String, List<Integer>>, Prepared> prepared = new HashMap<>();
    private final Prepared first;
    private final Duration prepare;
    private boolean closed;

    private CompiledModel(ModelProto model, Map<String, Value> inputs, Kernels k) {
        long t0 = System.nanoTime();
        this.model = model;
        this.k = k;
        this.first = prepare(inputs);
        this.prepare = Duration.ofNanos(System.nanoTime() - t0);
    }

    /**
     * {@code m} prepared for inputs of the dims of {@code inputs} (graph input name → value), run
     * once on them; kernels compiled through {@code k} (whose thread count, {@link Kernels#threads},
     * the runs use). A model that cannot run at all fails as {@link GraphRun#execute} does.
     */
    public static CompiledModel compile(ModelProto m, Map<String, Value> inputs, Kernels k) {
        return new CompiledModel(m, inputs, k);
    }

    /** Runs the model on {@code inputs}; the graph outputs in order. Inputs of dims not seen before are planned first. */
    public Map<String, Value> run(Map<String, Value> inputs) {
        if (closed) throw new IllegalStateException("this compiled model is closed");
        Prepared p = prepared.get(key(inputs));
        if (p == null) p = prepare(inputs);
        return switch (p) {
            case Prepared.Planned(Plan plan) -> {
                k.threadsOn(); // the OpenMP thread count is the calling thread's
                yield plan.run(inputs);
            }
            case Prepared.Interpreted i -> GraphRun.execute(model, inputs, k, this::initializer).outputs();
        };
    }

    private Prepared prepare(Map<String, Value> given) {
        Map<String, Value> inputs = new LinkedHashMap<>(); // own arrays: one per input, not shared with the caller
        given.forEach((name, v) -> inputs.put(name, new Value(v.dims(), v.data().clone(), v.type())));
        Recorder r = new Recorder(inputs);
        int before = k.runs();
        RunListener was = k.listen(r);
        Map<String, Value> got;
        try {
            got = GraphRun.execute(model, inputs, k, this::initializer).outputs();
        } finally {
            k.listen(was);
        }
        Prepared p = r.refusal().<Prepared>map(why -> new Prepared.Interpreted(why, k.runs() - before))
                .orElseGet(() -> verified(r, inputs, got, k.runs() - before));
        prepared.put(key(given), p);
        return p;
    }

    /** The plan of {@code r}, if replaying it on {@code inputs} gives {@code got} bit for bit. */
    private Prepared verified(Recorder r, Map<String, Value> inputs, Map<String, Value> got, int kernels) {
        Plan plan = Plan.build(r, inputs, got);
        k.threadsOn();
        Map<String, Value> again = plan.run(inputs);
        for (Map.Entry<String, Value> e : got.entrySet()) {
            double[] want = e.getValue().data(), have = again.get(e.getKey()).data();
            if (Arrays.equals(want, have)) continue;
            int at = Arrays.mismatch(want, have);
            plan.close();
            return new Prepared.Interpreted(new Unplannable.NotReproduced(e.getKey(), at, at < want.length ? want[at] : Double.NaN,
                    at < have.length ? have[at] : Double.NaN), kernels);
        }
        return new Prepared.Planned(plan);
    }

    private Value initializer(TensorProto t) {
        return initializers.computeIfAbsent(t.getName(), n -> Value.read(t));
    }

    /** The dims of each input by name (a map: the caller's order of the inputs does not matter). */
    private static Map<String, List<Integer>> key(Map<String, Value> inputs) {
        Map<String, List<Integer>> out = new HashMap<>();
        inputs.forEach((name, v) -> out.put(name, v.dims()));
        return out;
    }

    /** The kernels invoked per run on inputs of the dims {@link #compile} was given. */
    public int kernels() {
        return switch (first) {
            case Prepared.Planned(Plan plan) -> plan.kernels();
            case Prepared.Interpreted i -> i.kernels();
        };
    }

    /** The time {@link #compile} took: one interpreted run, recording, building and checking the plan. */
    public Duration prepare() {
        return prepare;
    }

    /** Why inputs of the dims {@link #compile} was given are interpreted at every run, rendered; empty when they run a plan. */
    public Optional<String> interpreted() {
        return reason().map(Unplannable::render);
    }

    /** Why inputs of the dims {@link #compile} was given are interpreted at every run; empty when they run a plan. */
    public Optional<Unplannable> reason() {
        return switch (first) {
            case Prepared.Planned p -> Optional.empty();
            case Prepared.Interpreted(Unplannable why, int kernels) -> Optional.of(why);
        };
    }

    /** Sets the OpenMP thread count of the runs (on {@code Kernels}, which compiles and runs the kernels). */
    public CompiledModel threads(int n) {
        k.threads(n);
        return this;
    }

    /** Frees the plans' native buffers; the compiled kernels stay loaded (they belong to the {@code Kernels}). */
    @Override
    public void close() {
        for (Prepared p : prepared.values()) if (p instanceof Prepared.Planned(Plan plan)) plan.close();
        prepared.clear();
        closed = true;
    }
}
