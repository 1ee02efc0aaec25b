package org.shapeforge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code onnx.shape_inference.infer_shapes} timed on the same files by
 * {@code scripts/onnx-infer-time.py} under a Python interpreter (Debian's {@code /usr/bin/python3}
 * with {@code python3-onnx}), for {@code bench import}'s comparison column. Either every file's
 * times (or its error) or one reason why none could be measured: no interpreter, no script, no
 * {@code onnx} module, a helper that failed. Never an exception: the column is then skipped.
 */
sealed interface OnnxInferTime {
    /** The helper ran: ONNX's version and, per file (as given), its times or the helper's error for it. */
    record Measured(String onnxVersion, Map<Path, JsonNode> perFile) implements OnnxInferTime {
        public Measured {
            perFile = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(perFile));
        }
    }

    /** No times: why. */
    record Skipped(String reason) implements OnnxInferTime {}

    /** Runs {@code script} under {@code python} on {@code files}, {@code runs} timed calls each (plus one warm-up). */
    static OnnxInferTime run(Path python, Path script, List<Path> files, int runs, long timeoutSeconds) {
        if (!Files.isExecutable(python)) return new Skipped("no Python interpreter at " + python);
        if (!Files.isRegularFile(script)) return new Skipped("no helper script at " + script);
        List<String> cmd = new ArrayList<>(List.of(python.toString(), script.toString(), "--runs", Integer.toString(runs)));
        for (Path f : files) cmd.add(f.toString());
        try {
            Path err = Files.createTempFile("shapeforge-onnx-time", ".err");
            try {
                Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
                p.getOutputStream().close();
                byte[] out = p.getInputStream().readAllBytes();
                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return new Skipped("the helper ran past " + timeoutSeconds + " s");
                }
                String why = Files.readString(err, StandardCharsets.UTF_8).strip();
                if (p.exitValue() != 0)
                    return new Skipped(python + " " + script.getFileName() + " exited " + p.exitValue() + (why.isEmpty() ? "" : ": " + why));
                JsonNode doc = Cli.JSON.readTree(out);
                Map<Path, JsonNode> per = new LinkedHashMap<>();
                JsonNode models = doc.path("models");
                for (int i = 0; i < files.size() && i < models.size(); i++) per.put(files.get(i), models.get(i));
                return new Measured(doc.path("onnxVersion").asText("?"), per);
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
}
