package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.shapeforge.oracle.Backend;
import org.shapeforge.pipeline.Pipeline;
import org.shapeforge.pipeline.Trace;
import org.shapeforge.program.Inference;
import org.shapeforge.program.ModelPrograms;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code shapeforge bench pipeline [--layers 10,100,1000] [--model transformer|cnn|mlp] [--json]}
 * (issue 18): a generated program of L layers ({@link ModelPrograms}) through the pipeline
 * ({@link Pipeline}, the object {@code run} drives), each stage timed by its {@link Trace} — parse,
 * generate ({@code ShapeLogic}), solve (the native solver, which closes its solved form as part of
 * solving), close (the outcome read as a {@link org.shapeforge.program.Solution}, hidden dimensions
 * checked), check (every extent an operation indexes is a constant, seed 004), operations (built
 * once) and project (their projections); nothing else runs inside a measured run. Per size: the
 * median of each phase over the measured repetitions after warm-up runs (excluded), process CPU
 * time beside wall time, peak heap, and the scaling exponent {@code log(t2/t1)/log(n2/n1)} of each
 * phase against the previous size's constraint count.
 */
@Command(name = "pipeline", mixinStandardHelpOptions = true,
        description = "Whole pipeline on generated L-layer programs: parse, generate, solve, close, check, operations, project; per-phase medians and scaling exponents.")
public final class PipelineBench implements Callable<Integer> {
    static final List<String> PHASES = List.of("parse", "generate", "solve", "close", "check", "operations", "project");

    @Option(names = {"--layers", "--sizes"}, paramLabel = "L,L,...", split = ",", description = "layer counts (default 10,100,1000)")
    List<Integer> layers = List.of(10, 100, 1000);

    @Mixin
    ModelOption model;

    @Option(names = "--reps", paramLabel = "R", description = "measured repetitions (default 5 below 10^5 constraints, else 1); medians reported")
    Integer reps;

    @Option(names = "--warmup", paramLabel = "K", description = "warm-up runs of a 100-layer program before each size (default 3)")
    int warmup = 3;

    @Mixin
    JsonOption json;

    @Mixin
    TraceOption trace;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** One measured run through all phases: wall ms per phase, process CPU ms, peak heap, verdict. */
    record Run(double[] millis, double cpuMillis, long peakHeap, String verdict, int constraints, int operations) {
        double total() {
            return Arrays.stream(millis).sum();
        }
    }

