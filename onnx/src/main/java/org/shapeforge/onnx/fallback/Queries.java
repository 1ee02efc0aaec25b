package org.shapeforge.onnx.fallback;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Statement;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Assignment;

/**
 * The fallback's questions to a {@link ShapeSolver}: the imported problem plus a few extra size
 * relations, solved within the {@link SmtBudget} (each query within its per-query timeout, never
 * past the total deadline, never more than its query count). Not thread-safe: one derivation, one
 * instance.
 */
final class Queries {

    /** A query's answer: a solution, a proof that none exists, or neither (with why). */
    sealed interface Answer {
        record Solution(Assignment model) implements Answer {}

        record None() implements Answer {}

        record Open(AxisNote.Reason reason, String why) implements Answer {}
    }

    private final Problem problem;
    private final ShapeSolver solver;
    private final SmtBudget budget;
    private final long deadline;
    private int asked;

    Queries(Problem problem, ShapeSolver solver, SmtBudget budget) {
        this.problem = problem.withoutExpectations();
        this.solver = solver;
        this.budget = budget;
        this.deadline = System.nanoTime() + budget.totalMs() * 1_000_000L;
    }

    /** The problem with {@code extra} added. */
    Answer ask(List<Constraint> extra) {
        long left = (deadline - System.nanoTime()) / 1_000_000L;
        if (asked >= budget.maxQueries() || left < 1)
            return new Answer.Open(AxisNote.Reason.BUDGET, asked + " queries in " + budget.totalMs() + " ms");
        asked++;
        List<Statement> st = new ArrayList<>(problem.statements());
        st.addAll(extra);
        Outcome o = solver.solve(new Problem(problem.file(), st), SolveOptions.defaults().withTimeoutMs(Math.min(left, budget.perQueryMs())));
        return switch (o) {
            case Outcome.Sat s -> new Answer.Solution(s.model());
            case Outcome.Unsat u -> new Answer.None();
            case Outcome.Unknown u -> new Answer.Open(AxisNote.Reason.TIMEOUT, u.reason());
        };
    }

    /** How many queries were asked so far. */
    int asked() {
        return asked;
    }
}
