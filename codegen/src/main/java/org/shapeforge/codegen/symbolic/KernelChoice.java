package org.shapeforge.codegen.symbolic;

import org.shapeforge.codegen.ir.Operation;

/**
 * How one operation of a program with dynamic dims is compiled ({@link SymbolicKernel#choose}):
 * once, with the sizes as parameters, or — where its extents cannot be read as expressions over
 * the dynamic dims — specialised at the binding, with the reason.
 */
public sealed interface KernelChoice {
    /** The loop IR at the binding (what the reference and the buffers use). */
    Operation operation();

    /** One kernel for every binding: {@code kernel}'s source has no number a dynamic dim sets. */
    record Symbolic(Operation operation, SymbolicKernel kernel) implements KernelChoice {}

    /** The operation's kernel at the binding's numbers ({@code CEmitter}), and why not symbolic. */
    record Specialised(Operation operation, String reason) implements KernelChoice {}
}
