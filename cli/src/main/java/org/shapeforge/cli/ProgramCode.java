package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.shapeforge.lang.Span;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Program;
import org.shapeforge.project.ProgramOperations;
import org.shapeforge.project.ProgramProjections;
import org.shapeforge.project.ProjectionError;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * The program → code path shared by {@code infer --emit c|cuda --out DIR} and {@code run}: infer
 * shapes, build the operations ({@link ProgramOperations}), project them, lower them to the loop
 * IR. Every failure on the way is a user error naming the statement (exit 1 for a program that
 * does not infer or project, 2 for code generation that cannot express an operation).
 */
final class ProgramCode {
    private ProgramCode() {}

    /** A solved, projected program; or the CLI exit code of why not (already printed). */
    record Projected(Inference inference, List<org.shapeforge.project.Operation> operations, ProgramProjections projections) {}

    /** Infers and projects; a shape or projection failure is a {@link ShapeError} "fail …" with exit code 1. */
    static Projected project(Program program) {
        Inference inf = Inference.run(program, new NativeSolver(), SolveOptions.defaults());
        if (inf.failure().isPresent()) {
            var d = inf.failure().get();
            throw new Failure("shape inference failed: " + d.message() + " (hint: " + d.hint() + ")",
                    d.fileLines().isEmpty() ? "" : d.fileLines().getFirst());
        }
        var refusal = org.shapeforge.program.dynamic.LoweringCheck.first(inf, org.shapeforge.program.dynamic.LoweringCheck.Stage.CODEGEN);
        if (refusal.isPresent()) { // seed 004: an upper-bound axis is never lowered (issue 31)
            var r = refusal.get();
            throw new Failure(r.origin().statement() + " `" + r.origin().text() + "`: " + r.message(), r.origin().fileLine(), r.extent());
        }
        try {
            List<org.shapeforge.project.Operation> ops = ProgramOperations.of(inf.generated()); // built once
            return new Projected(inf, ops, ProgramOperations.project(inf, ops));
        } catch (ProjectionError e) {
            throw new Failure("projection inference failed: " + e.getMessage(), "");
        }
    }

    /**
     * The symbolic sizes of a program with dynamic dims at {@code sized}'s binding (what its kernels
     * are generated over, {@link SymbolicSizes}); empty for a program without dynamic dims; without
     * any shape where the unbound program's inference does not succeed (its kernels are then
     * specialised at the binding, each with that reason).
     */
    static Optional<SymbolicSizes> symbolic(Program unbound, RunSizes.Resolved sized) {
        if (sized.sizes().isEmpty()) return Optional.empty();
        Inference inf = Inference.run(unbound, new NativeSolver(), SolveOptions.defaults());
        if (!inf.succeeded()) // no symbolic shapes: every kernel is specialised, each saying so
            return Optional.of(new SymbolicSizes(List.copyOf(sized.sizes().keySet()), sized.sizes(), Map.of()));
        return Optional.of(SymbolicSizes.of(inf, sized.sizes()));
    }

    /** The symbolic kernels' sources at a second binding ({@link #probe}). */
    private record Probe(Map<String, Long> sizes, Map<String, String> sources) {}

    /**
     * The symbolic C of every operation at a second binding, every dynamic dim at twice its size in
     * {@code sized}: a file {@code infer --emit c} writes serves every binding only where the two
     * agree. Empty where the doubled sizes break a fact or the program at them does not lower.
     */
    private static Optional<Probe> probe(Program unbound, RunSizes.Resolved sized) {
        List<String> binds = new java.util.ArrayList<>();
        sized.sizes().forEach((n, v) -> binds.add(n + "=" + 2 * v));
        try {
            RunSizes.Resolved twice = RunSizes.resolve(unbound, binds);
            Projected p = project(twice.program());
            Optional<SymbolicSizes> s = symbolic(unbound, twice);
            if (s.isEmpty()) return Optional.empty();
            Map<String, String> sources = new java.util.LinkedHashMap<>();
            ProgramRun.lower(p.operations(), p.projections()).forEach((op, ir) -> {
                if (SymbolicKernel.choose(ir, s.get()) instanceof KernelChoice.Symbolic(var o, var k)) sources.put(op, k.source());
            });
            return Optional.of(new Probe(twice.sizes(), sources));
        } catch (ShapeError | Failure | CodegenException e) {
            return Optional.empty();
        }
    }

