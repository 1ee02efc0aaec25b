package org.shapeforge.cli;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import org.shapeforge.lang.Problem;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * Warm-up until the JIT has settled, as JMH does before its measured iterations: untimed solves
 * of the instance about to be measured, until {@link #QUIET} solves in a row ran with the JIT
 * compilers busy for less than {@link #SETTLED} of their wall time, and at least
 * {@link #MIN_SOLVES} solves and {@link #MIN_MILLIS} of warm-up have passed — or {@code max}
 * solves. A fixed number of solves of a smaller instance (the benchmark's rule until 2026-11-24)
 * left the JIT compiling through the measured repetitions of the next size: at 10^5 the compilers
 * ran for 0.4–0.7 s during each of the first eight solves and the solving thread took 0.72 s
 * instead of 0.35 s (docs/performance.md, "JIT-settled warm-up"), so a size's median depended on
 * which sizes came before it; and one quiet solve is not enough (tiered compilation comes in
 * bursts). The compilers' time is {@link CompilationMXBean#getTotalCompilationTime()} (where the
 * VM does not report it, the {@code max} solves are run).
 */
final class JitWarmup {
    /** Compilation time below this fraction of a solve's wall time counts as a quiet solve. */
    static final double SETTLED = 0.02;
    /** Quiet solves in a row that count as settled. */
    static final int QUIET = 3;
    static final int MIN_SOLVES = 5;
    static final long MIN_MILLIS = 2_000;

    /** What a warm-up did: the solves it ran and whether it ended with the JIT settled. */
    record Result(int solves, boolean settled, long lastCompileMillis) {
        String describe() {
            return solves == 0 ? "no warm-up"
                    : solves + " warm-up solve(s), JIT " + (settled ? "settled" : "still compiling")
                            + " (" + lastCompileMillis + " ms compiling during the last)";
        }
    }

    private JitWarmup() {}

    /** Untimed solves of {@code p} until the JIT settles; at most {@code max} (0: none). */
    static Result run(Problem p, int max) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean timed = jit != null && jit.isCompilationTimeMonitoringSupported();
        long last = -1, start = System.nanoTime();
        int quiet = 0;
        for (int i = 1; i <= max; i++) {
            long c0 = timed ? jit.getTotalCompilationTime() : 0, t0 = System.nanoTime();
            new NativeSolver().solve(p, SolveOptions.defaults());
            long t1 = System.nanoTime();
            if (!timed) continue;
            last = jit.getTotalCompilationTime() - c0;
            quiet = last < SETTLED * (t1 - t0) / 1e6 ? quiet + 1 : 0;
            if (quiet >= QUIET && i >= MIN_SOLVES && (t1 - start) / 1e6 >= MIN_MILLIS) return new Result(i, true, last);
        }
        return new Result(max, false, last);
    }
}
