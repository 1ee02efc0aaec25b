package org.shapeforge.pipeline;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.program.ProgramRun;
import org.shapeforge.codegen.program.RunSides;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.codegen.symbolic.SymbolicSizes;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Program;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.ShapeLogic;
import org.shapeforge.program.dynamic.Facts;
import org.shapeforge.program.dynamic.LoweringCheck;
import org.shapeforge.project.ProgramOperations;
import org.shapeforge.project.ProgramProjections;
import org.shapeforge.project.ProjectionError;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * A tensor program from {@code .shp} text to kernels that ran: parse → specialize → infer
 * (generate, solve, close) → operations → project → lower → run ({@link Stage}). Each stage is a
 * method taking the previous stage's value and returning its own; each is timed and reported to the
 * {@link Trace} once. {@code run}, {@code infer --emit c|cuda}, {@code bench pipeline} and library
 * users drive the same object, so what one sees the others see.
 *
 * <p>The solver is the caller's ({@link ShapeSolver}: the CLI passes {@code Backend.NATIVE}), so
 * the pipeline depends on no solver implementation. Immutable; the stages are pure but for
 * {@link #run} (the compiler's cache) and the trace.
 */
public final class Pipeline {
    private final ShapeSolver solver;
    private final SolveOptions options;
    private final Trace trace;

    private Pipeline(ShapeSolver solver, SolveOptions options, Trace trace) {
        this.solver = Objects.requireNonNull(solver);
        this.options = Objects.requireNonNull(options);
        this.trace = Objects.requireNonNull(trace);
    }

    /** The pipeline over {@code solver} with default options and no trace. */
    public static Pipeline of(ShapeSolver solver) {
        return new Pipeline(solver, SolveOptions.defaults(), Trace.NONE);
    }

    /** This pipeline, solving under {@code options}. */
    public Pipeline withOptions(SolveOptions options) {
        return new Pipeline(solver, options, trace);
    }

    /** This pipeline, reporting each stage to {@code trace}. */
    public Pipeline withTrace(Trace trace) {
        return new Pipeline(solver, options, trace);
    }

    /** {@link Stage#PARSE}: a syntax error is a {@link org.shapeforge.lang.ShapeError} at its {@code file:line:col}. */
    public Program parse(String file, String text) {
        return timed(Stage.PARSE, () -> ProgramParser.parse(file, text), p -> p.statements().size() + " statements");
    }

    /**
     * {@link Stage#SPECIALIZE}: the program at concrete sizes for its {@code dynamic} dims,
     * {@code binds} (NAME → SIZE) first ({@link Sized}); a static program as it is.
     */
    public Sized specialize(Program program, Map<String, Long> binds) {
        return timed(Stage.SPECIALIZE, () -> Specialization.of(program, binds, this::inferQuietly),
                s -> s.dynamic() ? "sizes " + s.sizes() : "static");
    }

    /** {@link Stage#GENERATE}, {@link Stage#SOLVE} and {@link Stage#CLOSE}: shape inference. */
    public Inference infer(Program program) {
        Generated g = timed(Stage.GENERATE, () -> ShapeLogic.generate(program), x -> x.problem().constraints().size() + " constraints");
        Outcome o = timed(Stage.SOLVE, () -> solver.solve(g.problem(), options), x -> solver.name() + ": " + verdict(x));
        return timed(Stage.CLOSE, () -> Inference.of(g, o, options.closing()),
                x -> x.succeeded() ? g.tensors().size() + " tensors" : "no shapes");
    }

    /**
     * {@link Stage#CHECK}, {@link Stage#OPERATIONS} and {@link Stage#PROJECT}. A shape failure, an
     * upper-bound axis that would be lowered (seed 004) or a projection failure is a {@link ProgramFailure}.
     */
    public Projected project(Inference inf) {
        if (inf.failure().isPresent()) {
            var d = inf.failure().get();
            throw new ProgramFailure("shape inference failed: " + d.message() + " (hint: " + d.hint() + ")",
                    d.fileLines().isEmpty() ? "" : d.fileLines().getFirst());
        }
        var refusal = timed(Stage.CHECK, () -> LoweringCheck.first(inf, LoweringCheck.Stage.CODEGEN),
                r -> r.isPresent() ? "refused" : "every extent constant");
        if (refusal.isPresent()) { // seed 004: an upper-bound axis is never lowered (issue 31)
            var r = refusal.get();
            throw new ProgramFailure(r.origin().statement() + " `" + r.origin().text() + "`: " + r.message(), r.origin().fileLine(), r.extent());
        }
        try {
            List<org.shapeforge.project.Operation> ops = timed(Stage.OPERATIONS, () -> ProgramOperations.of(inf.generated()),
                    x -> x.size() + " operations");
            ProgramProjections pp = timed(Stage.PROJECT, () -> ProgramOperations.project(inf, ops),
                    x -> x.operations().size() + " projected");
            return new Projected(inf, ops, pp);
        } catch (ProjectionError e) {
            throw new ProgramFailure("projection inference failed: " + e.getMessage(), "");
        }
    }

    /** {@link Stage#LOWER}: the loop IR of every operation, in program order. */
    public Map<String, Operation> lower(Projected p) {
        return timed(Stage.LOWER, () -> ProgramRun.lower(p.operations(), p.projections()), x -> x.size() + " kernels");
    }

    /**
     * The symbolic sizes the kernels of a program with dynamic dims are generated over, at
     * {@code sized}'s binding ({@link SymbolicSizes}); empty for a static program; without any shape
     * where the unbound program does not infer (every kernel is then specialised, each saying so).
     */
    public Optional<SymbolicSizes> symbolic(Sized sized) {
        if (sized.sizes().isEmpty()) return Optional.empty();
        Inference inf = sized.unboundInference().orElseGet(() -> inferQuietly(sized.unbound()));
        if (!inf.succeeded())
            return Optional.of(new SymbolicSizes(List.copyOf(sized.sizes().keySet()), sized.sizes(), Map.of()));
        return Optional.of(SymbolicSizes.of(inf, Facts.of(sized.unbound()), sized.sizes()));
    }

    /**
     * {@link Stage#RUN}: lowers, compiles (through {@code cc}'s cache) and runs every operation on
     * {@code given} inputs and seeded random ones for the rest, comparing each with the reference;
     * a program with dynamic dims runs its symbolic kernels at {@code sized}'s binding.
     */
    public ProgramRun.Report run(Projected p, Sized sized, Map<String, HostTensor> given, long seed, CCompiler cc,
            ProgramRun.Progress progress) {
        return run(p, sized, given, seed, cc, progress, RunSides.REAL);
    }

    /**
     * As {@link #run(Projected, Sized, Map, long, CCompiler, ProgramRun.Progress)}, with the kernel
     * and reference sides given ({@code RunSides.REAL} but in tests that plant a wrong one).
     */
    public ProgramRun.Report run(Projected p, Sized sized, Map<String, HostTensor> given, long seed, CCompiler cc,
            ProgramRun.Progress progress, RunSides sides) {
        Optional<SymbolicSizes> symbolic = symbolic(sized);
        return timed(Stage.RUN, () -> ProgramRun.run(p.operations(), p.projections(), given, seed, cc, progress, symbolic, sides),
                r -> (r.passed() ? "passed" : "FAILED") + ", " + r.results().size() + " operations");
    }

    /**
     * The kernel of every operation as {@code target} source ({@code infer --emit c|cuda}), in
     * program order: {@code program} at {@code binds} (NAME → SIZE) and its defaults; {@code bound}
     * is {@code program} at its checked binds (itself without). See {@link Emission}.
     */
    public Emitted emit(Program program, Program bound, Map<String, Long> binds, Kernel.Target target) {
        return Emission.of(this, program, bound, binds, target);
    }

    /** {@code .shp} text run end to end at {@code binds}, random inputs from {@code seed}: the library's one call. */
    public ProgramRun.Report run(String file, String text, Map<String, Long> binds, long seed, CCompiler cc) {
        Sized sized = specialize(parse(file, text), binds);
        return run(project(infer(sized.program())), sized, Map.of(), seed, cc, (i, op) -> {});
    }

    /** {@code infer} with the trace off: the inner inferences of {@link #specialize} and {@link #symbolic}. */
    private Inference inferQuietly(Program p) {
        return withTrace(Trace.NONE).infer(p);
    }

    private <T> T timed(Stage stage, Supplier<T> step, Function<T, String> summary) {
        long t0 = System.nanoTime();
        T value = step.get();
        if (trace != Trace.NONE) trace.after(stage, (System.nanoTime() - t0) / 1e6, summary.apply(value));
        return value;
    }

    private static String verdict(Outcome o) {
        return switch (o) {
            case Outcome.Sat s -> "sat";
            case Outcome.Unsat u -> "unsat";
            case Outcome.Unknown u -> "unknown";
        };
    }
}
