package org.shapeforge.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.ClosingPolicy;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * Verified inference, the one call for production users (issue 10): native speed, an independent
 * re-check, an SMT fallback, readable errors.
 * <ol>
 *   <li>the native solver, its model re-checked by the trusted evaluator ({@link Checked});</li>
 *   <li>a native model → the answer; a native semantic failure (a proof, Lemma 5.1) → the error,
 *       its constraints the derivation's sources;</li>
 *   <li>a policy failure, an unsupported construct or any other {@code Unknown} → SMT under
 *       {@code flat} within {@code smtBudgetMs}: a model becomes the answer, flagged
 *       {@link Result#fallback()} and re-checked by the evaluator; an unsat core becomes the error
 *       (the user's constraints with their {@code file:line:col}); SMT unknown stays unknown.</li>
 * </ol>
 * <pre>{@code
 * Problem p = Parser.parse("model.shc", text);
 * Verified.Result r = Verified.solve(p, 2_000);
 * switch (r.outcome()) {
 *     case Outcome.Sat s -> use(s.model());                       // r.fallback(): found by SMT
 *     case Outcome.Unsat u -> report(OutcomeView.text(u));        // lines, origins and a hint
 *     case Outcome.Unknown u -> retryWithMoreTime(u.reason());
 * }
 * }</pre>
 */
public final class Verified {
    private Verified() {}

    /** The answer, whether SMT supplied it, and what native said when it did not decide. */
    public record Result(Outcome outcome, boolean fallback, Optional<Outcome> nativeOutcome) {}

    public static Result solve(Problem problem, long smtBudgetMs) {
        return solve(problem, smtBudgetMs, ClosingPolicy.NOTES);
    }

    /** As above, native closing by {@code closing} (SMT has no closing policy: its model is any solution). */
    public static Result solve(Problem problem, long smtBudgetMs, ClosingPolicy closing) {
        return after(problem, Backend.NATIVE.checked().solve(problem.withoutExpectations(), FLAT.withClosing(closing)), smtBudgetMs);
    }

    /**
     * As {@link #solve(Problem, long)} where the caller already has native's answer {@code nat} on
     * {@code problem} under {@code flat}: it stands when it decides, SMT answers when it is unknown
     * (native is not run again).
     */
    public static Result after(Problem problem, Outcome nat, long smtBudgetMs) {
        if (nat instanceof Outcome.Sat || nat instanceof Outcome.Unsat) return new Result(nat, false, Optional.of(nat));
        return fallback(problem.withoutExpectations(), smtBudgetMs, nat, "native: " + ((Outcome.Unknown) nat).reason());
    }

    /**
     * The fallback taken whatever native says: native solves first (its answer is
     * {@link Result#nativeOutcome()}, for the caller to compare with), then SMT answers as in
     * {@link #solve(Problem, long)} after a native refusal, the result flagged {@code fallback}.
     * What {@code import --verified --smt-shapes} uses to check the fallback against native.
     */
    public static Result forcedFallback(Problem problem, long smtBudgetMs) {
        Problem p = problem.withoutExpectations();
        Outcome nat = Backend.NATIVE.checked().solve(p, FLAT);
        return fallback(p, smtBudgetMs, nat, "forced; native: " + switch (nat) {
            case Outcome.Sat s -> "sat";
            case Outcome.Unsat u -> "unsat";
            case Outcome.Unknown u -> u.reason();
        });
    }

    private static final SolveOptions FLAT = SolveOptions.defaults().withSemantics(Semantics.FLAT);

    private static Result fallback(Problem p, long smtBudgetMs, Outcome nat, String why) {
        Outcome smt = Backend.SMT.checked().solve(p, FLAT.withTimeoutMs(Math.max(1, smtBudgetMs)));
        return switch (smt) {
            case Outcome.Sat s -> {
                List<String> notes = new ArrayList<>(s.notes());
                notes.add("fallback: model found by SMT (" + why + "), re-checked by the evaluator");
                yield new Result(new Outcome.Sat(s.model(), s.solved(), notes, s.stats()), true, Optional.of(nat));
            }
            case Outcome.Unsat u -> new Result(u, true, Optional.of(nat));
            case Outcome.Unknown u -> new Result(new Outcome.Unknown(why + "; smt: " + u.reason(), u.cause().or(() -> nat instanceof Outcome.Unknown k ? k.cause() : Optional.empty()),
                    u.rankBound(), u.stats()), false, Optional.of(nat));
        };
    }
}
