package org.shapeforge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One {@link Peer}'s run time on one corpus model, a yardstick of {@code bench models}: the peer's
 * helper script ({@link Peer#script}), run by {@link PythonHelper} under a Python that has it, checks the peer reproduces the
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
        List<String> args = List.of("--threads", String.join(",", threads.stream().map(String::valueOf).toList()), "--reps",
                Integer.toString(reps), "--min-time", Double.toString(minSeconds), modelDir.toString());
        Map<String, String> env = Map.of("OMP_WAIT_POLICY", System.getenv().getOrDefault("OMP_WAIT_POLICY", "passive"));
        return switch (PythonHelper.run(python, script, args, env, timeoutSeconds)) {
            case PythonHelper.Failed f when f.status() == NOT_IMPORTABLE -> new Skipped(f.lastLine());
            case PythonHelper.Failed f -> new Skipped(f.reason());
            case PythonHelper.Ran(JsonNode doc) -> read(peer, doc, modelDir, threads);
        };
    }

    /** The helper's document for {@code modelDir}: its times at each of {@code threads}, or why there are none. */
    private static PeerTime read(Peer peer, JsonNode doc, Path modelDir, List<Integer> threads) {
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
    }
}