    @Override
    public Integer call() {
        ModelPrograms m = model.programs(spec.commandLine());
        for (int l : layers)
            if (l < 1) throw new CommandLine.ParameterException(spec.commandLine(), "--layers must be >= 1, got " + l);
        PrintWriter out = spec.commandLine().getOut();
        ArrayNode rows = Cli.JSON.createArrayNode();
        boolean ok = true;
        if (!json.on) out.printf("pipeline %s: wall ms per phase, median of the measured repetitions after %d warm-up run(s); "
                + "%d cores, load %.1f%n", m.label(), warmup, Runtime.getRuntime().availableProcessors(), load());
        if (!json.on) {
            out.printf("%7s %9s", "layers", "constr");
            for (String p : PHASES) out.printf(" %10s", p);
            out.printf(" %9s %10s %9s %5s%n", "total", "cpu", "heapMiB", "reps");
        }
        ObjectNode prev = null;
        for (int l : layers) {
            String text = m.program(l);
            String warm = m.program(Math.min(100, l));
            for (int i = 0; i < warmup; i++) measure(warm, null);
            Run first = measure(text, trace.on ? Trace.lines(new PrintWriter(System.err, true)) : null);
            int r = reps != null ? Math.max(1, reps) : first.constraints() < 100_000 ? 5 : 1;
            List<Run> rs = new ArrayList<>(List.of(first));
            for (int i = 1; i < r; i++) rs.add(measure(text, trace.on ? Trace.lines(new PrintWriter(System.err, true)) : null));
            ObjectNode row = rows.addObject().put("layers", l).put("constraints", first.constraints())
                    .put("operations", first.operations()).put("verdict", first.verdict()).put("repetitions", r);
            ok &= rs.stream().allMatch(x -> x.verdict().equals("sat"));
            ObjectNode ph = row.putObject("phaseMillis");
            for (int k = 0; k < PHASES.size(); k++) {
                int kk = k;
                ph.put(PHASES.get(k), median(rs.stream().mapToDouble(x -> x.millis()[kk]).toArray()));
            }
            row.put("totalMillis", median(rs.stream().mapToDouble(Run::total).toArray()));
            row.put("processCpuMillis", median(rs.stream().mapToDouble(Run::cpuMillis).toArray()));
            row.put("peakHeapMiB", rs.stream().mapToLong(Run::peakHeap).max().orElse(0) / 1048576.0);
            row.put("constraintsPerSecond", first.constraints() / (row.get("totalMillis").asDouble() / 1000));
            row.put("loadAverage", load());
            if (prev != null) {
                ObjectNode ex = row.putObject("scalingExponent");
                double ratio = Math.log((double) first.constraints() / prev.get("constraints").asInt());
                for (String p : PHASES)
                    ex.put(p, exponent(prev.get("phaseMillis").get(p).asDouble(), ph.get(p).asDouble(), ratio));
                ex.put("total", exponent(prev.get("totalMillis").asDouble(), row.get("totalMillis").asDouble(), ratio));
            }
            prev = row;
            if (!json.on) {
                out.printf("%7d %9d", l, first.constraints());
                for (String p : PHASES) out.printf(" %10.1f", ph.get(p).asDouble());
                out.printf(" %9.1f %10.1f %9.1f %5d  %s%n", row.get("totalMillis").asDouble(),
                        row.get("processCpuMillis").asDouble(), row.get("peakHeapMiB").asDouble(), r, first.verdict());
                if (row.has("scalingExponent")) {
                    var ex = row.get("scalingExponent");
                    out.printf("%8s exponent", "");
                    for (String p : PHASES) out.printf(" %10.2f", ex.get(p).asDouble());
                    out.printf(" %9.2f%n", ex.get("total").asDouble());
                }
            }
            out.flush();
        }
        if (json.on) out.println(Cli.json(Cli.JSON.createObjectNode().put("benchmark", "pipeline").put("model", m.label())
                .put("cores", Runtime.getRuntime().availableProcessors()).put("warmupRuns", warmup)
                .put("method", "wall ms per phase, median of repetitions after warm-up runs of a <=100-layer program; "
                        + "scalingExponent = log(t/t_prev)/log(constraints/constraints_prev)")
                .set("rows", rows)));
        out.flush();
        return ok ? Cli.OK : Cli.NEGATIVE;
    }

    private static double exponent(double t0, double t1, double logRatio) {
        return t0 > 0 && t1 > 0 && logRatio != 0 ? Math.log(t1 / t0) / logRatio : Double.NaN;
    }

    static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /**
     * One run through the pipeline's stages from text to projections ({@link Pipeline}, the same
     * object {@code run} drives), each stage's time recorded by the trace.
     */
    static Run measure(String text, Trace print) {
        System.gc();
        for (MemoryPoolMXBean mp : ManagementFactory.getMemoryPoolMXBeans()) mp.resetPeakUsage();
        long c0 = BenchCommand.processCpuNanos();
        double[] ms = new double[PHASES.size()];
        Trace record = (stage, millis, summary) -> {
            int k = PHASES.indexOf(stage.keyword);
            if (k >= 0) ms[k] += millis;
        };
        Pipeline pipeline = Pipeline.of(Backend.NATIVE.create()).withTrace(print == null ? record : record.andThen(print));
        Inference inf = pipeline.infer(pipeline.parse("generated.shp", text));
        int tensors = inf.generated().tensors().size(); // shapes() would ground them all again, outside every stage
        int ops = 0;
        if (inf.succeeded()) ops = pipeline.project(inf).operations().size();
        double cpu = (BenchCommand.processCpuNanos() - c0) / 1e6;
        long peak = 0;
        for (MemoryPoolMXBean mp : ManagementFactory.getMemoryPoolMXBeans())
            if (mp.getType() == MemoryType.HEAP) peak += mp.getPeakUsage().getUsed();
        String verdict = inf.succeeded() && tensors > 0 ? "sat" : inf.failure().map(f -> f.kind()).orElse("unknown");
        return new Run(ms, cpu, peak, verdict, inf.generated().problem().constraints().size(), ops);
    }
}
