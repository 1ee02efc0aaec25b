package org.shapeforge.codegen.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;

/**
 * Warm-up then timed repetitions of one action: median and minimum wall time, and the median
 * process CPU time, in milliseconds. On shared cores wall time measures the scheduler as much as
 * the code; CPU time (all threads of the process, spinning included) is what the code consumed.
 */
final class Timing {
    private Timing() {}

    /** libc's {@code clock_gettime(CLOCK_PROCESS_CPUTIME_ID)} through FFM: nanoseconds (the JMX figure ticks in 10 ms). */
    private static final MethodHandle CLOCK = Linker.nativeLinker().downcallHandle(
            Linker.nativeLinker().defaultLookup().find("clock_gettime").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
    private static final int CLOCK_PROCESS_CPUTIME_ID = 2;

    static long processCpuNanos() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment ts = a.allocate(16, 8);
            int rc = (int) CLOCK.invokeExact(CLOCK_PROCESS_CPUTIME_ID, ts);
            if (rc != 0) throw new IllegalStateException("clock_gettime failed");
            return ts.get(ValueLayout.JAVA_LONG, 0) * 1_000_000_000L + ts.get(ValueLayout.JAVA_LONG, 8);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Runs {@code action} until about {@code warmupMillis} have passed, then {@code reps} timed times: {median, min, median cpu}. */
    static double[] time(Runnable action, int reps, double warmupMillis) {
        long w0 = System.nanoTime();
        do action.run(); while ((System.nanoTime() - w0) / 1e6 < warmupMillis);
        double[] ms = new double[reps], cpu = new double[reps];
        for (int i = 0; i < reps; i++) {
            long c0 = processCpuNanos();
            long t0 = System.nanoTime();
            action.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
            cpu[i] = (processCpuNanos() - c0) / 1e6;
        }
        Arrays.sort(ms);
        Arrays.sort(cpu);
        return new double[] {ms[reps / 2], ms[0], cpu[reps / 2]};
    }
}
