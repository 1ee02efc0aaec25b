package org.shapeforge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import onnx.Onnx.ModelProto;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.onnx.Model;
import org.shapeforge.onnx.values.NotExpressible;
import org.shapeforge.onnx.values.OverBudget;
import org.shapeforge.onnx.values.RunInputs;
import org.shapeforge.onnx.values.Value;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge bench models DIR} (issue 29): our generated code against PyTorch, per model of
 * a corpus ({@code NAME/model.onnx} + {@code NAME/test_data_set_0/}, as
 * {@code scripts/export-models.py} writes it; or one such model folder). Per model and OpenMP
 * thread count, the in-process steady state through {@link ModelRunner} ({@link SteadyRun}:
 * preparation timed apart, warm-up, median and min of the timed runs, kernels per run, fused
 * groups, the outputs checked against {@code output_k.pb}); each {@link Peer} at the same thread
 * count on the same inputs ({@link PeerTime}: ONNX Runtime, its session creation beside our
 * preparation, and PyTorch); the ratios; and once per model the cold {@code ./shapeforge run}
 * ({@link ColdRun}). Then per thread count and peer the {@link RatioSummary} over the
 * convolutional networks. Models are measured one after the other, ours then the peers', so that
 * each ratio's two sides see the same minutes of a shared machine. Exit 1 when a model's outputs
 * fail or it could not be measured: a benchmark of wrong answers is no result.
 */
@Command(name = "models", mixinStandardHelpOptions = true,
        description = "Per model of a corpus: our steady-state run time beside ONNX Runtime's and PyTorch's at the same thread count, our preparation beside ORT's session creation, the cold run, kernels and fused groups.")