    /** A negative verdict on the program itself (exit 1). */
    static final class Failure extends RuntimeException {
        final String origin;
        /** Seed 004's structured error when a later stage cannot take an extent (op, field, observed, extent). */
        final java.util.Optional<org.shapeforge.program.dynamic.ExtentError> extent;

        Failure(String message, String origin) {
            this(message, origin, java.util.Optional.empty());
        }

        Failure(String message, String origin, java.util.Optional<org.shapeforge.program.dynamic.ExtentError> extent) {
            super(message);
            this.origin = origin;
            this.extent = extent;
        }
    }

    /**
     * {@code infer --emit c|cuda --out DIR}: one file per operation. A program with dynamic dims is
     * lowered at its {@code --bind} sizes, else at {@code run}'s defaults ({@link RunSizes}), and its
     * C kernels take the dynamic dims as parameters ({@link SymbolicKernel}: the same file at every
     * binding); an operation that cannot be symbolic, and every CUDA kernel, is written at those
     * sizes, the reason printed. {@code bound} is {@code program} at its checked {@code --bind}
     * sizes (itself without); a static program's code is unchanged.
     */
    static int emit(Program program, Program bound, List<String> binds, String target, Path out, boolean json, PrintWriter w) {
        if (out == null) throw new ShapeError("usage", Span.NONE, "--emit " + target + " writes files: give --out DIR");
        try {
            RunSizes.Resolved sized = RunSizes.resolve(program, binds);
            Projected p = project(sized.sizes().isEmpty() ? bound : sized.program());
            Optional<SymbolicSizes> symbolic = symbolic(program, sized);
            Map<String, Operation> ir = ProgramRun.lower(p.operations(), p.projections());
            Optional<Probe> probe = symbolic.isPresent() && target.equals("c") ? probe(program, sized) : Optional.empty();
            Files.createDirectories(out);
            ObjectNode doc = Cli.JSON.createObjectNode();
            ArrayNode files = doc.putArray("files");
            ArrayNode kernels = doc.putArray("kernels");
            List<ProgramRun.KernelUse> uses = new java.util.ArrayList<>();
            Map<String, KernelChoice> choices = new java.util.LinkedHashMap<>();
            for (var e : ir.entrySet()) {
                KernelChoice c = symbolic.isEmpty() ? new KernelChoice.Specialised(e.getValue(), "static")
                        : target.equals("c") ? SymbolicKernel.choose(e.getValue(), symbolic.get())
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
                project(bound);
            for (var e : choices.entrySet()) {
                KernelChoice c = e.getValue();
                String src = switch (c) {
                    case KernelChoice.Symbolic(var o, var k) -> k.source();
                    case KernelChoice.Specialised(var o, var why) ->
                            target.equals("c") ? new CEmitter(o).source() : new CudaEmitter(o).source();
                };
                ProgramRun.KernelUse use = switch (c) {
                    case KernelChoice.Symbolic(var o, var k) -> new ProgramRun.KernelUse(e.getKey(), true, "sizes " + k.params());
                    case KernelChoice.Specialised(var o, var why) -> new ProgramRun.KernelUse(e.getKey(), false, why);
                };
                uses.add(use);
                kernels.addObject().put("operation", use.operation()).put("symbolic", use.symbolic()).put("note", use.note());
                Path f = out.resolve(e.getKey().replaceAll("[^A-Za-z0-9_]", "_") + (target.equals("c") ? ".c" : ".cu"));
                Files.writeString(f, src);
                files.add(f.toString());
                if (!json) w.println("wrote " + f + "  (" + e.getKey() + ")");
            }
            if (!json && symbolic.isPresent()) w.println(KernelSummary.line(uses));
            if (json) w.println(Cli.json(doc));
            w.flush();
            return Cli.OK;
        } catch (CodegenException e) {
            throw new ShapeError("codegen", Span.NONE, e.getMessage());
        } catch (Failure f) {
            return RunCommand.failure(f, json, w);
        } catch (IOException e) {
            throw new ShapeError("io", new Span(out.toString(), 0, 0), "cannot write " + out + ": " + e.getMessage());
        }
    }
}
