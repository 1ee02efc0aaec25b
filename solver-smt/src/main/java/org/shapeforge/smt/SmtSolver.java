package org.shapeforge.smt;

import com.microsoft.z3.Context;
import com.microsoft.z3.Status;
import com.microsoft.z3.Z3Exception;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Assignment;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Truth;
import org.shapeforge.smt.encode.ModelDecoder;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Failure;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.Stats;

/**
 * The SMT oracle ({@code z3}): the constraints under the chosen semantics, encoded with rows
 * unrolled to {@code K} axes per row variable ({@code docs/smt.md}). A bounded check first; when
 * it is unsat and its core uses the bound, the rank-unbounded relaxation decides whether the
 * verdict is unconditional or only {@code unsat (rank ≤ K)}. Every model is decoded and re-checked
 * by {@link Evaluator}; a model the evaluator rejects is our bug (IllegalStateException). Timeouts
 * and Z3 giving up are {@link Outcome.Unknown}.
 */
public final class SmtSolver implements ShapeSolver {
    /** Timeout used when the options give none. */
    public static final long DEFAULT_TIMEOUT_MS = 10_000;

    @Override
    public String name() {
        return "z3";
    }

    @Override
    public Outcome solve(Problem problem, SolveOptions options) {
        long t0 = System.nanoTime();
        Semantics sem = options.semantics();
        int k = rankBound(problem.constraints(), options);
        int n = problem.constraints().size();
        try (Context ctx = new Context()) {
            Session s = new Session(ctx, problem, Optional.empty(), sem, k, timeout(options));
            try {
                Status bounded = s.check(true);
                if (bounded == Status.SATISFIABLE) {
                    Assignment model = ModelDecoder.decode(s.solver.getModel(), s.encoding, sem);
                    if (!Evaluator.holdsAll(problem.constraints(), model, sem))
                        throw mismatch("model violates the input", problem.constraints(), model, sem, s);
                    return new Outcome.Sat(model, Optional.empty(), List.of("z3, " + sem.keyword + ", rank ≤ " + k),
                            stats(n, s, t0));
                }
                if (bounded == Status.UNKNOWN) return new Outcome.Unknown(reason(s), stats(n, s, t0));
                List<Constraint> core = s.coreConstraints();
                if (!s.coreUsesBound() || !s.encoding.hasRowVars()) return unsat(core, sem, Optional.empty(), s, n, t0);
                Status relaxed = s.check(false);
                if (relaxed == Status.UNSATISFIABLE) return unsat(s.coreConstraints(), sem, Optional.empty(), s, n, t0);
                return unsat(core, sem, Optional.of(k), s, n, t0);
            } catch (ModelDecoder.OutOfRange e) {
                return new Outcome.Unknown("model value too large for the language: " + e.getMessage(), stats(n, s, t0));
            } catch (Z3Exception e) {
                return new Outcome.Unknown("z3: " + e.getMessage(), stats(n, s, t0));
            }
        }
    }

    /**
     * Does {@code problem} entail {@code c}? Φ ∧ ¬c is checked with the rank bound; unsat gives
     * {@link Entailment.Entailed} (saying whether the relaxation proved it for every rank), sat a
     * counter-model checked by the evaluator (Φ holds, {@code c} does not).
     */
    public Entailment entails(Problem problem, Constraint c, SolveOptions options) {
        Semantics sem = options.semantics();
        int k = rankBound(concat(problem.constraints(), c), options);
        try (Context ctx = new Context()) {
            Session s = new Session(ctx, problem, Optional.of(c), sem, k, timeout(options));
            try {
                Status bounded = s.check(true);
                if (bounded == Status.SATISFIABLE) {
                    Assignment model = ModelDecoder.decode(s.solver.getModel(), s.encoding, sem);
                    boolean phi = Evaluator.holdsAll(problem.constraints(), model, sem);
                    if (!phi || Evaluator.judge(c, model, sem).truth() == Truth.HOLDS)
                        throw mismatch("counter-model is not one", concat(problem.constraints(), c), model, sem, s);
                    return new Entailment.NotEntailed(model);
                }
                if (bounded == Status.UNKNOWN) return new Entailment.Undetermined(reason(s));
                if (!s.coreUsesBound() || s.check(false) == Status.UNSATISFIABLE)
                    return new Entailment.Entailed("z3 (" + sem.keyword + "): the input and the negation are unsat for every rank");
                return new Entailment.Entailed("z3 (" + sem.keyword + "): the input and the negation are unsat for rows of rank ≤ "
                        + k + " (the bound is not proved sufficient here)");
            } catch (ModelDecoder.OutOfRange e) {
                return new Entailment.Undetermined("model value too large for the language: " + e.getMessage());
            } catch (Z3Exception e) {
                return new Entailment.Undetermined("z3: " + e.getMessage());
            }
        }
    }

    /** The bounded encoding as a standard SMT-LIB2 script ({@link SmtLibScript}). */
    public String exportSmtLib(Problem problem, SolveOptions options) {
        int k = rankBound(problem.constraints(), options);
        try (Context ctx = new Context()) {
            return SmtLibScript.of(ctx, problem, options.semantics(), k);
        }
    }

    /** The unrolling bound: {@code options.rankBound()} when positive, else {@link RankBound#derive}. */
    public static int rankBound(List<Constraint> cs, SolveOptions options) {
        return options.rankBound() > 0 ? options.rankBound() : RankBound.derive(cs);
    }

    private static long timeout(SolveOptions o) {
        return o.timeoutMs() > 0 ? o.timeoutMs() : DEFAULT_TIMEOUT_MS;
    }

    private static Outcome unsat(List<Constraint> core, Semantics sem, Optional<Integer> bound, Session s, int n, long t0) {
        String msg = "unsatisfiable under " + sem.keyword + " semantics"
                + bound.map(k -> " for rows of rank ≤ " + k + " (the bound is not proved sufficient here)").orElse("")
                + "; core of " + core.size() + " constraint" + (core.size() == 1 ? "" : "s");
        return new Outcome.Unsat(new Failure(FailureKind.UNSAT, msg, core), bound, stats(n, s, t0));
    }

    private static String reason(Session s) {
        String r = s.solver.getReasonUnknown();
        return "z3 gave up: " + (r == null || r.isBlank() ? "unknown" : r);
    }

    private static Stats stats(int n, Session s, long t0) {
        return new Stats(n, s.checks, (System.nanoTime() - t0) / 1e6);
    }

    private static IllegalStateException mismatch(String what, List<Constraint> cs, Assignment model, Semantics sem, Session s) {
        StringBuilder sb = new StringBuilder("SMT/evaluator mismatch (" + sem.keyword + "): " + what + "\nmodel: " + model);
        for (var j : Evaluator.evaluate(cs, model, sem)) sb.append("\n  ").append(j.truth()).append(": ").append(j.detail());
        sb.append("\nformula:\n").append(s.solver);
        return new IllegalStateException(sb.toString());
    }

    private static List<Constraint> concat(List<Constraint> cs, Constraint c) {
        var out = new java.util.ArrayList<>(cs);
        out.add(c);
        return List.copyOf(out);
    }
}
