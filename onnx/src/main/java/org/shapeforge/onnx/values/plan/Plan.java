package org.shapeforge.onnx.values.plan;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.onnx.values.Value;

/**
 * A recorded run made native: one float buffer per graph input and per constant, result buffers
 * shared by steps whose results are not live together ({@link ResultBuffers}), all allocated
 * once; each step's argument array built once; constants uploaded once. A run writes the inputs, invokes the kernels in order (after copying, native to native, each
 * input-dependent operand that a kernel reads with margins into its padded buffer, whose margins
 * were filled when allocated) and reads the outputs back. Buffers live until {@link #close}.
 */
final class Plan implements AutoCloseable {
    /** A graph input: its dims and its buffer. */
    private record In(String name, List<Integer> dims, MemorySegment buffer) {}

    /** A replayed step: the kernel, its arguments, the padded copies to make first. */
    private record Call(CKernel kernel, MemorySegment arguments, List<NativeCopy.Padded> copies) {}

    /** A graph output: its value read from a buffer, or given (a graph input's, or a constant's numbers). */
    private sealed interface Out {
        String name();

        record Computed(String name, List<Integer> dims, int type, MemorySegment buffer) implements Out {}

        record Passed(String name, List<Integer> dims, int type, String input) implements Out {}

        record Fixed(String name, Value value) implements Out {}
    }

    private final Arena arena;
    private final List<In> inputs;
    private final List<Call> calls;
    private final List<Out> outputs;

    private Plan(Arena arena, List<In> inputs, List<Call> calls, List<Out> outputs) {
        this.arena = arena;
        this.inputs = inputs;
        this.calls = calls;
        this.outputs = outputs;
    }

    /** The plan of {@code r}'s run, whose graph inputs were {@code given} and graph outputs {@code got}. */
    static Plan build(Recorder r, Map<String, Value> given, Map<String, Value> got) {
        Arena arena = Arena.ofShared();
        try {
            Map<Source, MemorySegment> home = new HashMap<>();
            List<In> ins = new ArrayList<>();
            given.forEach((name, v) -> {
                MemorySegment b = arena.allocate(ValueLayout.JAVA_FLOAT, Math.max(1, v.size()));
                home.put(new Source.Input(name), b);
                ins.add(new In(name, v.dims(), b));
            });
            Provenance p = r.provenance();
            Set<Integer> outputSteps = new HashSet<>();
            for (Map.Entry<String, Value> e : got.entrySet()) // a constant output is seen now
                if (p.of(e.getValue().data()) instanceof Source.Result(int s)) outputSteps.add(s);
            List<float[]> constants = p.constants();
            for (int c = 0; c < constants.size(); c++) {
                MemorySegment b = arena.allocate(ValueLayout.JAVA_FLOAT, Math.max(1, constants.get(c).length));
                NativeCopy.write(constants.get(c), b);
                home.put(new Source.Constant(c), b);
            }
            List<Call> calls = new ArrayList<>();
            ResultBuffers results = new ResultBuffers(r.steps(), outputSteps, arena);
            for (int s = 0; s < r.steps().size(); s++) {
                Step step = r.steps().get(s);
                MemorySegment result = results.take(s);
                home.put(new Source.Result(s), result);
                Map<String, MemorySegment> args = new HashMap<>();
                args.put(step.result().name(), result);
                List<NativeCopy.Padded> copies = new ArrayList<>();
                for (Step.Operand o : step.operands()) {
                    MemorySegment from = home.get(o.source());
                    if (from == null) throw new IllegalStateException("step " + s + " reads " + o.source() + " before it is computed");
                    args.put(o.decl().name(), o.decl().padded() ? padded(o, from, copies, arena) : from);
                }
                calls.add(new Call(step.kernel(), step.kernel().arguments(args, arena), List.copyOf(copies)));
                results.after(s);
            }
            List<Out> outs = new ArrayList<>();
            for (Map.Entry<String, Value> e : got.entrySet()) {
                Value v = e.getValue();
                outs.add(switch (p.of(v.data())) {
                    case Source.Result res -> new Out.Computed(e.getKey(), v.dims(), v.type(), home.get(res));
                    case Source.Input in -> new Out.Passed(e.getKey(), v.dims(), v.type(), in.name());
                    case Source.Constant c -> new Out.Fixed(e.getKey(), new Value(v.dims(), v.data().clone(), v.type()));
                });
            }
            return new Plan(arena, List.copyOf(ins), List.copyOf(calls), List.copyOf(outs));
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /** A buffer with {@code o}'s margins (filled with its pad value) holding its source: copied now for a constant, else at every run. */
    private static MemorySegment padded(Step.Operand o, MemorySegment from, List<NativeCopy.Padded> copies, Arena arena) {
        TensorDecl d = o.decl();
        MemorySegment to = arena.allocate(ValueLayout.JAVA_FLOAT, d.physicalSize());
        if (d.padValue() != 0) NativeCopy.fill(to, d.physicalSize(), (float) d.padValue());
        NativeCopy.Padded copy = NativeCopy.Padded.of(d, from, to);
        if (o.source().dynamic()) copies.add(copy);
        else copy.run();
        return to;
    }

    /** The kernels invoked per run. */
    int kernels() {
        return calls.size();
    }

    /** The dims of each graph input, in order, that this plan runs. */
    List<List<Integer>> dims() {
        return inputs.stream().map(In::dims).toList();
    }

    /** Runs the plan on {@code given} (every graph input, of the dims recorded); the graph outputs in order. */
    Map<String, Value> run(Map<String, Value> given) {
        for (In in : inputs) {
            Value v = given.get(in.name());
            if (v == null) throw new IllegalArgumentException("graph input '" + in.name() + "' has no value");
            if (!v.dims().equals(in.dims()))
                throw new IllegalArgumentException("graph input '" + in.name() + "' has dims " + v.dims() + "; this plan runs " + in.dims());
            NativeCopy.write(v.data(), in.buffer());
        }
        for (Call c : calls) {
            for (NativeCopy.Padded p : c.copies()) p.run();
            c.kernel().invoke(c.arguments());
        }
        Map<String, Value> out = new LinkedHashMap<>();
        for (Out o : outputs)
            out.put(o.name(), switch (o) {
                case Out.Computed c -> new Value(c.dims(), NativeCopy.read(c.buffer(), cells(c.dims())), c.type());
                case Out.Passed p -> new Value(p.dims(), given.get(p.input()).data(), p.type());
                case Out.Fixed f -> new Value(f.value().dims(), f.value().data().clone(), f.value().type());
            });
        return out;
    }

    private static int cells(List<Integer> dims) {
        long n = 1;
        for (int d : dims) n *= d;
        return Math.toIntExact(n);
    }

    @Override
    public void close() {
        arena.close();
    }
}
