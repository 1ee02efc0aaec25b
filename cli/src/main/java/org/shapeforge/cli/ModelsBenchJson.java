package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.shapeforge.onnx.values.GraphRun;

/**
 * {@code bench models --json}: the setup (thread counts, repetitions, cores, load before and after,
 * torch's version), one object per model and one summary per thread count. Per model and thread
 * count: prepareMillis and compilations, millis (median) / minMillis / runs / allMillis, cpuMillis (the
 * process's CPU per run, mean over the timed runs),
 * kernels, fusedGroups with fusedGroupsReported (false: the runner reports no fusion, and 0 is
 * written), the output check, torch's times or why skipped, and the ratios of the
 * wall medians and of the CPU times (null without torch).
 * A number that was not measured is null, never a guess.
 */
final class ModelsBenchJson {
    private ModelsBenchJson() {}

    /** What the run was: thread counts, repetitions, the machine, torch's version (null if never measured), the launcher. */
    record Setup(List<Integer> threads, int reps, double minSeconds, int warmup, double loadBefore, double loadAfter, int cores,
                 String torchVersion, Path launcher) {
        Setup {
            threads = List.copyOf(threads);
        }
    }

    static ObjectNode of(Setup s, List<ModelResult> rows, List<RatioSummary> summary) {
        ObjectNode doc = Cli.JSON.createObjectNode().put("benchmark", "models").put("reps", s.reps()).put("minSeconds", s.minSeconds())
                .put("warmup", s.warmup()).put("cores", s.cores()).put("loadAverageBefore", s.loadBefore())
                .put("loadAverageAfter", s.loadAfter()).put("torchVersion", s.torchVersion())
                .put("launcher", s.launcher() == null ? null : s.launcher().toString())
                .put("tolerance", GraphRun.TOLERANCE);
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
                ObjectNode t = o.putObject("torch");
                r.torchAt(x.threads()).ifPresentOrElse(
                        tt -> t.put("millis", tt.medianMillis()).put("minMillis", tt.minMillis())
                                .put("cpuMillis", tt.cpuMillis() < 0 ? null : tt.cpuMillis()).put("runs", tt.runs()),
                        () -> t.put("skipped", r.torch() instanceof TorchForwardTime.Skipped(String why) ? why : "no time at this thread count"));
                var ratio = r.ratio(x.threads());
                var cpuRatio = r.cpuRatio(x.threads());
                o.put("ratio", ratio.isPresent() ? ratio.getAsDouble() : null).put("cpuRatio", cpuRatio.isPresent() ? cpuRatio.getAsDouble() : null);
                ArrayNode all = o.putArray("allMillis");
                x.allMillis().forEach(all::add);
            }
            if (r.torch() instanceof TorchForwardTime.Measured tm) {
                ObjectNode c = m.putObject("torchCheck").put("maxRel", Double.isNaN(tm.checkMaxRel()) ? null : tm.checkMaxRel());
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
            ObjectNode o = sum.addObject().put("threads", x.threads()).put("kind", ModelKind.CONVOLUTIONAL.label());
            stat(o.putObject("wall"), x.wall());
            stat(o.putObject("cpu"), x.cpu());
        }
        ArrayNode failing = doc.putArray("failing");
        rows.stream().filter(r -> !r.passed()).forEach(r -> failing.add(r.model()));
        return doc;
    }

    private static void stat(ObjectNode o, RatioSummary.Stat s) {
        o.put("models", s.models()).put("geomeanRatio", s.models() == 0 ? null : s.geomean()).put("maxRatio", s.models() == 0 ? null : s.max())
                .put("maxRatioModel", s.models() == 0 ? null : s.maxModel());
    }
}
