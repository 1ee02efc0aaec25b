package org.shapeforge.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.shapeforge.codegen.program.ProgramRun;
import org.shapeforge.codegen.program.RunSides;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.codegen.symbolic.GuardFailure;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.SourceText;
import org.shapeforge.lang.Span;
import org.shapeforge.oracle.Backend;
import org.shapeforge.pipeline.Pipeline;
import org.shapeforge.pipeline.ProgramFailure;
import org.shapeforge.pipeline.Projected;
import org.shapeforge.pipeline.Sized;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code shapeforge run PROGRAM.shp [--inputs FILE] [--seed S] [--bind NAME=SIZE] [--json]}: infers shapes and
 * projections, generates C for every operation, compiles it (gcc, cached), runs it on seeded
 * random (or given) inputs and compares with the reference interpreter ({@link ProgramRun}).
 * Dynamic dims get concrete sizes first ({@link Pipeline#specialize}). On a terminal, stderr shows which operation is running.
 * Exit 0 when every operation is within 1e-5 relative error, 1 otherwise (or when the program does
 * not infer), 2 for bad input or an operation code generation cannot express. A {@code model.onnx}
 * runs through {@link OnnxRun} instead.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Infer, generate C, compile, run every operation and compare with the reference.")
public final class RunCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "the .shp program, or an ONNX model.onnx (see --inputs)")
    Path file;

    @Option(names = "--inputs", paramLabel = "FILE",
            description = "JSON object: tensor name → flat row-major array of numbers (others are random); for a model.onnx: a"
                    + " folder of input_k.pb TensorProtos (and output_k.pb to compare with)")
    Path inputs;

    @Option(names = "--seed", paramLabel = "S", description = "seed of the random inputs (default 1)")
    long seed = 1;

    @Option(names = "--bind", paramLabel = "NAME=SIZE",
            description = "size of a dynamic dimension (default: its first likely value, else the smallest its facts allow)")
    List<String> binds = new ArrayList<>();

    @Mixin
    TimeoutOption timeout;

    @Mixin
    ClosingOption closing;

    @Mixin
    JsonOption json;

    @Mixin
    TraceOption trace;

    @Option(names = "--max-memory", paramLabel = "SIZE",
            description = "for a model.onnx: the most memory one kernel or tensor may take (bytes, or e.g. 512M, 8G;"
                    + " default 4G or half the JVM's heap, whichever is less)")
    String maxMemory;

    @Option(names = "--profile", description = "for a model.onnx: run it twice and print each kernel's time in the second run,"
            + " slowest first (GFLOP/s for contractions)")
    boolean profile;

    @Option(names = "--fusion", description = "for a model.onnx: print the fusion plan, the groups of nodes run as one kernel (issue 29)")
    boolean fusion;

    @Mixin
    TargetOption target;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The kernel and reference sides compared ({@link RunSides#REAL}; a test plants a wrong one, RunPlantedMismatchTest). */
    RunSides sides = RunSides.REAL;

    /** The native solver before its re-check ({@code Backend.NATIVE}; a test plants a wrong one, RecheckOnEveryPathTest). */
    Supplier<ShapeSolver> nativeSolver = Backend.NATIVE::create;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (file.getFileName() != null && file.getFileName().toString().endsWith(".onnx"))
            return target.target == TargetOption.Target.CUDA ? OnnxCudaRun.call(file, inputs, json.on, maxMemory, out)
                    : OnnxRun.call(file, inputs, json.on, maxMemory, profile, fusion, out);
        if (target.target == TargetOption.Target.CUDA) throw new ShapeError("usage", new Span(file.toString(), 0, 0),
                "--target cuda runs a model.onnx; for a .shp program, 'infer --emit cuda' prints the generated CUDA");
        try {
            Pipeline pipeline = ProgramCode.pipeline(nativeSolver.get(), trace.on)
                    .withOptions(SolveOptions.defaults().withClosing(closing.policy));
            Sized sized = pipeline.specialize(pipeline.parse(file.toString(), SourceText.read(file)), BindOptions.parse(binds));
            Map<String, HostTensor> given = inputs == null ? Map.of() : readInputs(inputs);
            Projected p = pipeline.project(pipeline.infer(sized.program()));
            if (inputs != null) known(given.keySet(), p, inputs);
            ProgramRun.Report r;
            boolean terminal = System.console() != null && System.console().isTerminal();
            try {
                r = pipeline.run(p, sized, given, seed, CCompiler.system(), terminal ? progress(p.operations().size()) : (i, op) -> {},
                        sides);
            } finally {
                if (terminal) System.err.print("\r\033[K");
            }
            print(r, sized, out);
            return r.passed() ? Cli.OK : Cli.NEGATIVE;
        } catch (ProgramFailure f) {
            return failure(f, json.on, out);
        } catch (CodegenException e) {
            throw new ShapeError("codegen", new Span(file.toString(), 0, 0), e.getMessage());
        } catch (GuardFailure g) { // a kernel's entry guard refused the sizes (the --bind check refuses them first)
            throw new ShapeError("codegen", new Span(file.toString(), 0, 0), g.getMessage());
        }
    }

    /**
     * A progress line on stderr, rewritten before each operation (the operation, its origin, its
     * position and the time so far), only on a terminal (as {@link FuzzCommand}): never in stdout,
     * so {@code --json} stays one document.
     */
    private static ProgramRun.Progress progress(int total) {
        long t0 = System.nanoTime();
        return (i, op) -> {
            System.err.printf("\r\033[K[run] %d/%d %s (%s), %.1f s", i + 1, total, op.label(), shortOrigin(op.origin().fileLine()),
                    (System.nanoTime() - t0) / 1e9);
            System.err.flush();
        };
    }

    static int failure(ProgramFailure f, boolean json, PrintWriter out) {
        if (json) {
            ObjectNode doc = Cli.JSON.createObjectNode();
            ObjectNode n = doc.putObject("failure");
            n.put("kind", f.extent().isPresent() ? "extent" : "program").put("message", f.getMessage());
            ArrayNode os = n.putArray("origin");
            if (!f.origin().isEmpty()) os.add(f.origin());
            f.extent().ifPresent(e -> n.putObject("extent").put("op", e.op()).put("field", e.field())
                    .put("observed", e.observed()).put("extent", e.extent()));
            out.println(Cli.json(doc));
        } else {
            out.println("fail: " + f.getMessage());
        }
        out.flush();
        return Cli.NEGATIVE;
    }

    private void print(ProgramRun.Report r, Sized sized, PrintWriter out) {
        if (json.on) {
            ObjectNode doc = Cli.JSON.createObjectNode();
            doc.put("seed", r.seed()).put("tolerance", r.tolerance()).put("passed", r.passed());
            ObjectNode sizes = doc.putObject("sizes");
            sized.sizes().forEach(sizes::put);
            ObjectNode why = doc.putObject("sizeChoices"); // per equal-dim class: why each size (pipeline Specialization)
            sized.why().forEach(why::put);
            ArrayNode ks = doc.putArray("kernels"); // symbolic (sizes as parameters) or specialised, and why
            r.kernels().forEach(k -> ks.addObject().put("operation", k.operation()).put("symbolic", k.symbolic()).put("note", k.note()));
            ArrayNode gen = doc.putArray("randomInputs");
            r.generatedInputs().forEach(gen::add);
            ArrayNode ops = doc.putArray("operations");
            for (ProgramRun.Result x : r.results()) {
                ObjectNode o = ops.addObject();
                o.put("operation", x.operation()).put("tensor", x.tensor()).put("origin", x.origin());
                ArrayNode d = o.putArray("dims");
                x.dims().forEach(d::add);
                o.put("maxAbs", x.maxAbs()).put("maxRel", x.maxRel()).put("passed", x.passed());
            }
            out.println(Cli.json(doc));
        } else {
            if (!sized.sizes().isEmpty()) {
                List<String> parts = new ArrayList<>();
                sized.sizes().forEach((n, v) -> parts.add(n + "=" + v + " (" + sized.why().get(n) + ")"));
                out.println("dynamic sizes: " + String.join(", ", parts));
                out.println(KernelSummary.line(r.kernels()));
            }
            int w = r.results().stream().mapToInt(x -> x.operation().length()).max().orElse(4);
            out.printf("%-" + w + "s  %-16s %-18s %12s %12s%n", "op", "origin", "dims", "max abs", "max rel");
            for (ProgramRun.Result x : r.results())
                out.printf("%-" + w + "s  %-16s %-18s %12.3e %12.3e  %s%n", x.operation(), shortOrigin(x.origin()),
                        x.dims().toString().replace(" ", ""), x.maxAbs(), x.maxRel(), x.passed() ? "ok" : "FAIL");
            long bad = r.results().stream().filter(x -> !x.passed()).count();
            out.println((bad == 0 ? "passed: " : "FAILED: ") + (r.results().size() - bad) + "/" + r.results().size()
                    + " operations within " + r.tolerance() + " relative error of the reference (seed " + r.seed()
                    + "; random inputs: " + String.join(", ", r.generatedInputs()) + ")");
        }
        out.flush();
    }

    private static String shortOrigin(String o) {
        int slash = o.lastIndexOf('/');
        return slash < 0 ? o : o.substring(slash + 1);
    }

    /**
     * Every tensor {@code --inputs} names is one the program has (an operation's operand or
     * result); else an {@code input} error (exit 2) naming it and the program's nearest names, not
     * a run on random values in its place.
     */
    private static void known(Set<String> given, Projected p, Path f) {
        Set<String> names = new TreeSet<>();
        for (var op : p.operations()) {
            names.add(op.lhs().name());
            op.rhs().forEach(t -> names.add(t.name()));
        }
        for (String g : given)
            if (!names.contains(g))
                throw new ShapeError("input", new Span(f.toString(), 0, 0), f + ": tensor '" + g + "' is not in the program (nearest: "
                        + String.join(", ", NearestNames.of(g, names, 3)) + ")");
    }

    private static Map<String, HostTensor> readInputs(Path f) {
        JsonNode doc;
        try {
            doc = Cli.JSON.readTree(SourceText.read(f));
        } catch (JsonProcessingException e) {
            throw new ShapeError("io", new Span(f.toString(), 0, 0), f + ": not JSON (" + e.getOriginalMessage() + ")");
        }
        if (doc == null || !doc.isObject())
            throw new ShapeError("io", new Span(f.toString(), 0, 0), f + ": expected a JSON object {\"x\": [1, 2, ...]}");
        Map<String, HostTensor> out = new LinkedHashMap<>();
        for (var it = doc.properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (!e.getValue().isArray())
                throw new ShapeError("io", new Span(f.toString(), 0, 0), f + ": " + e.getKey() + " must be a flat array of numbers");
            List<Double> xs = new ArrayList<>();
            for (JsonNode v : e.getValue()) {
                if (!v.isNumber())
                    throw new ShapeError("io", new Span(f.toString(), 0, 0), f + ": " + e.getKey() + " holds a non-number " + v);
                xs.add((double) (float) v.asDouble());
            }
            out.put(e.getKey(), new HostTensor(List.of(xs.size()), xs.stream().mapToDouble(Double::doubleValue).toArray()));
        }
        return out;
    }
}
