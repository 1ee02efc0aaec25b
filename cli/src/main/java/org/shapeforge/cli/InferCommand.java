package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.SourceText;
import org.shapeforge.oracle.Backend;
import org.shapeforge.pipeline.Pipeline;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Origin;
import org.shapeforge.program.Program;
import org.shapeforge.program.ShapeLogic;
import org.shapeforge.program.Solution;
import org.shapeforge.program.TensorShape;
import org.shapeforge.program.dynamic.Facts;
import org.shapeforge.program.dynamic.LoweringCheck;
import org.shapeforge.program.dynamic.Specialise;
import org.shapeforge.project.ProgramOperations;
import org.shapeforge.project.ProgramProjections;
import org.shapeforge.project.ProjectionError;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code shapeforge infer PROGRAM.shp [--json] [--complete] [--emit shc] [--dot] [--svg FILE] [--verified]}: shape inference
 * for a tensor program ({@code programs.md}) with the native solver. Prints every named tensor's
 * shape and the captured labels, or the failure naming the statement, the operation and a hint.
 * With {@code --verified} Z3 solves the same constraints and the agreement is reported.
 * Exit 0 inferred, 1 failed, 2 bad input, 3 unknown, 4 a native/Z3 disagreement (a bug).
 */
@Command(name = "infer", mixinStandardHelpOptions = true,
        description = "Infer the shapes of a tensor program (.shp).")
