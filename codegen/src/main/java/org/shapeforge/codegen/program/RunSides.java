package org.shapeforge.codegen.program;

import java.util.Map;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.project.Projections;

/**
 * The two sides {@link ProgramRun} compares for every operation: the kernel, compiled from the
 * operation's loop IR, and the reference's value ({@link ProgramReference}). {@link #REAL} is what
 * {@code shapeforge run} uses; a test plants a wrong side — an IR altered before it is compiled, or
 * a reference whose value is altered — and shows that {@code run} fails naming the operation
 * (issue 27: "a planted wrong kernel and a planted wrong reference each make run fail").
 */
public record RunSides(KernelSide kernel, ReferenceSide reference) {

    /** The loop IR compiled for operation {@code label} (REAL: the lowering's, unchanged). */
    @FunctionalInterface
    public interface KernelSide {
        Operation ir(String label, Operation lowered);
    }

    /** The reference's value of {@code op} on {@code inputs} (REAL: {@link ProgramReference#run}). */
    @FunctionalInterface
    public interface ReferenceSide {
        HostTensor run(org.shapeforge.project.Operation op, Projections p, Map<String, HostTensor> inputs, HostTensor lhsBefore);
    }

    public static final RunSides REAL = new RunSides((label, lowered) -> lowered, ProgramReference::run);
}
