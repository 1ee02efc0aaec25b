package org.shapeforge.cli;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import org.shapeforge.lang.Problem;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * Warm-up until the JIT has settled, as JMH does before its measured iterations: untimed solves
 * of the instance about to be measured, until one of them ran with the JIT compilers busy for
 * less than {@link #SETTLED} of its wall time (after at least {@link #MIN_SOLVES}), or {@code max}
 * solves. A fixed number of solves of a smaller instance (the benchmark's rule until 2026-11-24)
 * left the JIT compiling through the measured repetitions of the next size — at 10^5 the compilers
 * ran for 0.4–0.7 s during each of the first eight solves and the solving thread took 0.72 s instead
 * of 0.35 s (docs/performance.md, "JIT-settled warm-up") — so a size's median depended on which
 * sizes came before it. The compilers' time is {@link CompilationMXBean#getTotalCompilationTime()}
 * (where the VM does not report it, the {@code max} solves are run).
 */
final class JitWarmup {
    /** Compilation time below this fraction of a solve's wall time counts as settled. */
    static final double SETTLED = 0.02;
    static final int MIN_SOLVES = 3;

    /** What a warm-up did: the solves it ran and whether the last one found the JIT settled. */
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
        long last = -1;
        for (int i = 1; i <= max; i++) {
            long c0 = timed ? jit.getTotalCompilationTime() : 0, t0 = System.nanoTime();
            new NativeSolver().solve(p, SolveOptions.defaults());
            double wallMillis = (System.nanoTime() - t0) / 1e6;
            if (!timed) continue;
            last = jit.getTotalCompilationTime() - c0;
            if (i >= MIN_SOLVES && last < SETTLED * wallMillis) return new Result(i, true, last);
        }
        return new Result(max, false, last);
    }
}
