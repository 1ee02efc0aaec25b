package org.shapeforge.solve.size;

import java.util.Map;

/**
 * Does a {@link LinearSystem} entail a constraint? Decided as the satisfiability of the system
 * with the constraint's negation ({@link LinearSolver#entails}); a counterexample is a model
 * of the system violating the constraint, exactly checked.
 */
public sealed interface LinearEntailment {
    record Entailed(String how) implements LinearEntailment {}

    record NotEntailed(Map<String, Long> counterexample) implements LinearEntailment {
        public NotEntailed {
            counterexample = Map.copyOf(counterexample);
        }
    }

    record Undetermined(String reason) implements LinearEntailment {}
}
