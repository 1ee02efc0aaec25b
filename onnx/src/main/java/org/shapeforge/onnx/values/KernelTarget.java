package org.shapeforge.onnx.values;

import java.util.Map;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.run.HostTensor;

/**
 * Where {@link Kernels} runs one loop-IR operation (the backend seam of the ONNX runtime, as the
 * emitters share one loop IR): generated C in-process ({@link CTarget}), or generated CUDA
 * ({@link CudaTarget}: on a GPU where one is present, compile-only with the values from C
 * elsewhere), or nothing run at all ({@link DryTarget}: the C compiled ahead, on every core). Every target returns the left-hand side's logical cells, as {@code CKernel.run}
 * does, with a left-hand side that is not initialised by the operation starting as NaN.
 */
public sealed interface KernelTarget permits CTarget, CudaTarget, DryTarget {
    /** Runs {@code op} on {@code inputs} (every tensor but the left-hand side) and returns its left-hand side. */
    HostTensor run(Operation op, Map<String, HostTensor> inputs);
}
