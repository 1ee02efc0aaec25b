package org.shapeforge.cli;

import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * {@code bench models}' verdict at one thread count against one {@link Peer}'s target ("geomean
 * ≤ {@link Peer#targetGeomean} over the CNNs, none above {@link Peer#targetMax}"): over the
 * {@link ModelKind#CONVOLUTIONAL} models that passed their output check and have the peer's time,
 * the geometric mean and the largest of our-over-peer ratios of the wall medians ({@link #wall})
 * and of the CPU times per run ({@link #cpu}: steadier on a loaded machine); the same over the
 * attention models ({@link #attention}, wall). A model with wrong outputs is never in it (it is
 * listed as failing).
 */
record RatioSummary(Peer peer, int threads, Stat wall, Stat cpu, Stat attention) {
    /** Geomean and max over {@code models} ratios, and which model has the max; with no model, NaN and "". */
    record Stat(int models, double geomean, double max, String maxModel) {
        /** Whether there are ratios and they meet {@code peer}'s target. */
        boolean meets(Peer peer) {
            return models > 0 && geomean <= peer.targetGeomean && max <= peer.targetMax;
        }
    }

    static RatioSummary of(List<ModelResult> rows, Peer peer, int threads) {
        return new RatioSummary(peer, threads, stat(rows, ModelKind.CONVOLUTIONAL, r -> r.ratio(peer, threads)),
                stat(rows, ModelKind.CONVOLUTIONAL, r -> r.cpuRatio(peer, threads)), stat(rows, ModelKind.ATTENTION, r -> r.ratio(peer, threads)));
    }

    private static Stat stat(List<ModelResult> rows, ModelKind kind, Function<ModelResult, OptionalDouble> ratio) {
        double logSum = 0, max = Double.NaN;
        String maxModel = "";
        int n = 0;
        for (ModelResult r : rows) {
            if (r.kind() != kind || !r.passed()) continue;
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
