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
 * first lines; then the peers' table ({@link PeerCounts}): values with a full shape at the test
 * point by ours, ONNX Runtime's symbolic inference and ONNX's, disagreements, import's exit status.
 */
final class CorpusTable {
    private CorpusTable() {}

    static String text(List<ModelCorpus.Row> rows, OrtShapes ort) {
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
        boolean ran = rows.stream().noneMatch(r -> r.run() instanceof ModelCorpus.Run.Skipped);
        sb.append(String.format("%n%d of %d models passed (imported, no value disagreeing or ONNX's only%s)%n", passed,
                rows.size(), ran ? ", run within " + GraphRun.TOLERANCE + " relative of the reference outputs" : "; values not run"));
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
        peers(sb, rows, ort);
        return sb.toString();
    }

    private static void peers(StringBuilder sb, List<ModelCorpus.Row> rows, OrtShapes ort) {
        sb.append(String.format("%nFull shapes at the test point: ours, ORT symbolic (%s), onnx.shape_inference%n", switch (ort) {
            case OrtShapes.Measured(String version, var per, var ran) -> "onnxruntime " + version;
            case OrtShapes.Skipped(String why) -> "skipped: " + why;
        }));
        sb.append("| model | values | ours full | ORT full | onnx full | ORT, not ours | disagreeing | wrong vs the run: ours / ORT / onnx (of checked) | import exit |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (ModelCorpus.Row r : rows) {
            PeerCounts p = r.peers();
            String o = switch (p.ort()) {
                case PeerCounts.Column.Counted(int full) -> Integer.toString(full);
                case PeerCounts.Column.Missing(String why) -> ort instanceof OrtShapes.Skipped ? "skipped" : "ORT " + why;
            };
            sb.append(String.format("| %s | %d | %d | %s | %d | %d | %d | %s | %d |%n", r.model(), p.values(), p.oursFull(), o, p.onnxFull(),
                    p.ortNotOurs(), p.disagree(), p.truth().map(t -> t.oursWrong() + " / " + t.ortWrong() + " / " + t.onnxWrong()
                            + " (" + t.checked() + ")").orElse("not run"), r.importExit()));
        }
        long[] sums = new long[10];
        for (ModelCorpus.Row r : rows) {
            PeerCounts p = r.peers();
            sums[0] += p.values();
            sums[1] += p.oursFull();
            if (p.ort() instanceof PeerCounts.Column.Counted(int full)) sums[2] += full;
            sums[3] += p.onnxFull();
            sums[4] += p.ortNotOurs();
            sums[5] += p.disagree();
            if (p.truth().isPresent()) {
                sums[6] += p.truth().get().oursWrong();
                sums[7] += p.truth().get().ortWrong();
                sums[8] += p.truth().get().onnxWrong();
                sums[9] += p.truth().get().checked();
            }
        }
        sb.append(String.format("| total | %d | %d | %d | %d | %d | %d | %d / %d / %d (%d) | |%n", sums[0], sums[1], sums[2], sums[3], sums[4],
                sums[5], sums[6], sums[7], sums[8], sums[9]));
        // conformance imports with the native solver alone (no --verified): every exit 0 is a native answer
        long nativeAnswers = rows.stream().filter(r -> r.importExit() == Cli.OK).count();
        sb.append(String.format("answered by the native solver alone (import exit 0): %d of %d models; by the Z3 fallback: 0 (not run)%n",
                nativeAnswers, rows.size()));
        for (ModelCorpus.Row r : rows)
            for (String e : r.peers().examples()) sb.append(r.model()).append(": differ ").append(e).append('\n');
    }

    private static String run(ModelCorpus.Run r) {
        return switch (r) {
            case ModelCorpus.Run.Passed(double rel) -> String.format("ok, %.1e", rel);
            case ModelCorpus.Run.Failed(double rel, String m) -> String.format("FAIL, %.1e", rel);
            case ModelCorpus.Run.Refused(String m) -> "refused";
            case ModelCorpus.Run.Skipped() -> "not run";
        };
    }

    static ObjectNode toJson(Path root, List<ModelCorpus.Row> rows, OrtShapes ort) {
        ObjectNode doc = Cli.JSON.createObjectNode();
        doc.put("root", root.toString()).put("mode", "models").put("tolerance", GraphRun.TOLERANCE).put("models", rows.size())
                .put("passed", rows.stream().filter(ModelCorpus.Row::passed).count())
                .put("answeredNatively", rows.stream().filter(r -> r.importExit() == Cli.OK).count());
        ObjectNode o0 = doc.putObject("ort");
        switch (ort) {
            case OrtShapes.Measured(String version, var per, var ran) -> o0.put("status", "ran").put("version", version);
            case OrtShapes.Skipped(String why) -> o0.put("status", "skipped").put("reason", why);
        }
        ArrayNode ms = doc.putArray("rows");
        for (ModelCorpus.Row r : rows) {
            ObjectNode o = ms.addObject().put("model", r.model()).put("nodes", r.nodes()).put("passed", r.passed());
            ObjectNode imp = num(num(o.putObject("import").put("ok", r.imported()), "ms", r.importMs()), "onnxInferMs", r.onnxMs());
            imp.put("exit", r.importExit());
            if (!r.imported()) imp.put("error", r.importFailure());
            PeerCounts p = r.peers();
            ObjectNode pj = o.putObject("peers").put("values", p.values()).put("oursFull", p.oursFull()).put("onnxFull", p.onnxFull())
                    .put("ortNotOurs", p.ortNotOurs()).put("disagree", p.disagree());
            p.truth().ifPresentOrElse(t -> pj.putObject("run").put("checked", t.checked()).put("oursWrong", t.oursWrong())
                    .put("ortWrong", t.ortWrong()).put("onnxWrong", t.onnxWrong()), () -> pj.putNull("run"));
            switch (p.ort()) {
                case PeerCounts.Column.Counted(int full) -> pj.put("ortFull", full);
                case PeerCounts.Column.Missing(String why) -> pj.putNull("ortFull").put("ortMissing", why);
            }
            ArrayNode dif = pj.putArray("examples");
            p.examples().forEach(dif::add);
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
