package org.shapeforge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
            perFile = Collections.unmodifiableMap(new LinkedHashMap<>(perFile));
        }
    }

    /** No times: why. */
    record Skipped(String reason) implements OnnxInferTime {}

    /** Runs {@code script} under {@code python} on {@code files}, {@code runs} timed calls each (plus one warm-up). */
    static OnnxInferTime run(Path python, Path script, List<Path> files, int runs, long timeoutSeconds) {
        List<String> args = new ArrayList<>(List.of("--runs", Integer.toString(runs)));
        for (Path f : files) args.add(f.toString());
        return switch (PythonHelper.run(python, script, args, timeoutSeconds)) {
            case PythonHelper.Failed f -> new Skipped(f.reason());
            case PythonHelper.Ran(JsonNode doc) -> {
                Map<Path, JsonNode> per = new LinkedHashMap<>();
                JsonNode models = doc.path("models");
                for (int i = 0; i < files.size() && i < models.size(); i++) per.put(files.get(i), models.get(i));
                yield new Measured(doc.path("onnxVersion").asText("?"), per);
            }
        };
    }
}
