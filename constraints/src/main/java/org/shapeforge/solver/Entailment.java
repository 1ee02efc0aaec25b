package org.shapeforge.solver;

import java.util.Objects;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Valuation;

/**
 * The answer to "does Φ entail C?" ({@code expect entails}): tri-state like {@link Outcome}.
 * {@code NotEntailed} carries a solution of Φ that violates C (checked by the evaluator).
 */
public sealed interface Entailment {
    record Entailed(String how) implements Entailment {}

    /**
     * A solution of Φ violating C: an {@link Assignment}, or an {@link org.shapeforge.term.Overlay}
     * (a checked solution with a few variables moved, issue 12) that {@link #counterexample()}
     * materialises only when a caller asks for the complete assignment.
     */
    record NotEntailed(Valuation witness) implements Entailment {
        public NotEntailed {
            Objects.requireNonNull(witness, "witness");
        }

        /** The complete ground counterexample (built on first call when the witness is an overlay). */
        public Assignment counterexample() {
            return witness.assignment();
        }
    }

    record Undetermined(String reason) implements Entailment {}
}