public final class ModelsBench implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "a corpus folder (NAME/model.onnx + NAME/test_data_set_0), or one model folder")
    Path target;

    @Option(names = "--threads", paramLabel = "N,N", split = ",", description = "OpenMP thread counts, ours and the peers' (default 1,2)")
    List<Integer> threads = List.of(1, 2);

    @Option(names = "--reps", paramLabel = "R", description = "at least R timed runs per model and thread count, both sides (default 5)")
    int reps = 5;

    @Option(names = "--min-time", paramLabel = "S", description = "keep timing until S seconds have passed, at most " + SteadyRun.MOST_RUNS + " runs (default 2)")
    double minTime = 2;

    @Option(names = "--warmup", paramLabel = "K", description = "untimed runs after preparing, before the timed ones: at least K and, for K >= 1, until they took --min-time of CPU time (default 3)")
    int warmup = 3;

    @Option(names = "--models", paramLabel = "A,B", split = ",", description = "only these models (folder names)")
    List<String> only;

    @Option(names = "--torch", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "time PyTorch's forward with scripts/torch-forward-time.py (default on; --no-torch skips it)")
    boolean torch = true;

    @Option(names = "--ort", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "time ONNX Runtime's CPU execution provider on the model with scripts/ort-forward-time.py, its session creation"
                    + " included (default on; --no-ort skips it)")
    boolean ort = true;

    @Option(names = "--ort-python", paramLabel = "FILE",
            description = "the Python with the onnxruntime wheel (default $SHAPEFORGE_ORT_PYTHON, else /usr/bin/python3); without onnxruntime"
                    + " the column is skipped with the reason")
    Path ortPython;

    @Option(names = "--cold", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "time one cold `./shapeforge run` per model (default on; --no-cold skips it)")
    boolean cold = true;

    @Option(names = "--launcher", paramLabel = "FILE", description = "the launcher script (default: ./shapeforge of the repository holding the running jar)")
    Path launcher;

    @Option(names = "--python", paramLabel = "FILE",
            description = "the Python with torch (default $SHAPEFORGE_PYTHON, else /usr/bin/python3); without torch the column is skipped with the reason")
    Path python;

    @Option(names = "--markdown", description = "print the tables as Markdown (docs/performance.md's form)")
    boolean markdown;

    @Option(names = "--json-file", paramLabel = "FILE", description = "also write the JSON document to FILE (with the text or Markdown form on stdout)")
    Path jsonFile;

    @picocli.CommandLine.Mixin
    JsonOption json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** How models run in-process: a compiled plan ({@link CompiledRunner}); a test plants a wrong one. */
    ModelRunner runner = new CompiledRunner();

    @Override
    public Integer call() throws IOException {
        CommandLine cl = spec.commandLine();
        if (reps < 1 || warmup < 0 || !(minTime >= 0) || threads.isEmpty() || threads.stream().anyMatch(t -> t == null || t < 1))
            throw new CommandLine.ParameterException(cl, "--reps must be >= 1, --warmup >= 0, --min-time >= 0 and --threads positive");
        if (markdown && json.on) throw new CommandLine.ParameterException(cl, "--markdown and --json are two forms: give one");
        List<Integer> ts = List.copyOf(new LinkedHashSet<>(threads));
        List<Path> dirs = modelDirs(target);
        Path root = BenchRepo.root();
        Map<Peer, Path> pythons = Map.of(Peer.TORCH, python != null ? python : Path.of(System.getenv().getOrDefault("SHAPEFORGE_PYTHON", "/usr/bin/python3")),
                Peer.ORT, ortPython != null ? ortPython : Path.of(System.getenv().getOrDefault("SHAPEFORGE_ORT_PYTHON", "/usr/bin/python3")));
        Map<Peer, Boolean> wanted = Map.of(Peer.TORCH, torch, Peer.ORT, ort);
        Path launch = launcher != null ? launcher : root == null ? null : root.resolve("shapeforge");
        boolean progress = System.console() != null && System.console().isTerminal();
        PrintWriter err = cl.getErr();
        double loadBefore = PipelineBench.load();
        Map<Peer, String> versions = new EnumMap<>(Peer.class);
        List<ModelResult> rows = new ArrayList<>();
        try {
            for (int i = 0; i < dirs.size(); i++) {
                Path d = dirs.get(i);
                String name = d.getFileName().toString();
                if (progress) err.printf("bench models: [%d/%d] %s: ours%n", i + 1, dirs.size(), name);
                Ours r = measure(d, ts);
                Map<Peer, PeerTime> peers = new EnumMap<>(Peer.class);
                for (Peer peer : Peer.values()) {
                    if (progress && wanted.get(peer) && r.error().isEmpty()) err.printf("bench models: [%d/%d] %s: %s%n", i + 1, dirs.size(), name, peer.key);
                    Path script = root == null ? Path.of("scripts", peer.script) : root.resolve("scripts").resolve(peer.script);
                    PeerTime t = !wanted.get(peer) ? new PeerTime.Skipped("--no-" + peer.key)
                            : r.error().isPresent() ? new PeerTime.Skipped("our run failed")
                            : PeerTime.run(peer, pythons.get(peer), script, d, ts, reps, minTime, 600);
                    if (t instanceof PeerTime.Measured m) versions.put(peer, m.version());
                    peers.put(peer, t);
                }
                if (progress && cold) err.printf("bench models: [%d/%d] %s: cold run%n", i + 1, dirs.size(), name);
                ColdRun c = !cold ? new ColdRun.Skipped("--no-cold") : ColdRun.measure(launch, d.resolve("model.onnx"), d.resolve("test_data_set_0"), 900);
                rows.add(new ModelResult(name, d, r.nodes(), r.kind(), r.error(), r.runs(), peers, c));
            }
        } finally {
            OmpThreads.restore();
        }
        List<RatioSummary> summary = new ArrayList<>();
        for (int t : ts) for (Peer peer : Peer.values()) summary.add(RatioSummary.of(rows, peer, t));
        ModelsBenchJson.Setup setup = new ModelsBenchJson.Setup(ts, reps, minTime, warmup, loadBefore, PipelineBench.load(),
                Runtime.getRuntime().availableProcessors(), versions, launch);
        PrintWriter out = cl.getOut();
        if (jsonFile != null) Files.writeString(jsonFile, Cli.json(ModelsBenchJson.of(setup, rows, summary)) + "\n");
        if (json.on) out.println(Cli.json(ModelsBenchJson.of(setup, rows, summary)));
        else out.print(ModelsBenchTable.of(setup, rows, summary, markdown));
        out.flush();
        return rows.stream().allMatch(ModelResult::passed) ? Cli.OK : Cli.NEGATIVE;
    }

    /** Our side of one model: its node count and kind, and every thread count's run or why it could not run. */
    private record Ours(int nodes, ModelKind kind, Optional<String> error, List<SteadyRun> runs) {
        static Ours failed(int nodes, ModelKind kind, String why) {
            return new Ours(nodes, kind, Optional.of(why), List.of());
        }
    }

    private Ours measure(Path d, List<Integer> ts) {
        Path data = d.resolve("test_data_set_0");
        ModelProto m;
        try {
            m = Model.load(d.resolve("model.onnx"));
        } catch (ShapeError | IllegalArgumentException e) { // ImportError is a ShapeError
            return Ours.failed(0, ModelKind.OTHER, "cannot load: " + e.getMessage());
        }
        int nodes = m.getGraph().getNodeCount();
        ModelKind kind = ModelKind.of(m);
        if (!Files.isDirectory(data)) return Ours.failed(nodes, kind, "no test_data_set_0 folder (inputs and expected outputs)");
        List<SteadyRun> runs = new ArrayList<>();
        try {
            Map<String, Value> inputs = RunInputs.read(m, data);
            for (int t : ts) runs.add(SteadyRun.measure(runner, m, inputs, data, t, warmup, reps, minTime));
        } catch (NotExpressible | OverBudget | CodegenException | ShapeError | IllegalArgumentException e) {
            return Ours.failed(nodes, kind, e.getMessage());
        } catch (IllegalStateException e) { // our bug, not the model's: named as such, and the other models still measured
            return Ours.failed(nodes, kind, "internal error: " + e);
        }
        return new Ours(nodes, kind, Optional.empty(), runs);
    }

    /** {@code p} itself when it holds a model.onnx, else its subfolders that do, in name order, filtered by --models. */
    private List<Path> modelDirs(Path p) throws IOException {
        if (!Files.isDirectory(p)) throw new ShapeError("io", Span.NONE, p + ": no such directory (a corpus folder, or one model folder)");
        List<Path> out = new ArrayList<>();
        if (Files.isRegularFile(p.resolve("model.onnx"))) out.add(p);
        else try (var s = Files.list(p)) {
            for (Path e : s.sorted().toList()) if (Files.isRegularFile(e.resolve("model.onnx"))) out.add(e);
        }
        if (out.isEmpty()) throw new ShapeError("io", Span.NONE, p + ": no model.onnx in it or in its subfolders");
        if (only == null) return out;
        List<String> names = out.stream().map(x -> x.getFileName().toString()).toList();
        List<String> unknown = only.stream().filter(n -> !names.contains(n)).toList();
        if (!unknown.isEmpty())
            throw new CommandLine.ParameterException(spec.commandLine(), "--models: no model " + String.join(", ", unknown) + " in " + p
                    + " (there: " + String.join(", ", names) + ")");
        return out.stream().filter(x -> only.contains(x.getFileName().toString())).toList();
    }
}
