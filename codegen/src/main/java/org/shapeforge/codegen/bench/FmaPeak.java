package org.shapeforge.codegen.bench;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import org.shapeforge.codegen.c.CEmitter;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.NativeLibrary;

/**
 * The machine's measured single-precision FMA peak: the resource {@code peak.c} (16 independent
 * vector FMA chains per OpenMP thread) built like every kernel; the best of 25 runs of about 20 ms
 * (the best, not the median: on shared cores the peak is what a run gets when it has the cores).
 */
public final class FmaPeak {
    private FmaPeak() {}

    /** GFLOP/s over all OpenMP threads. */
    public static double measure(CCompiler cc) {
        String src = CEmitter.prologueResource("peak.c");
        MethodHandle peak = NativeLibrary.loadResident(cc.compile(src)).function("sf_peak",
                FunctionDescriptor.of(ValueLayout.JAVA_DOUBLE, ValueLayout.JAVA_LONG));
        try {
            long iters = 100_000;
            double flops = (double) peak.invokeExact(iters); // warm-up
            long t0 = System.nanoTime();
            flops = (double) peak.invokeExact(iters);
            double s0 = (System.nanoTime() - t0) / 1e9;
            iters = Math.max(1, (long) (iters * 0.02 / Math.max(s0, 1e-6))); // about 20 ms a run
            double best = 0;
            for (int r = 0; r < 25; r++) {
                long t1 = System.nanoTime();
                flops = (double) peak.invokeExact(iters);
                best = Math.max(best, flops / ((System.nanoTime() - t1) / 1e9) / 1e9);
            }
            return best;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
