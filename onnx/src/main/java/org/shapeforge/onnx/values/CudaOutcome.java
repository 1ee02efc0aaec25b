package org.shapeforge.onnx.values;

import org.shapeforge.codegen.cuda.CudaRefusal;

/**
 * What {@link CudaTarget} did with one kernel of a model. A refused or rejected kernel's values
 * come from generated C instead, so the model still runs; the count of each kind is the coverage
 * report of the CUDA emitter over a model.
 */
public sealed interface CudaOutcome {
    /** The ONNX node's kernel name ({@code Kernel}'s operation name). */
    String operation();

    /** Emitted, compiled to PTX (validated by ptxas) and run on the GPU. */
    record Ran(String operation) implements CudaOutcome {}

    /** Emitted and compiled to PTX (validated by ptxas); not run: no GPU on this machine. */
    record Compiled(String operation) implements CudaOutcome {}

    /** The CUDA emitter refuses the operation ({@link CudaRefusal}); it ran through C. */
    record Refused(String operation, CudaRefusal refusal) implements CudaOutcome {}

    /**
     * The emitted CUDA was rejected by nvcc or ptxas (a bug of the emitter, with the compiler's
     * output); it ran through C.
     */
    record Rejected(String operation, String compilerOutput) implements CudaOutcome {}
}
