package org.shapeforge.oracle;

import java.util.List;
import java.util.Set;
import org.shapeforge.lang.Problem;
import org.shapeforge.reason.Reasoner;
import org.shapeforge.smt.SmtSolver;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solve.rules.Mutation;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * The solver backends, as the one factory the CLI, the oracle and the pipeline's callers use:
 * callers see only {@link ShapeSolver} (java-smt style), and no class outside the two solver
 * modules and this one constructs a solver (the architecture test keeps it so). {@link #checked()} wraps a backend in the evaluator
 * re-check ({@link Checked}).
 */
public enum Backend {
    /** The native staged solver (seed 003 §§4–6); {@code complete} is an option, not a backend. */
    NATIVE("native"),
    /** Z3 over the bounded encoding ({@code docs/smt.md}); one {@code Context} per call. */
    SMT("z3");

    public final String keyword;

    Backend(String keyword) {
        this.keyword = keyword;
    }

    /** A fresh solver of this backend (solvers hold no state between calls). */
    public ShapeSolver create() {
        return switch (this) {
            case NATIVE -> new NativeSolver();
            case SMT -> new SmtSolver();
        };
    }

    /** A fresh solver wrapped in the evaluator re-check. */
    public ShapeSolver checked() {
        return checked(create());
    }

    /**
     * {@code inner} wrapped in the evaluator re-check ({@link Checked}): what every command that
     * answers with a model uses (the CLI's {@code solve}, {@code infer} and {@code run} hand it the
     * native solver, or a test's planted one).
     */
    public static ShapeSolver checked(ShapeSolver inner) {
        return inner instanceof Checked ? inner : new Checked(inner);
    }

    /**
     * The native solver's answer to {@code problem} with each closing stage's trace
     * ({@code solve --trace}; docs/solver.md): a native-only view, built here as every solver is,
     * its answer re-checked as {@link Checked} re-checks every other.
     */
    public static NativeSolver.Traced nativeTraced(Problem problem,
            SolveOptions options) {
        var t = new NativeSolver().solveTraced(problem, options);
        return new NativeSolver.Traced(Checked.recheck(problem, options, t.outcome()), t.stages());
    }

    /**
     * The reasoning service over dynamic dims ({@link Reasoner}, {@code docs/reasoning.md}), native
     * first: the term algebra, then the native solver, then Z3 for what native leaves unknown (its
     * verdicts flagged {@code fallback}); every model re-checked by the evaluator ({@link Checked})
     * and again by the reasoner against the relations themselves.
     */
    public static Reasoner reasoner() {
        return Reasoner.over(List.of(NATIVE.checked(), SMT.checked()));
    }

    /** The native solver with planted rule mutations: for testing that the fuzzer finds bugs, never for answers. */
    public static ShapeSolver nativeMutated(Set<Mutation> mutations) {
        return new NativeSolver(mutations);
    }

    /**
     * A Z3 solver that keeps one context per thread (renewed every so many checks) instead of one
     * per check: for a worker thread that solves many small problems (the fuzzer).
     */
    public static ShapeSolver smtContextPerThread() {
        return new SmtSolver(true);
    }

    /** {@code native} or {@code z3}/{@code smt}. */
    public static Backend parse(String name) {
        for (Backend b : values()) if (b.keyword.equals(name) || b.name().equalsIgnoreCase(name)) return b;
        throw new IllegalArgumentException("unknown backend '" + name + "' (native or smt)");
    }
}
