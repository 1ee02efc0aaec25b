package org.shapeforge.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import onnx.Onnx.ModelProto;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Value;

/**
 * One model at one OpenMP thread count in {@code bench models} (issue 29): the preparation (its
 * wall time, and how many sources gcc compiled during it: 0 when the kernel cache was warm, -1 when
 * the runner does not say), then
 * untimed runs — at least {@code warmup}, and (when that is at least 1) more until the process
 * has spent {@code minSeconds} of CPU time on them (at most {@link #WARM_WALL_FACTOR} times that
 * in wall time), so that the JIT has compiled the lowering code before the first thread count is
 * timed as before the later ones, however loaded the machine — then timed runs — at least {@code reps}, more until
 * {@code minSeconds} have passed, at most {@link #MOST_RUNS} — each timed on the wall clock; and the
 * process's CPU (all threads: OpenMP's included) over all timed runs, per run ({@code cpuMillis},
 * -1 where the platform does not report it): the process clock ticks in jiffies, too coarse for one
 * run, and on a loaded machine CPU time is the steadier measure of the two. The first timed run's outputs are compared
 * with the expected ones ({@link GraphRun#compare}, within {@link GraphRun#TOLERANCE}); a model
 * whose outputs fail is timed all the same and marked, never counted as a result.
 */
record SteadyRun(int threads, double prepareMillis, long compilations, List<Double> allMillis, double cpuMillis,
                 int kernels, OptionalInt fusedGroups, double maxRel, boolean passed) {
    static final int MOST_RUNS = 500;

    /** The warm-up stops after this many times {@code minSeconds} of wall time even if the CPU time is short of it. */
    static final int WARM_WALL_FACTOR = 10;

    SteadyRun {
        allMillis = List.copyOf(allMillis);
        if (allMillis.isEmpty()) throw new IllegalArgumentException("a steady run needs at least one timed run");
    }

    double millis() {
        return WarmImport.median(allMillis);
    }

    double minMillis() {
        return allMillis.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    /**
     * Measures {@code model} on {@code inputs} through {@code runner} at {@code threads};
     * {@code expected} is the folder of its output_k.pb.
     */
    static SteadyRun measure(ModelRunner runner, ModelProto model, Map<String, Value> inputs, Path expected,
                             int threads, int warmup, int reps, double minSeconds) {
        long c0 = runner.compilations(), t0 = System.nanoTime();
        try (ModelRunner.Prepared p = runner.prepare(model, inputs, threads)) {
            double prepare = (System.nanoTime() - t0) / 1e6;
            long compiled = c0 < 0 ? -1 : runner.compilations() - c0;
            long warm0 = System.nanoTime(), warmCpu0 = BenchCommand.processCpuNanos();
            for (int i = 0; i < warmup || (i > 0 && i < MOST_RUNS && BenchCommand.processCpuNanos() - warmCpu0 < minSeconds * 1e9
                    && System.nanoTime() - warm0 < WARM_WALL_FACTOR * minSeconds * 1e9); i++)
                p.run(inputs);
            List<Double> ms = new ArrayList<>();
            ModelRunner.Outcome first = null;
            long start = System.nanoTime(), cpu0 = BenchCommand.processCpuNanos();
            while (ms.size() < reps || (System.nanoTime() - start < minSeconds * 1e9 && ms.size() < MOST_RUNS)) {
                long w0 = System.nanoTime();
                ModelRunner.Outcome o = p.run(inputs);
                ms.add((System.nanoTime() - w0) / 1e6);
                if (first == null) first = o;
            }
            long cpu1 = BenchCommand.processCpuNanos();
            double cpu = cpu0 < 0 || cpu1 < 0 ? -1 : (cpu1 - cpu0) / 1e6 / ms.size();
            List<GraphRun.Output> outs = GraphRun.compare(model, first.outputs(), expected);
            double worst = 0;
            boolean passed = true, compared = false;
            for (GraphRun.Output o : outs) {
                if (!o.compared()) continue;
                compared = true;
                worst = Math.max(worst, o.maxRel());
                passed &= o.passed();
            }
            return new SteadyRun(threads, prepare, compiled, ms, cpu, first.kernels(), first.fusedGroups(), compared ? worst : Double.NaN,
                    passed && compared);
        }
    }
}
