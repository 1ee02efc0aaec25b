package org.shapeforge.onnx.values;

import java.util.List;

/**
 * One kernel run's wall time, recorded by {@link Kernels} when profiling is on: the operation's
 * name (the ONNX node's, with a step suffix), the extents of its product space's factors in order,
 * the nanoseconds the whole run took ({@code nanos}: finding the compiled kernel, uploading the
 * operands as floats, the native call, downloading the result) and the native call alone
 * ({@code callNanos}), and for a contraction ({@code codegen.emit.Contraction}) its multiply-adds
 * counted as 2 flops each (0 for any other operation).
 */
public record KernelTiming(String kernel, List<Long> extents, long nanos, long callNanos, long flops) {
    public KernelTiming {
        extents = List.copyOf(extents);
        if (nanos < 0 || callNanos < 0 || flops < 0) throw new IllegalArgumentException("negative time or flops");
    }

    /** GFLOP/s of a contraction's native call, NaN for any other operation. */
    public double gflops() {
        return flops == 0 ? Double.NaN : flops / (double) Math.max(1, callNanos);
    }
}
