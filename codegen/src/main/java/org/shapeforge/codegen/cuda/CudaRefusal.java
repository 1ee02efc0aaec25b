package org.shapeforge.codegen.cuda;

import java.util.List;
import java.util.Optional;
import org.shapeforge.codegen.ir.Coverage;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;

/**
 * Why {@link CudaEmitter} cannot emit an operation, as a value (a diagnostic, not an exception):
 * callers that compile many operations (the ONNX runtime's CUDA target) count refusals by
 * {@link Reason}; {@link CudaEmitter#source} throws a {@code CodegenException} with
 * {@link #message} for the same condition.
 *
 * @param operation the operation's name
 * @param reason what the emitter lacks
 * @param detail the iterator or the sizes involved, for people
 */
public record CudaRefusal(String operation, Reason reason, String detail) {
    /** The conditions the emitter refuses. */
    public enum Reason {
        /** More output points than one launch's grid covers ({@link CudaLaunch}'s limits at {@link CudaEmitter#BLOCK} threads a block). */
        GRID_TOO_LARGE
    }

    /** The refusal's text, as {@link CudaEmitter#source} throws it. */
    public String message() {
        return "CUDA: operation " + operation + ": " + switch (reason) {
            case GRID_TOO_LARGE -> detail + " output points exceed one launch's grid";
        };
    }

    /** Empty where {@link CudaEmitter} emits {@code op}; otherwise the first condition it refuses. */
    public static Optional<CudaRefusal> of(Operation op) {
        Coverage cov = op.coverage();
        List<Factor> red = cov.reductionFactors();
        long total = 1;
        for (Factor f : op.space().factors()) {
            if (red.contains(f)) continue;
            if (f instanceof Factor.Single(LoopVar v) && !Coverage.separates(op.lhs(), v.symbol())) continue; // a loop in the thread
            total = multiply(total, f.points());
        }
        if ((total + CudaEmitter.BLOCK - 1) / CudaEmitter.BLOCK > Integer.MAX_VALUE)
            return Optional.of(new CudaRefusal(op.name(), Reason.GRID_TOO_LARGE, Long.toString(total)));
        return Optional.empty();
    }

    private static long multiply(long a, long b) {
        return a > Long.MAX_VALUE / Math.max(1, b) ? Long.MAX_VALUE - CudaEmitter.BLOCK : a * b;
    }
}
