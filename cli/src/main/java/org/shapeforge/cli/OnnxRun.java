package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import onnx.Onnx.ModelProto;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.onnx.Model;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.KernelTiming;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Precompile;
import org.shapeforge.onnx.values.NonFinite;
import org.shapeforge.onnx.values.NotExpressible;
import org.shapeforge.onnx.values.OverBudget;
import org.shapeforge.onnx.values.RunInputs;
import org.shapeforge.onnx.values.Value;
import org.shapeforge.onnx.values.fusion.FusionPlan;

/**
 * {@code shapeforge run model.onnx --inputs DIR [--json] [--profile]}: the model's graph inputs bound, in graph
 * order, to {@code DIR/input_k.pb} (TensorProtos, as in ONNX's test data), every node run through
 * generated C ({@link GraphRun}); each graph output printed, and compared with {@code DIR/output_k.pb}
 * where present (normwise relative error within 1e-4). An output that nothing compares fails when
 * it holds NaN or ±∞ although every input was finite, naming the first node that made one
 * ({@link GraphRun.Result#firstNonFinite}). Exit 0 when every output passes, 1 otherwise, 2 for
 * bad input ({@link RunInputs}: a file past the inputs, a wrong name or shape), a node code
 * generation cannot express (refused before anything is compiled), or a tensor past the memory
 * budget ({@link OverBudget}; {@code --max-memory}).
 */
final class OnnxRun {
    private OnnxRun() {}

    /** How many timed runs {@code --profile} takes the medians of. */
    static final int PROFILED_RUNS = 7;

    /** {@code maxMemory}: the {@code --max-memory} option as given ({@code 8G}, {@code 512M}, bytes), null for the default. */
    static int call(Path model, Path dir, boolean json, String maxMemory, PrintWriter out) {
        return call(model, dir, json, maxMemory, false, false, out);
    }

    /**
     * With {@code profile}, the model runs once to compile every kernel, then {@link #PROFILED_RUNS}
     * times with each kernel's time recorded ({@link Kernels#profile}); the outputs are the last
     * run's, followed by the table of medians ({@link ProfileTable}). {@code fusion}: also print the
     * graph's fusion plan ({@code --fusion}, issue 29; {@link FusionReport}).
     */
    static int call(Path model, Path dir, boolean json, String maxMemory, boolean profile, boolean fusion, PrintWriter out) {
        String file = model.toString();
        try {
            long budget = maxMemory == null ? Kernels.defaultBudget() : size(maxMemory);
            if (dir == null) throw new ShapeError("usage", new Span(file, 0, 0), file
                    + ": a model needs --inputs DIR (a folder of input_k.pb TensorProtos, optionally output_k.pb to compare with)");
            if (!Files.isDirectory(dir)) throw new ShapeError("io", new Span(dir.toString(), 0, 0), dir + ": not a directory");
            ModelProto m = Model.load(model);
            ModelValidity.rules(m, model);
            Map<String, Value> given = RunInputs.read(m, dir);
            var refused = ModelValidity.refusal(m, model, dir, json, out);
            if (refused.isPresent()) return refused.getAsInt();
            boolean finiteInputs = given.values().stream().allMatch(v -> NonFinite.count(v.data()) == 0);
            Kernels kernels = Kernels.system(budget);
            kernels.cCompiler().ifPresent(cc -> Precompile.run(m, given, cc, budget, Runtime.getRuntime().availableProcessors()));
            GraphRun.Result r = GraphRun.execute(m, given, kernels);
            List<List<KernelTiming>> timed = new ArrayList<>();
            for (int i = 0; profile && i < PROFILED_RUNS; i++) {
                kernels.profile();
                r = GraphRun.execute(m, given, kernels);
                timed.add(kernels.timings());
            }
            List<GraphRun.Output> outs = GraphRun.compare(m, r.outputs(), dir);
            Optional<NonFinite> first = finiteInputs ? r.firstNonFinite() : Optional.empty();
            boolean passed = outs.stream().allMatch(o -> o.passed() && !flagged(o, finiteInputs));
            FusionPlan plan = fusion ? FusionPlan.of(m.getGraph()) : null;
            if (plan != null && !json) FusionReport.text(plan, out);
            print(outs, kernels, profile ? kernels.timings().size() : kernels.runs(), plan, passed, finiteInputs, first, json, out);
            if (profile) ProfileTable.print(timed, out);
            return passed ? Cli.OK : Cli.NEGATIVE;
        } catch (OverBudget | NotExpressible | CodegenException | IllegalArgumentException e) {
            throw failure(file, e);
        }
    }

