package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.shapeforge.onnx.values.GraphRun;

/**
 * {@code bench models --json}: the setup (thread counts, repetitions, cores, load before and after,
 * each peer's version: {@code ortVersion}, {@code torchVersion}), one object per model and one
 * summary per thread count and peer. Per model and thread count: prepareMillis and compilations,
 * millis (median) / minMillis / runs / allMillis, cpuMillis (the process's CPU per run, mean over
 * the timed runs), kernels, fusedGroups with fusedGroupsReported (false: the runner reports no
 * fusion, and 0 is written), the output check, and per {@link Peer} an object ({@code ort},
 * {@code torch}) with its times — ORT's {@code sessionMillis} too — or why skipped, and the ratios
 * of the wall medians, of the CPU times and (ORT) of our preparation over its session creation.
 * A number that was not measured is null, never a guess.
 */
final class ModelsBenchJson {
    private ModelsBenchJson() {}

    /** What the run was: thread counts, repetitions, the machine, each peer's version (absent if never measured), the launcher. */
    record Setup(List<Integer> threads, int reps, double minSeconds, int warmup, double loadBefore, double loadAfter, int cores,
                 Map<Peer, String> versions, Path launcher) {
        Setup {
            threads = List.copyOf(threads);
            versions = Map.copyOf(versions);
        }
    }

    static ObjectNode of(Setup s, List<ModelResult> rows, List<RatioSummary> summary) {
        ObjectNode doc = Cli.JSON.createObjectNode().put("benchmark", "models").put("reps", s.reps()).put("minSeconds", s.minSeconds())
                .put("warmup", s.warmup()).put("cores", s.cores()).put("loadAverageBefore", s.loadBefore())
                .put("loadAverageAfter", s.loadAfter())
                .put("launcher", s.launcher() == null ? null : s.launcher().toString())
                .put("tolerance", GraphRun.TOLERANCE);
        for (Peer p : Peer.values()) doc.put(p.versionField, s.versions().get(p));
        ArrayNode ts = doc.putArray("threads");
        s.threads().forEach(ts::add);
        ArrayNode models = doc.putArray("models");
        for (ModelResult r : rows) {
            ObjectNode m = models.addObject().put("model", r.model()).put("dir", r.dir().toString()).put("nodes", r.nodes())
                    .put("kind", r.kind().label()).put("passed", r.passed()).put("error", r.error().orElse(null));
            ArrayNode per = m.putArray("runs");
            for (SteadyRun x : r.runs()) {
                ObjectNode o = per.addObject().put("threads", x.threads()).put("prepareMillis", x.prepareMillis())
                        .put("compilations", x.compilations() < 0 ? null : x.compilations())
                        .put("millis", x.millis()).put("minMillis", x.minMillis()).put("cpuMillis", x.cpuMillis() < 0 ? null : x.cpuMillis())
                        .put("runs", x.allMillis().size()).put("kernels", x.kernels())
                        .put("fusedGroups", x.fusedGroups().orElse(0)).put("fusedGroupsReported", x.fusedGroups().isPresent());
                o.putObject("check").put("maxRel", Double.isNaN(x.maxRel()) ? null : x.maxRel()).put("passed", x.passed());
                for (Peer p : Peer.values()) {
                    ObjectNode t = o.putObject(p.key);
                    r.peerAt(p, x.threads()).ifPresentOrElse(
                            tt -> t.put("millis", tt.medianMillis()).put("minMillis", tt.minMillis())
                                    .put("cpuMillis", tt.cpuMillis() < 0 ? null : tt.cpuMillis()).put("runs", tt.runs())
                                    .put("sessionMillis", tt.sessionMillis() < 0 ? null : tt.sessionMillis()),
                            () -> t.put("skipped", r.peer(p) instanceof PeerTime.Skipped(String why) ? why : "no time at this thread count"));
                    t.put("ratio", value(r.ratio(p, x.threads()))).put("cpuRatio", value(r.cpuRatio(p, x.threads())))
                            .put("prepareRatio", value(r.prepareRatio(p, x.threads())));
                }
                ArrayNode all = o.putArray("allMillis");
                x.allMillis().forEach(all::add);
            }
            for (Peer p : Peer.values())
                if (r.peer(p) instanceof PeerTime.Measured tm) {
                    ObjectNode c = m.putObject(p.key + "Check").put("maxRel", Double.isNaN(tm.checkMaxRel()) ? null : tm.checkMaxRel());
                    ArrayNode sorted = c.putArray("comparedSorted");
                    tm.comparedSorted().forEach(sorted::add);
                }
            ObjectNode c = m.putObject("cold");
            switch (r.cold()) {
                case ColdRun.Timed(double ms, int exit) -> c.put("millis", ms).put("exit", exit);
                case ColdRun.Skipped(String why) -> c.put("skipped", why);
            }
        }
        ArrayNode sum = doc.putArray("summary");
        for (RatioSummary x : summary) {
            ObjectNode o = sum.addObject().put("threads", x.threads()).put("peer", x.peer().key).put("kind", ModelKind.CONVOLUTIONAL.label())
                    .put("targetGeomean", x.peer().targetGeomean).put("targetMax", x.peer().targetMax).put("met", x.wall().meets(x.peer()));
            stat(o.putObject("wall"), x.wall());
            stat(o.putObject("cpu"), x.cpu());
            stat(o.putObject("attention"), x.attention());
        }
        ArrayNode failing = doc.putArray("failing");
        rows.stream().filter(r -> !r.passed()).forEach(r -> failing.add(r.model()));
        return doc;
    }

    private static Double value(OptionalDouble d) {
        return d.isPresent() ? d.getAsDouble() : null;
    }

    private static void stat(ObjectNode o, RatioSummary.Stat s) {
        o.put("models", s.models()).put("geomeanRatio", s.models() == 0 ? null : s.geomean()).put("maxRatio", s.models() == 0 ? null : s.max())
                .put("maxRatioModel", s.models() == 0 ? null : s.maxModel());
    }
}
