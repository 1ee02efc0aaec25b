package org.shapeforge.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.codegen.c.CEmitter;
import org.shapeforge.codegen.cuda.CudaEmitter;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.program.ProgramRun;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.codegen.symbolic.KernelChoice;
import org.shapeforge.codegen.symbolic.SymbolicKernel;
import org.shapeforge.codegen.symbolic.SymbolicSizes;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.program.Program;

/**
 * {@link Pipeline#emit}: the kernel of every operation as source. A program with dynamic dims is
 * lowered at its bindings and its C kernels take the dynamic dims as parameters
 * ({@link SymbolicKernel}: the same file at every binding, checked at a second binding with every
 * size doubled); an operation that cannot be symbolic, and every CUDA kernel, is specialised at
 * those sizes, the reason given. A static program's kernels are specialised ("static").
 */
final class Emission {
    private Emission() {}

    /** The symbolic kernels' sources at a second binding ({@link #probe}). */
    private record Probe(Map<String, Long> sizes, Map<String, String> sources) {}

    static Emitted of(Pipeline pipeline, Program program, Program bound, Map<String, Long> binds, Kernel.Target target) {
        Sized sized = pipeline.specialize(program, binds);
        Projected p = pipeline.project(pipeline.infer(sized.sizes().isEmpty() ? bound : sized.program()));
        Optional<SymbolicSizes> symbolic = pipeline.symbolic(sized);
        Map<String, Operation> ir = pipeline.lower(p);
        Pipeline quiet = pipeline.withTrace(Trace.NONE);
        Optional<Probe> probe = symbolic.isPresent() && target == Kernel.Target.C ? probe(quiet, sized) : Optional.empty();
        Map<String, KernelChoice> choices = new LinkedHashMap<>();
        for (var e : ir.entrySet()) {
            KernelChoice c = symbolic.isEmpty() ? new KernelChoice.Specialised(e.getValue(), "static")
                    : target == Kernel.Target.C ? SymbolicKernel.choose(e.getValue(), symbolic.get())
                    : new KernelChoice.Specialised(e.getValue(), "CUDA kernels are generated at the bound sizes");
            if (c instanceof KernelChoice.Symbolic(var o, var k) && probe.isPresent()
                    && !k.source().equals(probe.get().sources().get(e.getKey())))
                c = new KernelChoice.Specialised(o, "its kernel at " + probe.get().sizes() + " is not the same source (the loop"
                        + " structure depends on the sizes, e.g. a size-1 axis broadcasts)");
            choices.put(e.getKey(), c);
        }
        // without --bind no kernel may carry a number for a dynamic dim: unless every one is
        // symbolic, the unbound program is refused as before (seed 004's structured error)
        if (binds.isEmpty() && symbolic.isPresent() && choices.values().stream().anyMatch(KernelChoice.Specialised.class::isInstance))
            quiet.project(quiet.infer(bound));
        List<Kernel> out = new ArrayList<>();
        for (var e : choices.entrySet()) {
            KernelChoice c = e.getValue();
            String src = switch (c) {
                case KernelChoice.Symbolic(var o, var k) -> k.source();
                case KernelChoice.Specialised(var o, var why) ->
                        target == Kernel.Target.C ? new CEmitter(o).standaloneSource() : new CudaEmitter(o).source();
            };
            ProgramRun.KernelUse use = switch (c) {
                case KernelChoice.Symbolic(var o, var k) -> new ProgramRun.KernelUse(e.getKey(), true, "sizes " + k.params());
                case KernelChoice.Specialised(var o, var why) -> new ProgramRun.KernelUse(e.getKey(), false, why);
            };
            out.add(new Kernel(e.getKey(), c, src, use));
        }
        return new Emitted(sized, out);
    }

    /**
     * The symbolic C of every operation at a second binding, every dynamic dim at twice its size in
     * {@code sized}: a file {@code infer --emit c} writes serves every binding only where the two
     * agree. Empty where the doubled sizes break a fact or the program at them does not lower.
     */
    private static Optional<Probe> probe(Pipeline quiet, Sized sized) {
        Map<String, Long> binds = new LinkedHashMap<>();
        sized.sizes().forEach((n, v) -> binds.put(n, 2 * v));
        try {
            Sized twice = quiet.specialize(sized.unbound(), binds);
            Projected p = quiet.project(quiet.infer(twice.program()));
            Optional<SymbolicSizes> s = quiet.symbolic(twice);
            if (s.isEmpty()) return Optional.empty();
            Map<String, String> sources = new LinkedHashMap<>();
            ProgramRun.lower(p.operations(), p.projections()).forEach((op, ir) -> {
                if (SymbolicKernel.choose(ir, s.get()) instanceof KernelChoice.Symbolic(var o, var k)) sources.put(op, k.source());
            });
            return Optional.of(new Probe(twice.sizes(), sources));
        } catch (ShapeError | ProgramFailure | CodegenException e) {
            return Optional.empty();
        }
    }
}
