package org.shapeforge.oracle;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SmtLibQuery;
import org.shapeforge.solver.SolveOptions;

/**
 * Decorator: counts the wrapped solver's calls and their wall time, per kind of answer — java-smt's
 * {@code StatisticsSolver} for {@link ShapeSolver} (issue 10). Answers pass through unchanged
 * (a thrown exception too, counted as {@code thrown}). The counters are a separate, thread-safe
 * object ({@link Counters}, {@link LongAdder}s), so that decorators on several threads' solvers —
 * one Z3 context per thread — can add to one tally; {@link Counters#snapshot} reads it.
 */
public final class SolverStatistics implements ShapeSolver {
    private final ShapeSolver inner;
    private final Counters counters;

    public SolverStatistics(ShapeSolver inner, Counters counters) {
        this.inner = inner;
        this.counters = counters;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public Outcome solve(Problem problem, SolveOptions options) {
        long t0 = System.nanoTime();
        try {
            Outcome o = inner.solve(problem, options);
            (switch (o) {
                case Outcome.Sat s -> counters.sat;
                case Outcome.Unsat u -> counters.unsat;
                case Outcome.Unknown u -> counters.unknown;
            }).increment();
            return o;
        } catch (RuntimeException | Error e) {
            counters.thrown.increment();
            throw e;
        } finally {
            counters.solveTime(System.nanoTime() - t0);
        }
    }

    @Override
    public Entailment entails(Problem problem, Constraint c, SolveOptions options) {
        long t0 = System.nanoTime();
        try {
            return inner.entails(problem, c, options);
        } finally {
            counters.entails.increment();
            counters.entailNanos.add(System.nanoTime() - t0);
        }
    }

    @Override
    public Optional<String> exportSmtLib(Problem problem, SolveOptions options) {
        return inner.exportSmtLib(problem, options);
    }

    @Override
    public Optional<List<String>> exportSmtLib(Problem problem, List<String> notes, List<SmtLibQuery> queries, SolveOptions options) {
        return inner.exportSmtLib(problem, notes, queries, options);
    }

    /** The tally, shareable between threads. */
    public static final class Counters {
        private final LongAdder sat = new LongAdder(), unsat = new LongAdder(), unknown = new LongAdder(), thrown = new LongAdder();
        private final LongAdder solveNanos = new LongAdder(), entails = new LongAdder(), entailNanos = new LongAdder();
        private final LongAccumulator maxSolveNanos = new LongAccumulator(Math::max, 0);

        private void solveTime(long nanos) {
            solveNanos.add(nanos);
            maxSolveNanos.accumulate(nanos);
        }

        /** The counts so far, under the solver's name. */
        public Snapshot snapshot(String solver) {
            return new Snapshot(solver, sat.sum(), unsat.sum(), unknown.sum(), thrown.sum(), solveNanos.sum() / 1e6,
                    maxSolveNanos.get() / 1e6, entails.sum(), entailNanos.sum() / 1e6);
        }
    }

    /** One solver's counts: solve calls by answer, their total and longest wall time, entailment calls. */
    public record Snapshot(String solver, long sat, long unsat, long unknown, long thrown, double solveMillis,
            double maxSolveMillis, long entails, double entailMillis) {
        public long solves() {
            return sat + unsat + unknown + thrown;
        }

        public double meanSolveMillis() {
            return solves() == 0 ? 0 : solveMillis / solves();
        }

        /** One line for reports, e.g. {@code native: 41,210 solves (sat 30,101, unsat 2,003, unknown 9,106), 1.2 ms mean, 310.4 ms max}. */
        public String line() {
            return String.format("%s: %,d solves (sat %,d, unsat %,d, unknown %,d%s), %.2f ms mean, %.1f ms max, %.1f s in all%s",
                    solver, solves(), sat, unsat, unknown, thrown == 0 ? "" : String.format(", thrown %,d", thrown),
                    meanSolveMillis(), maxSolveMillis, solveMillis / 1e3,
                    entails == 0 ? "" : String.format("; %,d entailment queries, %.1f s", entails, entailMillis / 1e3));
        }
    }
}
