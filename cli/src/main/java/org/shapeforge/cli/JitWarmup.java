package org.shapeforge.cli;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import org.shapeforge.oracle.Backend;
import org.shapeforge.lang.Problem;
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
 * VM does not report it, the {@code max} solves are run) and, where Linux shows it, the compiler
 * threads' own CPU time ({@link CompilerThreads}): the first counts a compilation only once it
 * finishes, and at 10^4 constraints it called the JIT quiet while C2 kept a core busy.
 */
final class JitWarmup {
    /** Compilation time below this fraction of a solve's wall time counts as a quiet solve. */
    static final double SETTLED = 0.02;
    /** Quiet solves in a row that count as settled. */
    static final int QUIET = 3;
    static final int MIN_SOLVES = 5;
    static final long MIN_MILLIS = 2_000;

    /** What a warm-up did: the solves it ran and whether it ended with the JIT settled. */
    record Result(int solves, boolean settled, long lastCompileMillis, double lastCompilerCpuMillis) {
        String describe() {
            return solves == 0 ? "no warm-up"
                    : solves + " warm-up solve(s), JIT " + (settled ? "settled" : "still compiling")
                            + " (" + lastCompileMillis + " ms compiling during the last"
                            + (lastCompilerCpuMillis < 0 ? "" : String.format(", compiler threads %.1f ms CPU", lastCompilerCpuMillis)) + ")";
        }
    }

    private JitWarmup() {}

    /** Untimed solves of {@code p} until the JIT settles; at most {@code max} (0: none). */
    static Result run(Problem p, int max) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean timed = jit != null && jit.isCompilationTimeMonitoringSupported();
        long last = -1, start = System.nanoTime();
        double lastCompilerCpu = -1;
        int quiet = 0;
        for (int i = 1; i <= max; i++) {
            long c0 = timed ? jit.getTotalCompilationTime() : 0, k0 = CompilerThreads.cpuNanos(), t0 = System.nanoTime();
            Backend.NATIVE.create().solve(p, SolveOptions.defaults());
            long t1 = System.nanoTime(), k1 = CompilerThreads.cpuNanos();
            if (!timed) continue;
            last = jit.getTotalCompilationTime() - c0;
            // both the finished compilations' time and the compiler threads' CPU (where readable) stay small
            double wallMillis = (t1 - t0) / 1e6;
            lastCompilerCpu = k0 < 0 || k1 < 0 ? -1 : Math.max(0, k1 - k0) / 1e6;
            boolean compilersIdle = lastCompilerCpu < SETTLED * wallMillis;
            quiet = last < SETTLED * wallMillis && compilersIdle ? quiet + 1 : 0;
            if (quiet >= QUIET && i >= MIN_SOLVES && (t1 - start) / 1e6 >= MIN_MILLIS) return new Result(i, true, last, lastCompilerCpu);
        }
        return new Result(max, false, last, lastCompilerCpu);
    }
}
