package org.shapeforge.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.onnx.Imported;
import org.shapeforge.onnx.Importer;
import org.shapeforge.onnx.InferredDim;
import org.shapeforge.onnx.Model;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.NotExpressible;
import org.shapeforge.onnx.values.Value;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * The corpus of real exported networks (issue 32; {@code scripts/export-models.py} writes it):
 * per model folder ({@code model.onnx}, {@code test_data_set_0/}, {@code onnx_shapes.json}), the
 * model is imported as {@code import} does — without binding the test case, every dim_param
 * symbolic — and timed in-process; every value's shape is compared with ONNX's
 * ({@link ShapeAgreement}); then, unless values are off, the model runs through generated C as
 * {@code run model.onnx --inputs test_data_set_0} does and its outputs are compared with torch's.
 * A model that fails to load, import or run is a row with the error, never an exception.
 */
final class ModelCorpus {
    private ModelCorpus() {}

    /** How many values each verdict got (initializers are not values here). */
    record Counts(int agree, int oursOnly, int theirsOnly, int disagree, int unchecked) {
        int total() {
            return agree + oursOnly + theirsOnly + disagree + unchecked;
        }
    }

    /** The values run: passed or failed with the largest relative error, refused (naming the node or op), or not asked for. */
    sealed interface Run {
        record Passed(double maxRel) implements Run {}

        record Failed(double maxRel, String message) implements Run {}

        record Refused(String message) implements Run {}

        record Skipped() implements Run {}
    }

    /**
     * One model's row. {@code importFailure} is empty when the import succeeded (then every value
     * has our shape); {@code importExit}: the exit status {@code import} gives it (0 answered, 1 a
     * proven error, 2 bad input, 3 no proof, 4 internal); {@code examples}: the first few
     * disagreeing or unchecked values with why; {@code peers}: the values against ORT's symbolic
     * inference and ONNX's at the test point.
     */
    record Row(String model, int nodes, double importMs, double onnxMs, String importFailure, int importExit, Counts counts,
               List<String> examples, Run run, PeerCounts peers) {
        Row {
            examples = List.copyOf(examples);
        }

        boolean imported() {
            return importFailure.isEmpty();
        }

        /** Imported, no value disagreeing or known to ONNX only, and the run (when asked for) passed. */
        boolean passed() {
            return imported() && counts.disagree() == 0 && counts.theirsOnly() == 0
                    && (run instanceof Run.Passed || run instanceof Run.Skipped);
        }
    }

    static final int EXAMPLES = 3;

