package org.shapeforge.solver;

import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;

/**
 * A shape-constraint solver: the one boundary the oracle and the CLI see ({@code architecture.md}).
 * Contract (checked for every backend by the contract test base): every {@link Outcome.Sat} model
 * satisfies the problem under the chosen semantics by the trusted evaluator (style lesson 3);
 * {@link Outcome.Unsat} is returned only with a proof (never for a policy failure, an input error
 * or a bounded refutation: those are {@link Outcome.Unknown}); user input never makes it throw
 * (bad input is an {@code Unknown} with an {@link FailureKind#ERROR} cause or a
 * {@link org.shapeforge.lang.ShapeError}); a timeout is {@link Outcome.Unknown}.
 */
public interface ShapeSolver {
    /** A short name for reports ({@code native}, {@code z3}). */
    String name();

    /** Solves the constraints and declarations of {@code problem}; expectations are ignored. */
    Outcome solve(Problem problem, SolveOptions options);

    /**
     * Does {@code problem} entail {@code c}? {@link Entailment.NotEntailed} carries an
     * evaluator-checked counterexample. Backends that cannot decide it answer Undetermined.
     */
    default Entailment entails(Problem problem, Constraint c, SolveOptions options) {
        return new Entailment.Undetermined(name() + " does not decide entailment");
    }

    /**
     * The problem solved once, for any number of entailment queries ({@link Entailments}); by
     * default each query is a fresh {@link #entails} call.
     */
    default Entailments entailments(Problem problem, SolveOptions options) {
        return c -> entails(problem, c, options);
    }

    /** The problem as a standard SMT-LIB2 script, for backends that have an encoding. */
    default Optional<String> exportSmtLib(Problem problem, SolveOptions options) {
        return Optional.empty();
    }

    /**
     * One SMT-LIB2 script per query, each the problem's constraints (the one at index {@code i}
     * under a comment {@code notes.get(i)} where {@code notes} has one) with the query's claims
     * ({@link SmtLibQuery}), ending in {@code (check-sat)}; the problem is encoded once for all of
     * them. Empty for backends without an encoding.
     */
    default Optional<List<String>> exportSmtLib(Problem problem, List<String> notes, List<SmtLibQuery> queries, SolveOptions options) {
        return Optional.empty();
    }
}
