package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.shapeforge.onnx.values.GraphRun;

/**
 * The text (a Markdown table, as docs/onnx.md quotes it) and JSON forms of
 * {@code conformance --models DIR}: per model, nodes, our import time beside
 * {@code onnx.shape_inference}'s, the values by verdict, the run; then every failing model's
 * first lines.
 */
final class CorpusTable {
    private CorpusTable() {}

    static String text(List<ModelCorpus.Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("| model | nodes | import ms (onnx ms) | values agreeing / ours only / theirs only / disagreeing / unchecked | run ok, max rel err |\n");
        sb.append("|---|---:|---:|---|---|\n");
        for (ModelCorpus.Row r : rows) {
            ModelCorpus.Counts c = r.counts();
            sb.append(String.format("| %s | %d | %s (%.1f) | %d / %d / %d / %d / %d | %s |%n", r.model(), r.nodes(),
                    r.imported() ? String.format("%.0f", r.importMs()) : "failed", r.onnxMs(), c.agree(), c.oursOnly(),
                    c.theirsOnly(), c.disagree(), c.unchecked(), run(r.run())));
        }
        long passed = rows.stream().filter(ModelCorpus.Row::passed).count();
        sb.append(String.format("%n%d of %d models passed (imported, no value disagreeing or ONNX's only, run within %s)%n",
                passed, rows.size(), GraphRun.TOLERANCE));
        for (ModelCorpus.Row r : rows) {
            if (r.passed() && r.examples().isEmpty()) continue;
            if (!r.imported()) sb.append(r.model()).append(": import ").append(r.importFailure()).append('\n');
            for (String e : r.examples()) sb.append(r.model()).append(": ").append(e).append('\n');
            switch (r.run()) {
                case ModelCorpus.Run.Failed(double rel, String message) -> sb.append(r.model()).append(": run ").append(message).append('\n');
                case ModelCorpus.Run.Refused(String message) -> sb.append(r.model()).append(": run refused: ").append(message).append('\n');
                case ModelCorpus.Run.Passed p -> { }
                case ModelCorpus.Run.Skipped s -> { }
            }
        }
        return sb.toString();
    }

    private static String run(ModelCorpus.Run r) {
        return switch (r) {
            case ModelCorpus.Run.Passed(double rel) -> String.format("ok, %.1e", rel);
            case ModelCorpus.Run.Failed(double rel, String m) -> String.format("FAIL, %.1e", rel);
            case ModelCorpus.Run.Refused(String m) -> "refused";
            case ModelCorpus.Run.Skipped() -> "not run";
        };
    }

    static ObjectNode toJson(Path root, List<ModelCorpus.Row> rows) {
        ObjectNode doc = Cli.JSON.createObjectNode();
        doc.put("root", root.toString()).put("mode", "models").put("tolerance", GraphRun.TOLERANCE).put("models", rows.size())
                .put("passed", rows.stream().filter(ModelCorpus.Row::passed).count());
        ArrayNode ms = doc.putArray("rows");
        for (ModelCorpus.Row r : rows) {
            ObjectNode o = ms.addObject().put("model", r.model()).put("nodes", r.nodes()).put("passed", r.passed());
            ObjectNode imp = num(num(o.putObject("import").put("ok", r.imported()), "ms", r.importMs()), "onnxInferMs", r.onnxMs());
            if (!r.imported()) imp.put("error", r.importFailure());
            ModelCorpus.Counts c = r.counts();
            o.putObject("values").put("agree", c.agree()).put("oursOnly", c.oursOnly()).put("theirsOnly", c.theirsOnly())
                    .put("disagree", c.disagree()).put("unchecked", c.unchecked());
            ArrayNode ex = o.putArray("examples");
            r.examples().forEach(ex::add);
            ObjectNode run = o.putObject("run");
            switch (r.run()) {
                case ModelCorpus.Run.Passed(double rel) -> num(run.put("status", "passed"), "maxRel", rel);
                case ModelCorpus.Run.Failed(double rel, String m) -> num(run.put("status", "failed"), "maxRel", rel).put("message", m);
                case ModelCorpus.Run.Refused(String m) -> run.put("status", "refused").put("message", m);
                case ModelCorpus.Run.Skipped() -> run.put("status", "skipped");
            }
        }
        return doc;
    }

    /** A number, or its name ("NaN", "Infinity") where JSON has none. */
    private static ObjectNode num(ObjectNode o, String key, double v) {
        return Double.isFinite(v) ? o.put(key, v) : o.put(key, Double.toString(v));
    }
}
