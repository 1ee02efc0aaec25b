package org.shapeforge.codegen.bench;

import java.util.Arrays;

/** Warm-up then timed repetitions of one action: median and minimum wall time in milliseconds. */
final class Timing {
    private Timing() {}

    /** Runs {@code action} until about {@code warmupMillis} have passed, then {@code reps} timed times. */
    static double[] time(Runnable action, int reps, double warmupMillis) {
        long w0 = System.nanoTime();
        do action.run(); while ((System.nanoTime() - w0) / 1e6 < warmupMillis);
        double[] ms = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            action.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return new double[] {ms[reps / 2], ms[0]};
    }
}
