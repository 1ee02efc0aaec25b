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
import org.shapeforge.onnx.values.Precompile;
import org.shapeforge.onnx.values.RunListener;
import org.shapeforge.onnx.values.Value;

/**
 * An ONNX model prepared for repeated runs (issue 29): {@link #compile} runs it once through the
 * interpreter ({@link GraphRun#execute}) with a {@link Recorder} listening, and makes the recorded
 * kernels a native {@link Plan}; {@link #run} then only writes the inputs, invokes the compiled
 * kernels in order on buffers allocated once, and reads the outputs. The plan is kept only if
 * replaying it on the recorded inputs gives the interpreted outputs bit for bit.
 *
 * <p>Where some values are computed from input-dependent data in a way a replay cannot repeat (an
 * {@link Unplannable} cause: a data-dependent op, a read of the data in Java), the nodes that
 * depend on them are interpreted at every run and the others replayed ({@link SegmentedPlan},
 * {@link Mode.Partial}); where no kernel is left to replay, or the segments cannot be cut, the
 * whole model is interpreted, its initializers read once. {@link #mode} says which. A dynamic dim is
 * a symbol: inputs of other dims are planned anew, one plan per list of input dims, kept until
 * {@link #close}. Not thread-safe.
 */
public final class CompiledModel implements AutoCloseable {

    /** What runs inputs of one list of dims: a plan, or the interpreter for a reason. */
    private sealed interface Prepared {
        record Planned(Plan plan) implements Prepared {}

