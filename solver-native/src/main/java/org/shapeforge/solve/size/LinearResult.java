package org.shapeforge.solve.size;

import java.util.Map;

/**
 * The answer of {@link LinearSolver}: tri-state (style lesson 2). {@code Sat}'s model binds
 * every size of the system (auxiliaries left out) and has passed the exact re-check against
 * every constraint; {@code Unsat} and {@code Unknown} say why, naming the constraints.
 */
public sealed interface LinearResult {
    record Sat(Map<String, Long> model) implements LinearResult {
        public Sat {
            model = Map.copyOf(model);
        }
    }

    record Unsat(String reason) implements LinearResult {}

    record Unknown(String reason) implements LinearResult {}
}
