package org.shapeforge.codegen.bench;

/**
 * One benchmark figure: an implementation on one problem size, the median and minimum wall time of
 * the timed repetitions, the median process CPU time, and the GFLOP/s each gives.
 *
 * @param status "ok", or why the implementation was skipped (then the numbers are NaN)
 */
public record Measurement(String impl, String problem, double flops, double medianMillis, double minMillis, double cpuMillis,
        int reps, String status) {

    /** GFLOP/s over the median wall time. */
    public double gflops() {
        return flops / (medianMillis / 1e3) / 1e9;
    }

    /** GFLOP/s over the minimum wall time (the least disturbed run). */
    public double bestGflops() {
        return flops / (minMillis / 1e3) / 1e9;
    }

    /** GFLOP per second of process CPU time (median): per-core efficiency, robust to shared cores. */
    public double gflopsPerCpuSecond() {
        return flops / (cpuMillis / 1e3) / 1e9;
    }

    static Measurement of(String impl, String problem, double flops, double[] t, int reps) {
        return new Measurement(impl, problem, flops, t[0], t[1], t[2], reps, "ok");
    }

    public static Measurement skipped(String impl, String problem, String why) {
        return new Measurement(impl, problem, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, why);
    }

    public boolean ok() {
        return status.equals("ok");
    }
}
