package org.shapeforge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * ONNX Runtime's symbolic shape inference on the corpus, a peer of ours and of
 * {@code onnx.shape_inference} in {@code conformance --models}: {@code scripts/ort-symbolic-shapes.py}
 * under a Python with the {@code onnxruntime} wheel and sympy. Either every model's answer or one
 * reason why there is none (no interpreter, no onnxruntime module, a failed helper): the column is
 * then skipped, never an exception.
 */
sealed interface OrtShapes {
    /**
     * The helper ran: ORT's version and, per model folder name, its answer and the ground truth at
     * the test point — every value's shape when ONNX Runtime runs the model on its test inputs
     * ({@code ran}: absent for a model whose run failed).
     */
    record Measured(String version, Map<String, Answer> perModel, Map<String, Map<String, List<Long>>> ran) implements OrtShapes {
        public Measured {
            perModel = Collections.unmodifiableMap(new LinkedHashMap<>(perModel));
            Map<String, Map<String, List<Long>>> r = new LinkedHashMap<>();
            ran.forEach((k, v) -> r.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
            ran = Collections.unmodifiableMap(r);
        }
    }

    /** No answers: why. */
    record Skipped(String reason) implements OrtShapes {}

    /** One model's answer. */
    sealed interface Answer {
        /**
         * Every value ORT shapes, its dims evaluated at the test point (empty where ORT's dim is
         * unknown or names a symbol the test point does not bind).
         */
        record Shaped(Map<String, List<OptionalLong>> atTest) implements Answer {
            public Shaped {
                atTest = Collections.unmodifiableMap(new LinkedHashMap<>(atTest));
            }
        }

        /** ORT could not infer this model: its error. */
        record Failed(String error) implements Answer {}
    }

    /** The script, run on {@code dirs}; answers keyed by folder name. */
    static OrtShapes run(Path python, Path script, List<Path> dirs, long timeoutSeconds) {
        List<String> args = new ArrayList<>();
        for (Path d : dirs) args.add(d.toString());
        return switch (PythonHelper.run(python, script, args, timeoutSeconds)) {
            case PythonHelper.Failed f -> new Skipped(f.reason());
            case PythonHelper.Ran(JsonNode doc) -> {
                Map<String, Answer> per = new LinkedHashMap<>();
                Map<String, Map<String, List<Long>>> ran = new LinkedHashMap<>();
                JsonNode models = doc.path("models");
                for (int i = 0; i < dirs.size() && i < models.size(); i++) {
                    String name = dirs.get(i).getFileName().toString();
                    per.put(name, answer(models.get(i)));
                    JsonNode r = models.get(i).path("ran");
                    if (r.isObject() && !r.has("error")) ran.put(name, shapes(r));
                }
                yield new Measured(doc.path("ortVersion").asText("?"), per, ran);
            }
        };
    }

    /** {@code {name: [int, ...]}} read. */
    private static Map<String, List<Long>> shapes(JsonNode r) {
        Map<String, List<Long>> out = new LinkedHashMap<>();
        r.properties().forEach(e -> {
            List<Long> dims = new ArrayList<>();
            for (JsonNode d : e.getValue()) dims.add(d.asLong());
            out.put(e.getKey(), List.copyOf(dims));
        });
        return out;
    }

    private static Answer answer(JsonNode m) {
        if (m.has("error") || !m.path("test").isObject()) return new Answer.Failed(m.path("error").asText("no shapes in the helper's answer"));
        Map<String, List<OptionalLong>> at = new LinkedHashMap<>();
        m.path("test").properties().forEach(e -> {
            if (!e.getValue().isArray()) return; // a value ORT gives no shape
            List<OptionalLong> dims = new ArrayList<>();
            for (JsonNode d : e.getValue()) dims.add(d.isIntegralNumber() ? OptionalLong.of(d.asLong()) : OptionalLong.empty());
            at.put(e.getKey(), List.copyOf(dims));
        });
        return new Answer.Shaped(at);
    }
}
