package org.shapeforge.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.shapeforge.onnx.values.KernelTiming;

/**
 * {@code run model.onnx --profile}'s table from several timed runs of one model (the same kernels
 * in the same order each run): one line per kernel with the medians over the runs, slowest first —
 * the whole kernel run and the native call alone in milliseconds, the share of the total, GFLOP/s
 * of a contraction's native call, the kernel's name and its product space's extents — then the
 * totals.
 */
final class ProfileTable {
    private ProfileTable() {}

    /** Each kernel's median over {@code runs}. */
    static List<KernelTiming> medians(List<List<KernelTiming>> runs) {
        List<KernelTiming> first = runs.getFirst(), out = new ArrayList<>();
        for (int i = 0; i < first.size(); i++) {
            int at = i;
            KernelTiming t = first.get(i);
            out.add(new KernelTiming(t.kernel(), t.extents(), median(runs.stream().mapToLong(r -> r.get(at).nanos()).sorted().toArray()),
                    median(runs.stream().mapToLong(r -> r.get(at).callNanos()).sorted().toArray()), t.flops()));
        }
        return out;
    }

    private static long median(long[] sorted) {
        return sorted[sorted.length / 2];
    }

    static void print(List<List<KernelTiming>> runs, PrintWriter out) {
        List<KernelTiming> ts = medians(runs);
        double total = ts.stream().mapToLong(KernelTiming::nanos).sum() / 1e6, call = ts.stream().mapToLong(KernelTiming::callNanos).sum() / 1e6;
        out.printf("%nmedian of %d runs after a first that compiles%n%9s %9s %6s %8s  %s%n", runs.size(), "ms", "call ms", "%", "GFLOP/s",
                "kernel [extents]");
        for (KernelTiming t : ts.stream().sorted(Comparator.comparingLong(KernelTiming::nanos).reversed()).toList())
            out.printf("%9.3f %9.3f %5.1f%% %8s  %s [%s]%n", t.nanos() / 1e6, t.callNanos() / 1e6, total == 0 ? 0 : 100 * t.nanos() / 1e6 / total,
                    Double.isNaN(t.gflops()) ? "-" : String.format("%.1f", t.gflops()), t.kernel(),
                    t.extents().stream().map(String::valueOf).collect(Collectors.joining("x")));
        out.printf("%9.3f %9.3f %5.1f%%           total of %d kernels%n", total, call, 100.0, ts.size());
        out.flush();
    }
}
