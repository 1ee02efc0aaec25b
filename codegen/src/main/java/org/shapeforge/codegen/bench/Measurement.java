package org.shapeforge.codegen.bench;

/**
 * One benchmark figure: an implementation on one problem size, the median wall time of the timed
 * repetitions and the resulting GFLOP/s ({@code flops / median}).
 *
 * @param status "ok", or why the implementation was skipped (then the numbers are NaN)
 */
public record Measurement(String impl, String problem, double flops, double medianMillis, double minMillis, int reps,
        String status) {

    public double gflops() {
        return flops / (medianMillis / 1e3) / 1e9;
    }

    public static Measurement skipped(String impl, String problem, String why) {
        return new Measurement(impl, problem, Double.NaN, Double.NaN, Double.NaN, 0, why);
    }

    public boolean ok() {
        return status.equals("ok");
    }
}
