package org.shapeforge.oracle;

import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SmtLibQuery;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.Stats;

/**
 * Decorator: one time budget for every call of the wrapped solver together (issue 13: {@code oracle}
 * asks Z3 once per semantics and up to {@code Claims.MAX_QUERIES} entailments for each claim that asks (no-guessing, two values, dynamic dims), each with its own
 * timeout, which on a large input added up to minutes). Each call runs with its timeout cut to the
 * budget left; once the budget is spent, calls answer at once: {@link Outcome.Unknown} /
 * {@link Entailment.Undetermined} with a reason starting {@value #SPENT}. The verdicts given are the
 * wrapped solver's, unchanged.
 */
public final class Budgeted implements ShapeSolver {
    public static final String SPENT = "budget";

    private final ShapeSolver inner;
    private final long budgetMs;
    private final long deadlineNanos;
    private final long perCallMs;

    /** {@code budgetMs} for all calls from now; {@code perCallMs} the timeout of one call (0: the solver's default). */
    public Budgeted(ShapeSolver inner, long budgetMs, long perCallMs) {
        this.inner = inner;
        this.budgetMs = budgetMs;
        this.deadlineNanos = System.nanoTime() + budgetMs * 1_000_000;
        this.perCallMs = perCallMs;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public Outcome solve(Problem problem, SolveOptions options) {
        long left = leftMs();
        if (left <= 0) return new Outcome.Unknown(spent(), new Stats(problem.constraints().size(), 0, 0));
        return inner.solve(problem, options.withTimeoutMs(cut(left)));
    }

    @Override
    public Entailment entails(Problem problem, Constraint c, SolveOptions options) {
        long left = leftMs();
        if (left <= 0) return new Entailment.Undetermined(spent());
        return inner.entails(problem, c, options.withTimeoutMs(cut(left)));
    }

    @Override
    public Optional<String> exportSmtLib(Problem problem, SolveOptions options) {
        return inner.exportSmtLib(problem, options);
    }

    @Override
    public Optional<List<String>> exportSmtLib(Problem problem, List<String> notes, List<SmtLibQuery> queries, SolveOptions options) {
        return inner.exportSmtLib(problem, notes, queries, options);
    }

    private long cut(long left) {
        return perCallMs > 0 ? Math.min(perCallMs, left) : left;
    }

    private long leftMs() {
        return (deadlineNanos - System.nanoTime()) / 1_000_000;
    }

    private String spent() {
        return SPENT + ": the " + budgetMs + " ms for all SMT queries of this command are spent (raise with --budget-ms)";
    }
}
