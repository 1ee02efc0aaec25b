package org.shapeforge.onnx.fallback;

import java.util.Optional;
import org.shapeforge.semantics.Grounding;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.semantics.Undefined;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;

/** A dimension's size in a solution, when the solution grounds it. */
final class Sizing {
    private Sizing() {}

    static Optional<Long> of(Dim d, Assignment m) {
        try {
            Dim g = Grounding.dim(d, m);
            return g.isGround() ? Optional.of(Sizes.size(g)) : Optional.empty();
        } catch (Undefined e) {
            return Optional.empty();
        }
    }
}
