package org.shapeforge.solver;

import org.shapeforge.lang.Problem;

/**
 * A shape-constraint solver. Implementations must re-check every {@link Outcome.Sat} model with
 * the trusted evaluator before returning it (style lesson 3) and must never throw on user input:
 * bad input is an {@link Outcome.Unsat} with {@link FailureKind#ERROR} or a
 * {@link org.shapeforge.lang.ShapeError}; a timeout is {@link Outcome.Unknown}.
 */
public interface ShapeSolver {
    /** A short name for reports ({@code native}, {@code z3}). */
    String name();

    /** Solves the constraints and declarations of {@code problem}; expectations are ignored. */
    Outcome solve(Problem problem, SolveOptions options);
}
