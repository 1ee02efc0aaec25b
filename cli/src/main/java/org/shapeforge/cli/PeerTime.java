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
 * One {@link Peer}'s run time on one corpus model, a yardstick of {@code bench models}: the peer's
 * helper script ({@link Peer#script}) under a Python that has it checks the peer reproduces the
 * exported outputs and times it at each thread count. The helper runs with the OpenMP wait policy
 * our kernels run with ({@code OMP_WAIT_POLICY}: the user's, else {@code passive}, as
 * {@code codegen.run.OpenMpWaitPolicy} sets it): on shared cores libgomp's default spinning made
 * torch's 2-thread resnet18 2 s instead of 40 ms (ORT's helper turns its own pool's spinning off).
 * Python is only this yardstick, never on the product path. Never an exception: a column that
 * cannot be measured is {@link Skipped} with its reason.
 */
sealed interface PeerTime {
    /**
     * The helper's times: the peer's version; per thread count the median and min of the timed
     * runs; the peer's error against the exported outputs, and which outputs matched only once
     * sorted (detections with tied scores in another order).
     */
    record Measured(String version, Map<Integer, Timing> perThreads, double checkMaxRel, List<Integer> comparedSorted)
            implements PeerTime {
        public Measured {
            perThreads = Collections.unmodifiableMap(new TreeMap<>(perThreads));
            comparedSorted = List.copyOf(comparedSorted);
        }
    }

    /**
     * At one thread count: median and fastest of {@code runs} timed calls, the process CPU per call,
     * and the time the peer took to be ready for its first call ({@code sessionMillis}: ORT's session
     * creation; -1 where the helper does not time one).
     */
    record Timing(double medianMillis, double minMillis, double cpuMillis, int runs, double sessionMillis) {}

    /** No times for this model: why. */
    record Skipped(String reason) implements PeerTime {}

    /** The helpers' exit status when the peer (or onnx) cannot be imported. */
    int NOT_IMPORTABLE = 3;

    /** Times {@code modelDir} with {@code peer}'s helper under {@code python} at each of {@code threads}: at least {@code reps} runs and {@code minSeconds}. */
    static PeerTime run(Peer peer, Path python, Path script, Path modelDir, List<Integer> threads, int reps, double minSeconds,
                        long timeoutSeconds) {
        if (!Files.isExecutable(python)) return new Skipped("no Python interpreter at " + python);
        if (!Files.isRegularFile(script)) return new Skipped("no helper script at " + script);
        List<String> cmd = new ArrayList<>(List.of(python.toString(), script.toString(), "--threads",
                String.join(",", threads.stream().map(String::valueOf).toList()), "--reps", Integer.toString(reps),
                "--min-time", Double.toString(minSeconds), modelDir.toString()));
        try {
            Path err = Files.createTempFile("shapeforge-" + peer.key + "-time", ".err");
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
                String why = lastLine(Files.readString(err, StandardCharsets.UTF_8), script);
                if (p.exitValue() == NOT_IMPORTABLE) return new Skipped(why);
                if (p.exitValue() != 0)
                    return new Skipped(python + " " + script.getFileName() + " exited " + p.exitValue() + (why.isEmpty() ? "" : ": " + why));
                JsonNode doc = Cli.JSON.readTree(out);
                JsonNode model = doc.path("models").path(0);
                if (model.isMissingNode()) return new Skipped("the helper gave no result for " + modelDir);
                if (model.has("error")) return new Skipped(peer.key + ": " + model.get("error").asText());
                Map<Integer, Timing> per = new TreeMap<>();
                for (int t : threads) {
                    JsonNode x = model.path("threads").path(Integer.toString(t));
                    if (!x.has("medianMs")) return new Skipped("the helper gave no time at " + t + " threads");
                    per.put(t, new Timing(x.get("medianMs").asDouble(), x.get("minMs").asDouble(), x.path("cpuMs").asDouble(-1),
                            x.get("runs").asInt(), x.path("sessionMs").asDouble(-1)));
                }
                List<Integer> sorted = new ArrayList<>();
                model.path("check").path("comparedSorted").forEach(k -> sorted.add(k.asInt()));
                return new Measured(doc.path(peer.versionField).asText("?"), per, model.path("check").path("maxRel").asDouble(Double.NaN), sorted);
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

    /** The helper's last stderr line that is not its progress ({@code NAME: [k/n] …}). */
    private static String lastLine(String s, Path script) {
        String progress = script.getFileName().toString().replaceFirst("\\.py$", "") + ": [";
        List<String> lines = s.strip().lines().filter(l -> !l.startsWith(progress)).toList();
        return lines.isEmpty() ? "" : lines.getLast().strip();
    }
}
