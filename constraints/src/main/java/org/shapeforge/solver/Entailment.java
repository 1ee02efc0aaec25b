package org.shapeforge.solver;

import org.shapeforge.term.Assignment;

/**
 * The answer to "does Φ entail C?" ({@code expect entails}): tri-state like {@link Outcome}.
 * {@code NotEntailed} carries a solution of Φ that violates C (checked by the evaluator).
 */
public sealed interface Entailment {
    record Entailed(String how) implements Entailment {}

    record NotEntailed(Assignment counterexample) implements Entailment {}

    record Undetermined(String reason) implements Entailment {}
}
