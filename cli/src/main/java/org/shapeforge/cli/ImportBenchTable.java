package org.shapeforge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code bench import}'s text form: one line per model of its JSON rows (the same numbers), a
 * skipped column as {@code -} with each distinct reason listed once below the table.
 */
final class ImportBenchTable {
    private ImportBenchTable() {}

    static String of(JsonNode rows, int runs, int warmup, double load) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("bench import: medians of %d timed runs per column; warm: in-process after %d untimed imports"
                + " (parse / translate / solve / print); cold: `./shapeforge import MODEL` as a fresh process, with and without"
                + " the JDK AOT cache, after one untimed run; onnx: onnx.shape_inference.infer_shapes(data_prop=True) on the same"
                + " file (after onnx.load); %d cores, load %.1f%n", runs, warmup, Runtime.getRuntime().availableProcessors(), load));
        int w = 5;
        for (JsonNode r : rows) w = Math.max(w, r.get("model").asText().length());
        sb.append(String.format("%-" + w + "s  %5s  %-8s  %9s  %-27s  %9s  %9s  %9s%n", "model", "nodes", "status", "warm ms",
                "(parse/translate/solve/prt)", "cold AOT", "cold", "onnx ms"));
        Map<String, Integer> reasons = new LinkedHashMap<>();
        for (JsonNode r : rows) {
            JsonNode ph = r.at("/warm/phaseMillis");
            String phases = String.format("(%.0f/%.0f/%.0f/%.0f)", ph.get("parse").asDouble(), ph.get("translate").asDouble(),
                    ph.get("solve").asDouble(), ph.get("print").asDouble());
            String status = r.get("status").asText();
            sb.append(String.format("%-" + w + "s  %5d  %-8s  %9.1f  %-27s  %9s  %9s  %9s%n", r.get("model").asText(), r.get("nodes").asInt(),
                    status.startsWith("error") ? "error" : status, r.at("/warm/millis").asDouble(), phases,
                    cell(r.get("cold"), reasons), cell(r.get("coldNoAot"), reasons), cell(r.get("onnx"), reasons)));
        }
        for (JsonNode r : rows)
            if (r.get("status").asText().startsWith("error")) sb.append(r.get("model").asText()).append(": ").append(r.get("status").asText()).append('\n');
        reasons.forEach((why, k) -> sb.append(String.format("[%d] skipped: %s%n", k, why)));
        return sb.toString();
    }

    private static String cell(JsonNode c, Map<String, Integer> reasons) {
        if (c.has("skipped")) return "-[" + reasons.computeIfAbsent(c.get("skipped").asText(), k -> reasons.size() + 1) + "]";
        return String.format("%.1f", c.get("millis").asDouble());
    }
}
