package org.shapeforge.solver;

import org.shapeforge.lang.Constraint;

/**
 * A problem solved once and then asked any number of entailment queries (java-smt's prover
 * environment): {@link ShapeSolver#entailments} returns one. Each answer is what
 * {@link ShapeSolver#entails} would give for the same problem, query and options; a backend that
 * can reuse its work across queries (the native solver's closed store) makes each query cost
 * about the size of the query instead of a solve.
 */
@FunctionalInterface
public interface Entailments {
    /** Does the problem entail {@code c}? As {@link ShapeSolver#entails}. */
    Entailment entails(Constraint c);
}
