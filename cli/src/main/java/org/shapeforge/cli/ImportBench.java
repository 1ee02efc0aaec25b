package org.shapeforge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge bench import MODEL.onnx|DIR [--runs N] [--json]} (issue 32): per model, three
 * times measured in the same run — the warm in-process import ({@link WarmImport}: median of N
 * after warm-up), the cold CLI ({@link ColdImport}: a fresh process running the launcher
 * {@code ./shapeforge import MODEL}, median of N, with the JDK AOT cache as the launcher uses it and
 * without), and {@code onnx.shape_inference.infer_shapes} on the same file ({@link OnnxInferTime}).
 * A column that cannot be measured is skipped with its reason. A directory holds models as
 * {@code NAME/model.onnx} (ONNX's test-data layout, {@code scripts/export-models.py}) or
 * {@code NAME.onnx}, measured in name order; on a terminal each model's progress goes to stderr.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "ONNX import time per model: warm in-process, cold CLI (with and without the AOT cache) and onnx.shape_inference on the same file.")
public final class ImportBench implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "MODEL|DIR", description = "an .onnx file, or a directory of NAME/model.onnx or NAME.onnx")
    Path target;

    @Option(names = "--runs", paramLabel = "N", description = "timed runs per model and column (default 5); medians are reported")
    int runs = 5;

    @Option(names = "--warmup", paramLabel = "K", description = "untimed in-process imports before the timed ones (default 5)")
    int warmup = 5;

    @Option(names = "--cold", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "time the cold CLI (default on; --no-cold skips that column)")
    boolean cold = true;

    @Option(names = "--launcher", paramLabel = "FILE", description = "the launcher script (default: ./shapeforge of the repository holding the running jar)")
    Path launcher;

    @Option(names = "--python", paramLabel = "FILE",
            description = "the Python with the onnx module (default $SHAPEFORGE_PYTHON, else /usr/bin/python3); a path that does not exist skips the onnx column")
    Path python;

    @picocli.CommandLine.Mixin
    JsonOption json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (runs < 1 || warmup < 0) throw new CommandLine.ParameterException(spec.commandLine(), "--runs must be >= 1 and --warmup >= 0");
        List<Path> files = models(target);
        List<String> names = files.stream().map(ImportBench::name).toList();
        Path root = BenchRepo.root();
        Path py = python != null ? python : Path.of(System.getenv().getOrDefault("SHAPEFORGE_PYTHON", "/usr/bin/python3"));
        Path script = root == null ? Path.of("scripts", "onnx-infer-time.py") : root.resolve("scripts").resolve("onnx-infer-time.py");
        Path launch = launcher != null ? launcher : root == null ? null : root.resolve("shapeforge");
        boolean progress = files.size() > 1 && System.console() != null && System.console().isTerminal();
        PrintWriter err = spec.commandLine().getErr();
        if (progress) err.printf("bench import: onnx.shape_inference on %d models (%s)%n", files.size(), py);
        OnnxInferTime onnx = OnnxInferTime.run(py, script, files, runs, 600L + 60L * runs * files.size());
        ArrayNode rows = Cli.JSON.createArrayNode();
        for (int i = 0; i < files.size(); i++) {
            Path f = files.get(i);
            if (progress) err.printf("bench import: [%d/%d] %s: warm%n", i + 1, files.size(), names.get(i));
            WarmImport warm = WarmImport.measure(f, warmup, runs);
            ObjectNode row = rows.addObject().put("model", names.get(i)).put("file", f.toString()).put("nodes", warm.nodes())
                    .put("status", warm.status());
            ObjectNode w = row.putObject("warm").put("millis", warm.millis());
            ObjectNode ph = w.putObject("phaseMillis");
            warm.phaseMillis().forEach(ph::put);
            ArrayNode all = w.putArray("allMillis");
            warm.totalMillis().forEach(all::add);
            if (progress && cold) err.printf("bench import: [%d/%d] %s: cold%n", i + 1, files.size(), names.get(i));
            row.set("cold", coldColumn(launch, f, true));
            row.set("coldNoAot", coldColumn(launch, f, false));
            row.set("onnx", onnxColumn(onnx, f));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json.on) {
            ObjectNode doc = Cli.JSON.createObjectNode().put("benchmark", "import").put("runs", runs).put("warmup", warmup)
                    .put("cores", Runtime.getRuntime().availableProcessors()).put("loadAverage", PipelineBench.load())
                    .put("launcher", launch == null ? null : launch.toString());
            doc.putPOJO("jvmOptions", ColdBench.JVM);
            doc.put("onnxVersion", onnx instanceof OnnxInferTime.Measured m ? m.onnxVersion() : null);
            doc.set("models", rows);
            out.println(Cli.json(doc));
        } else out.print(ImportBenchTable.of(rows, runs, warmup, PipelineBench.load()));
        out.flush();
        return Cli.OK;
    }

    private ObjectNode coldColumn(Path launch, Path f, boolean aot) {
        ObjectNode c = Cli.JSON.createObjectNode();
        if (!cold) return c.put("skipped", "--no-cold");
        if (launch == null || !Files.isExecutable(launch))
            return c.put("skipped", "no launcher " + (launch == null ? "(not run from the packaged jar; give --launcher)" : "at " + launch));
        ColdImport r = ColdImport.measure(launch, f, aot, runs);
        if (aot && !r.cacheUsed()) return c.put("skipped", "no AOT cache newer than the jar (make it with ./shapeforge bench cold)");
        c.put("millis", r.millis()).put("cpuMillis", r.cpuMillis()).put("exit", r.exit());
        ArrayNode all = c.putArray("allMillis");
        r.allMillis().forEach(all::add);
        return c;
    }

    private static ObjectNode onnxColumn(OnnxInferTime onnx, Path f) {
        ObjectNode c = Cli.JSON.createObjectNode();
        return switch (onnx) {
            case OnnxInferTime.Skipped(String why) -> c.put("skipped", why);
            case OnnxInferTime.Measured(String v, var per) -> {
                JsonNode m = per.get(f);
                if (m == null) yield c.put("skipped", "the helper gave no result for this file");
                if (m.has("error")) yield c.put("skipped", "onnx: " + m.get("error").asText());
                c.put("millis", m.get("inferMs").asDouble()).put("loadMillis", m.get("loadMs").asDouble());
                c.set("allMillis", m.get("allInferMs"));
                yield c;
            }
        };
    }

    /** The models under {@code p}: itself if a file, else {@code NAME/model.onnx} and {@code NAME.onnx} in name order. */
    static List<Path> models(Path p) throws IOException {
        if (Files.isRegularFile(p)) return List.of(p);
        if (!Files.isDirectory(p)) throw new ShapeError("io", Span.NONE, p + ": no such file or directory");
        List<Path> out = new ArrayList<>();
        try (var s = Files.list(p)) {
            for (Path e : s.sorted().toList()) {
                if (Files.isRegularFile(e.resolve("model.onnx"))) out.add(e.resolve("model.onnx"));
                else if (Files.isRegularFile(e) && e.getFileName().toString().endsWith(".onnx")) out.add(e);
            }
        }
        if (out.isEmpty()) throw new ShapeError("io", Span.NONE, p + ": no NAME/model.onnx or NAME.onnx in this directory");
        return out;
    }

    /** {@code NAME} of {@code NAME/model.onnx}, else the file name without {@code .onnx}. */
    static String name(Path f) {
        String n = f.getFileName().toString();
        if (n.equals("model.onnx") && f.getParent() != null && f.getParent().getFileName() != null)
            return f.getParent().getFileName().toString();
        return n.endsWith(".onnx") ? n.substring(0, n.length() - 5) : n;
    }
}