        /** A native segment and an interpreted remainder; {@code kernels} invoked per run on the recorded inputs, both together. */
        record Partial(SegmentedPlan plan, int nodes, Unplannable first, int kernels) implements Prepared {}

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
            case Prepared.Partial partial -> partial.plan().run(inputs);
            case Prepared.Interpreted i -> GraphRun.execute(model, inputs, k, this::initializer).outputs();
        };
    }

    private Prepared prepare(Map<String, Value> given) {
        Map<String, Value> inputs = new LinkedHashMap<>(); // own arrays: one per input, not shared with the caller
        given.forEach((name, v) -> inputs.put(name, new Value(v.dims(), v.data().clone(), v.type())));
        k.cCompiler().ifPresent(cc -> Precompile.run(model, inputs, cc, k.budget(), Runtime.getRuntime().availableProcessors()));
        Recorder r = new Recorder(model.getGraph(), inputs);
        int before = k.runs();
        RunListener was = k.listen(r);
        Map<String, Value> got;
        try {
            got = GraphRun.execute(model, inputs, k, this::initializer).outputs();
        } finally {
            k.listen(was);
        }
        int kernels = k.runs() - before;
        Prepared p = r.interpreted().isEmpty() ? verified(r, inputs, got, kernels) : segmented(r, inputs, got, kernels);
        prepared.put(key(given), p);
        return p;
    }

    /**
     * The native segment and interpreted remainder of {@code r}'s run, if the native segment has
     * kernels and the two reproduce {@code got} bit for bit on {@code inputs}; else the interpreter.
     */
    private Prepared segmented(Recorder r, Map<String, Value> inputs, Map<String, Value> got, int kernels) {
        Unplannable first = r.causes().stream().findFirst()
                .orElseThrow(() -> new IllegalStateException("nodes are interpreted but no cause was recorded"));
        if (r.steps().isEmpty()) return new Prepared.Interpreted(first, kernels);
        Remainder rest = Remainder.of(model.getGraph(), r, inputs.keySet());
        if (!rest.unrecorded().isEmpty()) return new Prepared.Interpreted(new Unplannable.Unrecorded(rest.unrecorded().getFirst()), kernels);
        Map<String, Value> downloaded = new LinkedHashMap<>(rest.boundary());
        downloaded.keySet().removeAll(rest.constants());
        SegmentedPlan plan = new SegmentedPlan(model, Plan.build(r, inputs, downloaded), rest, k, this::initializer);
        int runs = k.runs();
        Map<String, Value> again;
        try {
            again = plan.run(inputs);
        } catch (RuntimeException e) { // a cut that cannot run is our bug: its buffers are freed, the failure reported
            plan.close();
            throw e;
        }
        Optional<Unplannable> differs = difference(got, again);
        if (differs.isPresent()) {
            plan.close();
            return new Prepared.Interpreted(differs.get(), kernels);
        }
        return new Prepared.Partial(plan, model.getGraph().getNodeCount(), first, plan.nativeKernels() + k.runs() - runs);
    }

    /** Where {@code again} differs from {@code got} (an output's dims or numbers, bit for bit), if it does. */
    private static Optional<Unplannable> difference(Map<String, Value> got, Map<String, Value> again) {
        for (Map.Entry<String, Value> e : got.entrySet()) {
            Value have = again.get(e.getKey());
            double[] want = e.getValue().data(), h = have == null ? new double[0] : have.data();
            if (have != null && have.dims().equals(e.getValue().dims()) && Arrays.equals(want, h)) continue;
            int at = Math.max(0, Arrays.mismatch(want, h));
            return Optional.of(new Unplannable.NotReproduced(e.getKey(), at, at < want.length ? want[at] : Double.NaN,
                    at < h.length ? h[at] : Double.NaN));
        }
        return Optional.empty();
    }

    /** The plan of {@code r}, if replaying it on {@code inputs} gives {@code got} bit for bit. */
    private Prepared verified(Recorder r, Map<String, Value> inputs, Map<String, Value> got, int kernels) {
        Plan plan = Plan.build(r, inputs, got);
        k.threadsOn();
        Optional<Unplannable> differs = difference(got, plan.run(inputs));
        if (differs.isPresent()) {
            plan.close();
            return new Prepared.Interpreted(differs.get(), kernels);
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

    /**
     * The kernels invoked per run on inputs of the dims {@link #compile} was given (with an
     * interpreted part, as many as on the inputs it was given: the native ones and those the
     * interpreter ran).
     */
    public int kernels() {
        return switch (first) {
            case Prepared.Planned(Plan plan) -> plan.kernels();
            case Prepared.Partial p -> p.kernels();
            case Prepared.Interpreted i -> i.kernels();
        };
    }

    /** The kernels replayed natively per run on inputs of the dims {@link #compile} was given (0: all interpreted). */
    public int nativeKernels() {
        return switch (first) {
            case Prepared.Planned(Plan plan) -> plan.kernels();
            case Prepared.Partial p -> p.plan().nativeKernels();
            case Prepared.Interpreted i -> 0;
        };
    }

    /** How inputs of the dims {@link #compile} was given run: natively, in part interpreted, or interpreted. */
    public Mode mode() {
        return switch (first) {
            case Prepared.Planned p -> new Mode.Native();
            case Prepared.Partial p -> new Mode.Partial(p.plan().interpretedNodes(), p.nodes(), p.first());
            case Prepared.Interpreted(Unplannable why, int kernels) -> new Mode.Interpreted(why);
        };
    }

    /** The time {@link #compile} took: one interpreted run, recording, building and checking the plan. */
    public Duration prepare() {
        return prepare;
    }

    /**
     * What of inputs of the dims {@link #compile} was given is interpreted at every run and why, in
     * words ({@link Mode#render}: "partial: N of M nodes …" when only part is); empty when
     * everything is replayed.
     */
    public Optional<String> interpreted() {
        return mode().render();
    }

    /** Why (part of) inputs of the dims {@link #compile} was given are interpreted at every run; empty when all is replayed. */
    public Optional<Unplannable> reason() {
        return switch (mode()) {
            case Mode.Native n -> Optional.empty();
            case Mode.Partial(int interpreted, int nodes, Unplannable first) -> Optional.of(first);
            case Mode.Interpreted(Unplannable why) -> Optional.of(why);
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
        for (Prepared p : prepared.values())
            switch (p) {
                case Prepared.Planned(Plan plan) -> plan.close();
                case Prepared.Partial partial -> partial.plan().close();
                case Prepared.Interpreted i -> { }
            }
        prepared.clear();
        closed = true;
    }
}
