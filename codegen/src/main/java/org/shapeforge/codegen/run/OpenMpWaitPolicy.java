package org.shapeforge.codegen.run;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;
import java.lang.foreign.ValueLayout;

/**
 * The OpenMP wait policy of the generated kernels (docs/performance.md, "OpenMP threads on shared
 * cores"): before the first kernel library (and with it libgomp, which reads its environment once
 * when it is loaded) enters the process, {@code OMP_WAIT_POLICY=passive} is put into the C
 * environment unless the user set it. A thread that finishes its share then sleeps at the
 * region's end instead of spinning: on cores shared with other processes the spinning was a third
 * of a 2-thread GEMM's CPU time (n = 1024: 30 ms CPU spinning vs 20–22 ms passive, same wall time
 * or better), and a spinning thread takes the core from the one it waits for. Measured again for
 * issue 29 (2026-11-27, 2 threads, load average 15–19 from other builds, steady-state medians):
 * resnet18 ran 6.0–6.5 ms passive, 456–482 ms with {@code OMP_WAIT_POLICY=active} and 39–77 ms
 * with {@code GOMP_SPINCOUNT=20000}; mobilenet_v2 2.6–11 ms passive, 19.6 ms active, 1.9–2.7 ms
 * with the short spin. Passive stays; what a small kernel pays for waking a thread is avoided
 * by not starting a team for it ({@code codegen.c.ParallelWork}). Set
 * {@code OMP_WAIT_POLICY=active} to keep libgomp's default. Through the FFM API ({@code setenv} of
 * the C library: Java has no way to change its own process environment).
 */
final class OpenMpWaitPolicy {
    private OpenMpWaitPolicy() {}

    private static boolean done;

    static synchronized void apply() {
        if (done) return;
        done = true;
        Linker linker = Linker.nativeLinker();
        var setenv = linker.defaultLookup().find("setenv");
        if (setenv.isEmpty()) return; // not a C library with setenv: libgomp's default stays
        MethodHandle h = linker.downcallHandle(setenv.get(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        try (Arena a = Arena.ofConfined()) {
            int rc = (int) h.invokeExact(a.allocateFrom("OMP_WAIT_POLICY"), a.allocateFrom("passive"), 0);
            if (rc != 0) return; // the environment is unchanged; the default policy is only slower
        } catch (Throwable t) {
            throw new CodegenException("setenv(OMP_WAIT_POLICY) failed: " + t, t);
        }
    }
}