public final class InferCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "the .shp program")
    Path file;

    @Mixin
    JsonOption json;

    @Mixin
    TraceOption trace;

    @Mixin
    CompleteOption complete;

    @Option(names = "--emit", paramLabel = "FORMAT", description = "print the generated constraints instead: shc")
    String emit;

    @Option(names = "--dot", description = "print the tensor graph as Graphviz DOT, edges labelled with shapes")
    boolean dot;

    @Option(names = "--verified", description = "also solve the constraints with Z3 (flat) and report whether it agrees")
    boolean verified;

    @Option(names = "--svg", paramLabel = "FILE", description = "render the --dot graph to FILE with Graphviz's dot")
    Path svg;

    @Option(names = "--projections", description = "also infer every operation's projections (docs/projections.md)")
    boolean projections;

    @Option(names = "--out", paramLabel = "DIR", description = "with --emit c|cuda: the directory the code is written to")
    Path outDir;

    @Mixin
    TimeoutOption timeout;

    @Mixin
    ClosingOption closing;

    @Option(names = "--bind", paramLabel = "NAME=SIZE", description = "resolve a dynamic dimension to a size (docs/dynamic.md)")
    List<String> binds = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The native solver before its re-check ({@code Backend.NATIVE}; a test plants a wrong one, RecheckOnEveryPathTest). */
    Supplier<ShapeSolver> nativeSolver = Backend.NATIVE::create;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        // every inference of this command goes through the pipeline (docs/architecture.md): the program
        // under the command's options; a --bind check and the C of --emit under the defaults
        var pipeline = ProgramCode.pipeline(nativeSolver.get(), trace.on);
        var solving = pipeline.withOptions(SolveOptions.defaults().withComplete(complete.on).withClosing(closing.policy));
        var program = pipeline.parse(file.toString(), SourceText.read(file));
        if (emit != null) {
            if (emit.equals("c") || emit.equals("cuda"))
                return ProgramCode.emit(pipeline, program, bound(pipeline, program), binds, emit, outDir, json.on, out);
            if (!emit.equals("shc"))
                throw new ShapeError("usage", null, "--emit takes shc, c or cuda (c and cuda with --out DIR)");
            out.print(ShapeLogic.generate(program).shc());
            out.flush();
            return Cli.OK;
        }
        Inference inf = solving.infer(program);
        if (!binds.isEmpty() && !dot && svg == null && !projections && !verified
                && inf.solution() instanceof Solution.Unknown)
            return BindCheck.inferBound(pipeline, program, inf, binds, json.on, out); // bind, then infer (issue 31)
        String agreement = verified ? agreement(inf, program) : null;
        if (svg != null) svg(DynamicView.dot(inf, binds), svg);
        Inference target = inf; // what projections are computed for: the program, or the program at its --bind sizes
        if (!dot && inf.succeeded() && DynamicView.applies(inf, binds)) {
            int refused = DynamicView.refused(inf, json.on, out); // seed 004's consumer contract
            if (refused >= 0) return refused;
            if (!binds.isEmpty()) { // bind, then infer: the bound program is checked like a static one
                var env = BindCheck.env(inf, Facts.of(program), binds);
                var failed = BindCheck.boundFailure(pipeline, program, env);
                if (failed.isPresent()) return BindCheck.printBoundFailure(failed.get(), env, json.on, out);
                if (projections)
                    target = solving.infer(Specialise.of(program, env));
            }
        }
        ProgramProjections pp = null;
        if (projections && inf.succeeded()) {
            int refused = DynamicView.refusedLowering(inf, target, LoweringCheck.Stage.PROJECTIONS,
                    json.on, out);
            if (refused >= 0) return refused;
            try {
                pp = ProgramOperations.project(target);
            } catch (ProjectionError e) {
                return projectionFailure(e, out);
            }
        }
        if (dot) out.print(DynamicView.dot(inf, binds));
        else if (json.on) {
            ObjectNode doc = toJson(inf);
            if (pp != null) doc.set("projections", Cli.JSON.valueToTree(pp.toJson()));
            if (inf.succeeded() && DynamicView.applies(inf, binds)) DynamicView.json(inf, Facts.of(program), binds, doc);
            if (agreement != null) doc.putObject("verified").put("smt", agreement.split(" ")[0])
                    .put("agreement", agreement.substring(agreement.indexOf(' ') + 1));
            out.println(Cli.json(doc));
        } else {
            out.print(inf.succeeded() && DynamicView.applies(inf, binds) ? DynamicView.text(inf, Facts.of(program), binds) : text(inf));
            if (pp != null) pp.operations().forEach((n, p) -> out.println("projections " + n + ": " + p.summary()));
            if (agreement != null) out.println("verified: z3 (flat) " + agreement.replaceFirst(" ", ": "));
        }
        out.flush();
        if (agreement != null && agreement.contains("unsound")) return 4;
        return switch (inf.solution()) {
            case Solution.Solved s -> Cli.OK;
            case Solution.Failed f -> Cli.NEGATIVE;
            case Solution.Unknown u -> 3;
        };
    }

    /**
     * The program at its {@code --bind} sizes ({@link org.shapeforge.program.dynamic.Specialise}), the
     * bindings checked against the equal-dim classes and the facts (exit 2); the program itself without
     * {@code --bind}. A dynamic program's C takes its dynamic dims as parameters ({@link ProgramCode#emit}).
     */
    private Program bound(Pipeline pipeline, Program program) {
        if (binds.isEmpty()) return program;
        Inference inf = pipeline.infer(program);
        if (!inf.succeeded()) return program; // the failure is reported by the code generator's own inference
        var env = BindCheck.env(inf, Facts.of(program), binds);
        return Specialise.of(program, env);
    }

    /** A projection failure (Thm. 7.4): exit 1, the message naming the statement and operation. */
    private int projectionFailure(ProjectionError e, PrintWriter out) {
        if (json.on) {
            ObjectNode doc = Cli.JSON.createObjectNode();
            doc.putObject("tensors");
            doc.putObject("labels");
            doc.putObject("projections");
            ObjectNode n = doc.putObject("failure");
            n.put("kind", "projection").put("message", e.getMessage());
            n.putArray("constraints");
            ArrayNode os = n.putArray("origin");
            e.origin().ifPresent(o -> os.add(o.fileLine()));
            n.putArray("operations").add(e.operation());
            n.put("hint", "projection inference (" + e.kind() + ", Thm. 7.4) rejected this operation; see docs/projections.md");
            out.println(Cli.json(doc));
        } else {
            out.println("fail projection: " + e.getMessage());
        }
        out.flush();
        return Cli.NEGATIVE;
    }

    /**
     * Z3's verdict on the same constraints (flat semantics) and how it relates to the native
     * answer ({@code cli.md}'s agreement classes): {@code "sat agree"}, {@code "sat policy-rejection"}, ...
     */
    private static String agreement(Inference inf, Program program) {
        var problem = inf.generated().problem();
        String smt = switch (Backend.SMT.create().solve(problem, SolveOptions.defaults())) {
            case Outcome.Sat x -> "sat";
            case Outcome.Unsat x -> "unsat";
            case Outcome.Unknown x -> "unknown";
        };
        String nat = switch (inf.solution()) {
            case Solution.Solved x -> "sat";
            case Solution.Failed f -> f.kind();
            case Solution.Unknown x -> "unknown";
        };
        String verdict = switch (nat + "/" + smt) {
            case "sat/sat", "semantic/unsat", "error/unsat", "policy/unsat" -> "agree";
            case "policy/sat" -> "policy-rejection";
            case "error/sat" -> "agree (the constraints are satisfiable; the front end's check refused the program)";
            case "sat/unsat" -> "unsound-accept";
            case "semantic/sat" -> "unsound-reject";
            default -> "unknown";
        };
        return smt + " " + verdict;
    }

    /** Runs Graphviz's {@code dot -Tsvg}; a missing Graphviz is a usage error that says how to install it. */
    static void svg(String dotText, Path target) {
        try {
            Process p = new ProcessBuilder("dot", "-Tsvg", "-o", target.toString()).redirectErrorStream(true).start();
            try (var in = p.getOutputStream()) {
                in.write(dotText.getBytes(StandardCharsets.UTF_8));
            }
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) throw new ShapeError("graphviz", null, "dot failed: " + log.strip());
        } catch (IOException e) {
            throw new ShapeError("graphviz", null, "--svg needs Graphviz's `dot` on the PATH (Debian: apt-get install"
                    + " graphviz); --dot prints the graph as text meanwhile");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ShapeError("graphviz", null, "interrupted while running dot");
        }
    }

    static ObjectNode toJson(Inference inf) {
        ObjectNode doc = Cli.JSON.createObjectNode();
        ObjectNode ts = doc.putObject("tensors");
        for (Map.Entry<String, TensorShape> e : inf.shapes().entrySet()) {
            ObjectNode t = ts.putObject(e.getKey());
            TensorShape s = e.getValue();
            array(t.putArray("batch"), s.batch());
            array(t.putArray("input"), s.input());
            array(t.putArray("output"), s.output());
            t.put("printed", s.printed());
        }
        ObjectNode ls = doc.putObject("labels");
        inf.labels().forEach(ls::put);
        doc.putObject("projections"); // projection inference is a later issue (docs/programs.md)
        var f = inf.failure();
        if (f.isEmpty()) doc.putNull("failure");
        else {
            ObjectNode n = doc.putObject("failure");
            n.put("kind", f.get().kind()).put("message", f.get().message());
            ArrayNode cs = n.putArray("constraints");
            f.get().constraints().forEach(cs::add);
            ArrayNode os = n.putArray("origin");
            f.get().fileLines().forEach(os::add);
            ArrayNode ops = n.putArray("operations");
            for (Origin o : f.get().origins()) ops.add(o.describe());
            n.put("hint", f.get().hint());
        }
        return doc;
    }

    private static void array(ArrayNode a, List<Dim> ds) {
        TensorShape.texts(ds).forEach(a::add);
    }

    static String text(Inference inf) {
        StringBuilder sb = new StringBuilder();
        var f = inf.failure();
        if (f.isEmpty()) {
            int w = inf.shapes().keySet().stream().mapToInt(String::length).max().orElse(1);
            inf.shapes().forEach((n, s) -> sb.append(String.format("%-" + w + "s  %-24s %s%n", n, s.printed(), s.rows())));
            inf.labels().forEach((n, v) -> sb.append("label ").append(n).append(" = ").append(v).append('\n'));
            return sb.toString();
        }
        var d = f.get();
        sb.append("fail ").append(d.kind()).append(": ").append(d.message()).append('\n');
        for (String c : d.constraints()) sb.append("  ").append(c).append('\n');
        sb.append("hint: ").append(d.hint()).append('\n');
        return sb.toString();
    }
}
