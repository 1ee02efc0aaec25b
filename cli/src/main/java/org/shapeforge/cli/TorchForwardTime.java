package org.shapeforge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * PyTorch's forward time of one corpus model, the yardstick of {@code bench models} (issue 29):
 * {@code scripts/torch-forward-time.py} under a Python with Debian's {@code python3-torch} rebuilds
 * the network as {@code scripts/export-models.py} did, checks it reproduces the exported outputs,
 * and times {@code model(*inputs)} at each thread count. The helper runs with the OpenMP wait
 * policy our kernels run with ({@code OMP_WAIT_POLICY}: the user's, else {@code passive}, as
 * {@code codegen.run.OpenMpWaitPolicy} sets it): on shared cores libgomp's default spinning made
 * torch's 2-thread resnet18 2 s instead of 40 ms. Python is only this yardstick, never on the
 * product path. Never an exception: a column that cannot be measured is {@link Skipped} with its reason.
 */
sealed interface TorchForwardTime {
    /**
     * The helper's times: torch's version; per thread count the median and min of the timed
     * forwards; the rebuilt network's error against the exported outputs, and which outputs matched
     * only once sorted (detections with tied scores in another order).
     */
    record Measured(String torchVersion, Map<Integer, Timing> perThreads, double checkMaxRel, List<Integer> comparedSorted)
            implements TorchForwardTime {
        public Measured {
            perThreads = Collections.unmodifiableMap(new TreeMap<>(perThreads));
            comparedSorted = List.copyOf(comparedSorted);
        }
    }

    /** Torch's forward at one thread count: median and fastest of {@code runs} timed calls, and the process CPU per call. */
    record Timing(double medianMillis, double minMillis, double cpuMillis, int runs) {}

    /** No times for this model: why. */
    record Skipped(String reason) implements TorchForwardTime {}

    /** The helper's exit status when torch, torchvision or onnx cannot be imported. */
    int NOT_IMPORTABLE = 3;

    /** Times {@code modelDir} under {@code python} at each of {@code threads}: at least {@code reps} runs and {@code minSeconds}. */
    static TorchForwardTime run(Path python, Path script, Path modelDir, List<Integer> threads, int reps, double minSeconds,
                                long timeoutSeconds) {
        if (!Files.isExecutable(python)) return new Skipped("no Python interpreter at " + python);
        if (!Files.isRegularFile(script)) return new Skipped("no helper script at " + script);
        List<String> cmd = new ArrayList<>(List.of(python.toString(), script.toString(), "--threads",
                String.join(",", threads.stream().map(String::valueOf).toList()), "--reps", Integer.toString(reps),
                "--min-time", Double.toString(minSeconds), modelDir.toString()));
        try {
            Path err = Files.createTempFile("shapeforge-torch-time", ".err");
            try {
                ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
                pb.environment().put("OMP_WAIT_POLICY", System.getenv().getOrDefault("OMP_WAIT_POLICY", "passive"));
                Process p = pb.start();
                p.getOutputStream().close();
                byte[] out = p.getInputStream().readAllBytes();
                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return new Skipped("the helper ran past " + timeoutSeconds + " s");
                }
                String why = lastLine(Files.readString(err, StandardCharsets.UTF_8));
                if (p.exitValue() == NOT_IMPORTABLE) return new Skipped(why);
                if (p.exitValue() != 0)
                    return new Skipped(python + " " + script.getFileName() + " exited " + p.exitValue() + (why.isEmpty() ? "" : ": " + why));
                JsonNode doc = Cli.JSON.readTree(out);
                JsonNode model = doc.path("models").path(0);
                if (model.isMissingNode()) return new Skipped("the helper gave no result for " + modelDir);
                if (model.has("error")) return new Skipped("torch: " + model.get("error").asText());
                Map<Integer, Timing> per = new TreeMap<>();
                for (int t : threads) {
                    JsonNode x = model.path("threads").path(Integer.toString(t));
                    if (!x.has("medianMs")) return new Skipped("the helper gave no time at " + t + " threads");
                    per.put(t, new Timing(x.get("medianMs").asDouble(), x.get("minMs").asDouble(), x.path("cpuMs").asDouble(-1),
                            x.get("runs").asInt()));
                }
                List<Integer> sorted = new ArrayList<>();
                model.path("check").path("comparedSorted").forEach(k -> sorted.add(k.asInt()));
                return new Measured(doc.path("torchVersion").asText("?"), per, model.path("check").path("maxRel").asDouble(Double.NaN), sorted);
            } finally {
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            return new Skipped("cannot run " + python + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Skipped("interrupted");
        }
    }

    private static String lastLine(String s) {
        List<String> lines = s.strip().lines().filter(l -> !l.startsWith("torch-forward-time: [")).toList();
        return lines.isEmpty() ? "" : lines.getLast().strip();
    }
}