    /**
     * A model run's failure as the command's error document: bad input data, a tensor past the
     * memory budget, an op with no lowering, a code-generation error, or a malformed model (the
     * kinds {@code run MODEL.onnx} reports, whatever the target).
     */
    static ShapeError failure(String file, RuntimeException e) {
        return switch (e) {
            case RunInputs.Bad b -> new ShapeError("input", new Span(b.file().toString(), 0, 0), b.getMessage());
            case OverBudget o -> new ShapeError("memory", new Span(file, 0, 0), file + ": " + o.getMessage());
            case NotExpressible n -> new ShapeError("unsupported", new Span(file, 0, 0), file + ": " + n.getMessage());
            case CodegenException c -> new ShapeError("codegen", new Span(file, 0, 0), c.getMessage());
            default -> new ShapeError("onnx", new Span(file, 0, 0), file + ": " + e.getMessage());
        };
    }

    /** An output nothing compares that holds NaN or ±∞ computed from finite inputs. */
    private static boolean flagged(GraphRun.Output o, boolean finiteInputs) {
        return finiteInputs && !o.compared() && NonFinite.count(o.value().data()) > 0;
    }

    /** {@code --max-memory}: bytes, or a number with K, M, G or T (powers of 1024; an optional trailing B or iB). */
    static long size(String s) {
        Matcher mt = Pattern.compile("(?i)\\s*(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(i?b)?\\s*").matcher(s);
        if (!mt.matches())
            throw new ShapeError("usage", new Span("--max-memory", 0, 0), "--max-memory '" + s + "': expected bytes or a size such as 512M, 8G");
        int shift = switch (mt.group(2).toUpperCase()) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            case "T" -> 40;
            default -> 0;
        };
        double bytes = Double.parseDouble(mt.group(1)) * (1L << shift);
        if (bytes < 1 || bytes >= Long.MAX_VALUE)
            throw new ShapeError("usage", new Span("--max-memory", 0, 0), "--max-memory '" + s + "': out of range");
        return (long) bytes;
    }

    private static void print(List<GraphRun.Output> outs, Kernels k, int kernels, FusionPlan plan, boolean passed, boolean finiteInputs,
                              Optional<NonFinite> first, boolean json, PrintWriter out) {
        if (json) {
            ObjectNode doc = Cli.JSON.createObjectNode();
            doc.put("kernels", kernels).put("tolerance", GraphRun.TOLERANCE).put("passed", passed);
            FusionReport.json(k, plan, doc);
            if (first.isPresent()) {
                NonFinite f = first.get();
                doc.putObject("firstNonFinite").put("node", f.node()).put("op", f.op()).put("output", f.output())
                        .put("count", f.count()).put("size", f.size());
            }
            ObjectNode os = doc.putObject("outputs");
            for (GraphRun.Output o : outs) {
                ObjectNode n = os.putObject(o.name());
                ArrayNode d = n.putArray("dims");
                o.value().dims().forEach(d::add);
                ArrayNode v = n.putArray("values");
                for (double x : o.value().data()) v.add(x);
                n.put("nonFinite", NonFinite.count(o.value().data()));
                if (o.compared()) n.put("maxAbs", o.maxAbs()).put("maxRel", o.maxRel()).put("tolerance", o.tolerance()).put("passed", o.passed());
                else if (flagged(o, finiteInputs)) n.put("passed", false);
            }
            out.println(Cli.json(doc));
        } else {
            for (GraphRun.Output o : outs) {
                out.print(o.name() + " " + o.value().dims().toString().replace(" ", "") + ": " + preview(o.value().data()));
                if (o.compared())
                    out.printf("   max abs %.3e, max rel %.3e%s  %s", o.maxAbs(), o.maxRel(), o.tolerance() == 0 ? " (exact)" : "", o.passed() ? "ok"
                            : "FAIL" + (o.expectedDims().equals(o.value().dims()) ? "" : " (expected dims " + o.expectedDims() + ")"));
                else if (flagged(o, finiteInputs))
                    out.printf("   FAIL: %d of %d values NaN or ±∞ from finite inputs", NonFinite.count(o.value().data()), o.value().data().length);
                out.println();
            }
            if (outs.stream().anyMatch(o -> NonFinite.count(o.value().data()) > 0))
                first.ifPresent(f -> out.println("first non-finite value: " + f.describe()));
            long compared = outs.stream().filter(GraphRun.Output::compared).count();
            out.println(kernels + " kernels run through generated C (" + FusionReport.line(k) + ")" + (compared == 0 ? "; no output_k.pb to compare with"
                    + (passed ? "" : "; FAILED: non-finite outputs from finite inputs")
                    : (passed ? "; passed: " : "; FAILED: ") + outs.stream().filter(o -> o.compared() && o.passed()).count() + "/"
                    + compared + " outputs within " + GraphRun.TOLERANCE + " relative error (integers exactly)"));
        }
        out.flush();
    }

    private static String preview(double[] v) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < Math.min(v.length, 8); i++) sb.append(i == 0 ? "" : ", ").append(String.format("%.6g", v[i]));
        return sb.append(v.length > 8 ? ", … (" + v.length + " values)]" : "]").toString();
    }
}
