package org.shapeforge.pipeline;

import java.util.List;

/**
 * {@link Pipeline#emit}'s value: the sizes the program was lowered at ({@link Sized}; none for a
 * static program) and every operation's {@link Kernel}, in program order.
 */
public record Emitted(Sized sized, List<Kernel> kernels) {
    public Emitted {
        kernels = List.copyOf(kernels);
    }
}
