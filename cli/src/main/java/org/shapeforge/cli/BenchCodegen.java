package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import org.shapeforge.codegen.bench.Measurement;

/** Text and JSON rendering of the code-generation benchmarks ({@code bench matmul}, {@code bench conv}). */
final class BenchCodegen {
    private BenchCodegen() {}

    static void print(PrintWriter out, boolean json, String name, double peak, List<Measurement> rows) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (json) {
            ObjectNode doc = Cli.JSON.createObjectNode().put("benchmark", name).put("cores", cores).put("fmaPeakGflops", peak)
                    .put("method", "timed repetitions after >= 300 ms warm-up; gflops = flops / median wall time, bestGflops = flops / min wall time,"
                            + " gflopsPerCpuSecond = flops / median process CPU time");
            ArrayNode arr = doc.putArray("runs");
            for (Measurement m : rows) {
                ObjectNode o = arr.addObject().put("impl", m.impl()).put("problem", m.problem()).put("status", m.status());
                if (m.ok()) o.put("medianMillis", m.medianMillis()).put("minMillis", m.minMillis()).put("cpuMillis", m.cpuMillis())
                        .put("reps", m.reps()).put("gflops", m.gflops()).put("bestGflops", m.bestGflops())
                        .put("gflopsPerCpuSecond", m.gflopsPerCpuSecond()).put("fractionOfPeak", m.gflops() / peak);
            }
            out.println(Cli.json(doc));
        } else {
            out.printf("%s: %d cores, measured FMA peak %.1f GFLOP/s (single precision)%n", name, cores, peak);
            out.printf("%-22s %-36s %9s %9s %9s %8s %8s %10s %7s%n", "implementation", "problem", "median ms", "min ms", "cpu ms",
                    "GFLOP/s", "best", "per cpu-s", "of peak");
            for (Measurement m : rows) {
                if (m.ok()) out.printf("%-22s %-36s %9.2f %9.2f %9.2f %8.1f %8.1f %10.1f %6.1f%%%n", m.impl(), m.problem(), m.medianMillis(),
                        m.minMillis(), m.cpuMillis(), m.gflops(), m.bestGflops(), m.gflopsPerCpuSecond(), 100 * m.gflops() / peak);
                else out.printf("%-24s %-36s skipped: %s%n", m.impl(), m.problem(), m.status());
            }
        }
        out.flush();
    }
}