    /** The model folders under {@code root} (each with model.onnx and onnx_shapes.json), sorted by name. */
    static List<Path> models(Path root) throws IOException {
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(d -> Files.isRegularFile(d.resolve("model.onnx")) && Files.isRegularFile(d.resolve("onnx_shapes.json")))
                    .sorted().toList();
        }
    }

    /** One model; {@code kernels} null: no values run; ORT's column not asked for. */
    static Row run(Path dir, ShapeSolver solver, Kernels kernels) {
        return run(dir, solver, kernels, new OrtShapes.Skipped("not asked for"));
    }

    /** One model, with ORT's answers for the corpus ({@link OrtShapes#run}). */
    static Row run(Path dir, ShapeSolver solver, Kernels kernels, OrtShapes ort) {
        String name = dir.getFileName().toString();
        ReferenceShapes ref;
        ModelProto m;
        try {
            ref = ReferenceShapes.read(dir.resolve("onnx_shapes.json"));
            m = Model.load(dir.resolve("model.onnx"));
        } catch (ShapeError e) {
            return new Row(name, 0, Double.NaN, Double.NaN, firstLine(e.getMessage()), Cli.BAD_INPUT, new Counts(0, 0, 0, 0, 0),
                    List.of(), new Run.Refused("not loaded"), new PeerCounts(0, 0, new PeerCounts.Column.Missing("not loaded"), 0, 0, 0,
                    Optional.empty(), List.of()));
        }
        long start = System.nanoTime();
        ImportResult r;
        String failure;
        int exit;
        try {
            Imported im = Importer.translate(m, dir.resolve("model.onnx").toString(), Map.of(), solver);
            r = im.solve(solver, SolveOptions.defaults());
            failure = r.succeeded() ? "" : r.failure().kind() + ": " + firstLine(r.failure().brief());
            exit = r.succeeded() ? Cli.OK : ImportCommand.exit(r.failure());
        } catch (ShapeError e) {
            r = null;
            failure = e.code() + ": " + firstLine(e.getMessage());
            exit = Cli.BAD_INPUT;
        } catch (RuntimeException | StackOverflowError e) {
            r = null;
            failure = "internal error: " + firstLine(String.valueOf(e));
            exit = Cli.INTERNAL;
        }
        double importMs = (System.nanoTime() - start) / 1e6;
        Map<String, List<InferredDim>> ours = r != null && r.succeeded() ? r.values() : Map.of();
        List<String> examples = new ArrayList<>();
        Counts counts = compare(m, ours, ref, examples);
        Run run = kernels == null ? new Run.Skipped() : values(m, dir.resolve("test_data_set_0"), kernels);
        PeerCounts peers = PeerCounts.of(m, ours, r != null && r.succeeded() ? r.gaps() : List.of(), ref, ort, name);
        return new Row(name, m.getGraph().getNodeCount(), importMs, ref.inferMs(), failure, exit, counts, examples, run, peers);
    }

    /** Every value either side shapes, initializers aside, by verdict; the first disagreements (then unchecked) into {@code examples}. */
    static Counts compare(ModelProto m, Map<String, List<InferredDim>> ours, ReferenceShapes ref, List<String> examples) {
        Set<String> inits = new LinkedHashSet<>();
        for (TensorProto t : m.getGraph().getInitializerList()) inits.add(t.getName());
        Set<String> names = new LinkedHashSet<>(); // graph order: the first disagreement is nearest its cause
        m.getGraph().getInputList().forEach(v -> names.add(v.getName()));
        m.getGraph().getNodeList().forEach(nd -> names.addAll(nd.getOutputList()));
        names.addAll(ref.values().keySet());
        names.addAll(ours.keySet());
        names.remove("");
        names.removeAll(inits);
        int[] n = new int[ShapeAgreement.Verdict.values().length];
        List<String> unchecked = new ArrayList<>();
        for (String v : names) {
            List<InferredDim> o = ours.get(v);
            List<ReferenceShapes.Dim> t = ref.values().get(v);
            if (o == null && t == null) continue; // a value neither side shapes (ONNX gives it no shape, import failed)
            ShapeAgreement.Result res = ShapeAgreement.compare(v, o, t, ref);
            n[res.verdict().ordinal()]++;
            String line = v + ": ours " + ShapeAgreement.printed(o) + ", ONNX " + ShapeAgreement.show(t) + " — " + res.reason();
            if (res.verdict() == ShapeAgreement.Verdict.DISAGREE && examples.size() < EXAMPLES) examples.add("disagree " + line);
            if (res.verdict() == ShapeAgreement.Verdict.UNCHECKED && unchecked.size() < EXAMPLES) unchecked.add("unchecked " + line);
        }
        for (String u : unchecked) if (examples.size() < EXAMPLES) examples.add(u);
        return new Counts(n[ShapeAgreement.Verdict.AGREE.ordinal()], n[ShapeAgreement.Verdict.OURS_ONLY.ordinal()],
                n[ShapeAgreement.Verdict.THEIRS_ONLY.ordinal()], n[ShapeAgreement.Verdict.DISAGREE.ordinal()],
                n[ShapeAgreement.Verdict.UNCHECKED.ordinal()]);
    }

    /** The model through generated C on {@code input_k.pb}, compared with {@code output_k.pb}; an op without a lowering refuses before anything compiles. */
    static Run values(ModelProto m, Path data, Kernels kernels) {
        List<String> unlowered = GraphRun.unlowered(m);
        if (!unlowered.isEmpty()) return new Run.Refused("no lowering for " + String.join(", ", unlowered));
        try {
            Map<String, Value> given = GraphRun.readInputs(m, data);
            for (String in : GraphRun.inputs(m))
                if (!given.containsKey(in)) return new Run.Refused("graph input '" + in + "' has no input_k.pb in " + data);
            List<GraphRun.Output> outs = GraphRun.compare(m, GraphRun.run(m, given, kernels), data);
            double maxRel = 0;
            List<String> bad = new ArrayList<>();
            for (GraphRun.Output o : outs) {
                if (!o.compared()) continue;
                maxRel = Double.isNaN(o.maxRel()) || o.maxRel() > maxRel ? o.maxRel() : maxRel;
                if (!o.passed()) {
                    long nonFinite = Arrays.stream(o.value().data()).filter(x -> !Double.isFinite(x)).count();
                    bad.add(o.name() + (!o.expectedDims().equals(o.value().dims()) ? " dims " + o.value().dims() + ", expected "
                            + o.expectedDims() : " max rel " + o.maxRel() + (nonFinite > 0 ? " (" + nonFinite + " of "
                            + o.value().data().length + " values NaN or infinite)" : "")));
                }
            }
            if (outs.stream().noneMatch(GraphRun.Output::compared)) return new Run.Refused("no output_k.pb in " + data);
            return bad.isEmpty() ? new Run.Passed(maxRel) : new Run.Failed(maxRel, "off: " + String.join("; ", bad));
        } catch (NotExpressible e) {
            return new Run.Refused("not expressible: " + firstLine(e.getMessage()));
        } catch (CodegenException | IllegalArgumentException | ShapeError e) {
            return new Run.Refused(firstLine(e.getMessage()));
        } catch (RuntimeException | StackOverflowError e) {
            return new Run.Refused("internal error: " + firstLine(String.valueOf(e)));
        }
    }

    /**
     * A failure message for the table: its first line, the list of nodes involved (hundreds in a
     * real network) shortened to its count — {@code import} prints it whole.
     */
    static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
