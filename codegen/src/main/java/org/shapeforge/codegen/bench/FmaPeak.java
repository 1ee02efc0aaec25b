package org.shapeforge.codegen.bench;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.NativeLibrary;

/**
 * The machine's measured single-precision FMA peak: the resource {@code peak.c} (16 independent
 * vector FMA chains per OpenMP thread) built like every kernel, timed over about half a second;
 * the best of three runs.
 */
public final class FmaPeak {
    private FmaPeak() {}

    /** GFLOP/s over all OpenMP threads. */
    public static double measure(CCompiler cc) {
        String src = org.shapeforge.codegen.c.CEmitter.prologueResource("peak.c");
        MethodHandle peak = NativeLibrary.load(cc.compile(src)).function("sf_peak",
                FunctionDescriptor.of(ValueLayout.JAVA_DOUBLE, ValueLayout.JAVA_LONG));
        try {
            long iters = 1_000_000;
            double flops = (double) peak.invokeExact(iters); // warm-up and calibration
            double best = 0;
            for (int r = 0; r < 3; r++) {
                long t0 = System.nanoTime();
                flops = (double) peak.invokeExact(iters);
                double s = (System.nanoTime() - t0) / 1e9;
                if (s < 0.2) { iters *= 2; r--; continue; }
                best = Math.max(best, flops / s / 1e9);
            }
            return best;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
