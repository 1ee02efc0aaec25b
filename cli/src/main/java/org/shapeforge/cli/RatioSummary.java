package org.shapeforge.cli;

import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * {@code bench models}' verdict at one thread count against the target "geomean ≤ 3× torch over
 * the CNNs, none > 6×": over the {@link ModelKind#CONVOLUTIONAL} models that passed their output
 * check and have a torch time, the geometric mean and the largest of our-over-torch ratios of the
 * wall medians ({@link #wall}) and of the CPU times per run ({@link #cpu}: steadier on a loaded
 * machine). A model with wrong outputs is never in it (it is listed as failing).
 */
record RatioSummary(int threads, Stat wall, Stat cpu) {
    /** Geomean and max over {@code models} ratios, and which model has the max; with no model, NaN and "". */
    record Stat(int models, double geomean, double max, String maxModel) {}

    static RatioSummary of(List<ModelResult> rows, int threads) {
        return new RatioSummary(threads, stat(rows, r -> r.ratio(threads)), stat(rows, r -> r.cpuRatio(threads)));
    }

    private static Stat stat(List<ModelResult> rows, Function<ModelResult, OptionalDouble> ratio) {
        double logSum = 0, max = Double.NaN;
        String maxModel = "";
        int n = 0;
        for (ModelResult r : rows) {
            if (r.kind() != ModelKind.CONVOLUTIONAL || !r.passed()) continue;
            OptionalDouble q = ratio.apply(r);
            if (q.isEmpty()) continue;
            double x = q.getAsDouble();
            logSum += Math.log(x);
            n++;
            if (!(x <= max)) {
                max = x;
                maxModel = r.model();
            }
        }
        return new Stat(n, n == 0 ? Double.NaN : Math.exp(logSum / n), max, maxModel);
    }
}
