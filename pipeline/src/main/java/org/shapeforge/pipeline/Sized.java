package org.shapeforge.pipeline;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Program;

/**
 * {@link Stage#SPECIALIZE}'s value: the program at concrete sizes, the size of each dynamic dim
 * in declaration order with why it was chosen ({@code --bind n}, {@code forced},
 * {@code likely(n)}, {@code smallest allowed}, and {@code , class m = n} when dims share a size),
 * and the unbound program with its inference, which the symbolic kernels are generated from. A
 * static program is its own specialization with no sizes.
 *
 * @param unboundInference the unbound program's inference, computed once by the specialization
 *                         (empty for a static program, or when it threw: {@link Pipeline#symbolic}
 *                         then reports that error)
 */
public record Sized(Program program, Program unbound, Map<String, Long> sizes, Map<String, String> why,
        Optional<Inference> unboundInference) {
    public Sized {
        sizes = Collections.unmodifiableMap(new LinkedHashMap<>(sizes));
        why = Collections.unmodifiableMap(new LinkedHashMap<>(why));
    }

    /** Whether the program declares dynamic dims (and so was specialised). */
    public boolean dynamic() {
        return !sizes.isEmpty();
    }
}
