package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.onnx.Conformance;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.ValueConformance;
import org.shapeforge.oracle.Backend;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code shapeforge conformance [DIR] [--values] [--match REGEX] [--json]}: ONNX's backend tests
 * (default: Debian's libonnx-testdata) through the importer; per op type, tests / supported /
 * shapes passed, and every failure with its reason. With {@code --values}, through generated C
 * ({@link ConformanceValues}). With {@code --models DIR}, the corpus of real exported networks
 * ({@link ModelCorpus}, {@code scripts/export-models.py}): per model, import time, every value's
 * shape against ONNX's, and (unless {@code --no-values}) the run against torch's outputs; beside it,
 * the values each of ours, ONNX Runtime's symbolic inference ({@link OrtShapes}, under
 * {@code --ort-python}) and ONNX's gives a full shape at the test point ({@link PeerCounts}). Exit 0
 * when every supported (values: every selected; models: every) test passes, 1 otherwise, 2 when
 * DIR holds no test.
 */
@Command(name = "conformance", mixinStandardHelpOptions = true,
        description = "Run ONNX's conformance tests through the importer (shapes) or generated C (--values).")
public final class ConformanceCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", description = "test root (default: /usr/share/libonnx-testdata/data)")
    Path dir;

    @Mixin
    JsonOption json;

    @Option(names = "--values", description = "run the tests through generated C and compare values (within 1e-4 relative)")
    boolean values;

    @Option(names = "--match", paramLabel = "REGEX", description = "only tests whose path (e.g. node/test_add) matches REGEX"
            + " (with --models: model names)")
    String match;

    @Option(names = "--models", paramLabel = "DIR", description = "the corpus of exported networks in DIR (scripts/export-models.py):"
            + " import, every value's shape against onnx.shape_inference's, the run against torch's outputs")
    Path models;

    @Option(names = "--no-values", description = "with --models: shapes only, no run through generated C")
    boolean noValues;

    @Option(names = "--ort-python", paramLabel = "PATH", description = "with --models: the Python with the onnxruntime wheel"
            + " and sympy for ORT's symbolic shape column (default: $SHAPEFORGE_ORT_PYTHON, else /usr/bin/python3; without"
            + " onnxruntime the column is skipped, saying why)")
    Path ortPython;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Path root = dir == null ? Conformance.DEFAULT_ROOT : dir;
        if (models != null) return models(out);
        Pattern p = matchPattern();
        if (!Files.isDirectory(root) || Conformance.tests(root).isEmpty())
            throw new ShapeError("io", new Span(root.toString(), 0, 0), root + ": no ONNX tests here (a folder with"
                    + " <test>/model.onnx and <test>/test_data_set_0); install them with `apt-get install libonnx-testdata`");
        if (values) {
            ValueConformance.Report v = ValueConformance.run(root, n -> p == null || p.matcher(n).find(), Kernels.system());
            if (v.cases().isEmpty()) throw new ShapeError("usage", new Span(root.toString(), 0, 0), "no test matches --match " + match);
            if (json.on) out.println(Cli.json(ConformanceValues.toJson(v)));
            else out.print(ConformanceValues.text(v));
            out.flush();
            return v.cases().stream().allMatch(c -> c.status() == ValueConformance.Status.PASSED) ? Cli.OK : Cli.NEGATIVE;
        }
        Conformance.Report r = Conformance.run(root, Backend.NATIVE.create());
        if (json.on) out.println(Cli.json(toJson(r)));
        else out.print(text(r));
        out.flush();
        return r.passed() == r.supported() ? Cli.OK : Cli.NEGATIVE;
    }

    /** {@code --match} compiled, null when absent; an invalid expression is a usage error (exit 2), before any test is read. */
    private Pattern matchPattern() {
        if (match == null) return null;
        try {
            return Pattern.compile(match);
        } catch (PatternSyntaxException e) {
            throw new ShapeError("usage", Span.NONE, "--match: not a regular expression: " + e.getDescription()
                    + (e.getIndex() >= 0 ? " at index " + e.getIndex() : "") + " in '" + match + "'");
        }
    }

    private int models(PrintWriter out) throws IOException {
        Span at = new Span(models.toString(), 0, 0);
        if (dir != null || values)
            throw new ShapeError("usage", at, "--models DIR takes no test root and no --values (the corpus runs values"
                    + " unless --no-values)");
        if (!Files.isDirectory(models) || ModelCorpus.models(models).isEmpty())
            throw new ShapeError("io", at, models + ": no exported models here (a folder with <model>/model.onnx and"
                    + " <model>/onnx_shapes.json); write them with `scripts/export-models.py " + models + "`");
        Pattern p = matchPattern();
        List<Path> dirs = ModelCorpus.models(models).stream()
                .filter(d -> p == null || p.matcher(d.getFileName().toString()).find()).toList();
        if (dirs.isEmpty()) throw new ShapeError("usage", at, "no model matches --match " + match);
        Kernels kernels = noValues ? null : Kernels.system();
        spec.commandLine().getErr().println("conformance: ORT symbolic shape inference on " + dirs.size() + " models ...");
        spec.commandLine().getErr().flush();
        OrtShapes ort = ort(dirs);
        List<ModelCorpus.Row> rows = new ArrayList<>();
        for (Path d : dirs) {
            spec.commandLine().getErr().println("conformance: " + d.getFileName() + " ...");
            spec.commandLine().getErr().flush();
            rows.add(ModelCorpus.run(d, Backend.NATIVE.create(), kernels, ort));
        }
        if (json.on) out.println(Cli.json(CorpusTable.toJson(models, rows, ort)));
        else out.print(CorpusTable.text(rows, ort));
        out.flush();
        return rows.stream().allMatch(ModelCorpus.Row::passed) ? Cli.OK : Cli.NEGATIVE;
    }

    /** ORT's answers for {@code dirs} by scripts/ort-symbolic-shapes.py (a minute per model at most). */
    private OrtShapes ort(List<Path> dirs) {
        Path py = ortPython != null ? ortPython : Path.of(System.getenv().getOrDefault("SHAPEFORGE_ORT_PYTHON", "/usr/bin/python3"));
        Path root = BenchRepo.root();
        Path script = (root == null ? Path.of("scripts") : root.resolve("scripts")).resolve("ort-symbolic-shapes.py");
        return OrtShapes.run(py, script, dirs, 120L + 60L * dirs.size());
    }

    static ObjectNode toJson(Conformance.Report r) {
        ObjectNode doc = Cli.JSON.createObjectNode();
        doc.put("root", r.root().toString()).put("tests", r.cases().size()).put("supported", r.supported()).put("passed", r.passed());
        long[] node = r.inIssueList("node");
        doc.putObject("nodeTestsInIssueList").put("tests", node[0]).put("passed", node[1]);
        ObjectNode ops = doc.putObject("ops");
        for (var row : r.byOp())
            ops.putObject(row.op()).put("tests", row.tests()).put("supported", row.supported()).put("passed", row.passed());
        ArrayNode fs = doc.putArray("failures");
        for (var c : r.cases())
            if (c.supported() && c.status() != Conformance.Status.PASSED)
                fs.addObject().put("test", c.name()).put("status", c.status().name().toLowerCase()).put("reason", c.reason());
        return doc;
    }

    static String text(Conformance.Report r) {
        StringBuilder sb = new StringBuilder(String.format("%-28s %6s %9s %7s%n", "op", "tests", "supported", "passed"));
        for (var row : r.byOp())
            sb.append(String.format("%-28s %6d %9d %7d%n", row.op(), row.tests(), row.supported(), row.passed()));
        sb.append('\n');
        r.byFolder().forEach((f, x) -> sb.append(String.format("%-20s tests %4d  supported %4d  passed %4d%n", f, x[0], x[1], x[2])));
        sb.append(String.format("total: %d tests, %d supported, %d passed (%.1f%% of supported)%n", r.cases().size(),
                r.supported(), r.passed(), r.supported() == 0 ? 0.0 : 100.0 * r.passed() / r.supported()));
        long[] node = r.inIssueList("node");
        if (node[0] > 0)
            sb.append(String.format("node tests whose ops are all in issue 16's list: %d, passed %d (%.1f%%)%n", node[0], node[1],
                    100.0 * node[1] / node[0]));
        for (var c : r.cases())
            if (c.supported() && c.status() != Conformance.Status.PASSED)
                sb.append(c.status().name().toLowerCase()).append(' ').append(c.name()).append(": ").append(c.reason()).append('\n');
        return sb.toString();
    }
}
