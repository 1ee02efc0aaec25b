package org.shapeforge.oracle;

import org.shapeforge.lang.Expectation;
import org.shapeforge.lang.Expectation.Verdict;
import org.shapeforge.oracle.CheckResult.Status;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;

/**
 * Whether an engine's outcome matches an expected verdict. {@code sat}: a model was found.
 * {@code unsat}: proved unsatisfiable (a semantic native failure, or an SMT unsat, possibly
 * relative to a rank bound, which the detail states). {@code fail [kind] ["text"]}: any negative
 * answer, of that kind, whose message contains the text. {@code unknown}: neither.
 */
final class VerdictMatch {
    private VerdictMatch() {}

    static CheckResult judge(Expectation e, Verdict expected, String engine, Outcome o) {
        boolean ok = switch (expected) {
            case Verdict.Sat() -> o instanceof Outcome.Sat;
            case Verdict.Unknown() -> o instanceof Outcome.Unknown;
            case Verdict.Unsat() -> o instanceof Outcome.Unsat u
                    && (u.failure().kind() == FailureKind.UNSAT || u.failure().kind() == FailureKind.SEMANTIC);
            case Verdict.Fail(var kind, var text) -> o instanceof Outcome.Unsat u
                    && kind.map(k -> k.equals(u.failure().kind().keyword)).orElse(true)
                    && text.map(t -> u.failure().message().contains(t)).orElse(true);
        };
        Status status = ok ? Status.PASS : o instanceof Outcome.Unknown ? Status.UNKNOWN : Status.FAIL;
        return new CheckResult(e, status, engine + ": " + describe(o));
    }

    private static String abbreviate(String text) {
        return text.length() <= 100 ? text : text.substring(0, 97) + "...";
    }

    static String describe(Outcome o) {
        return switch (o) {
            case Outcome.Sat s -> "sat " + abbreviate(org.shapeforge.lang.Printer.print(s.model()));
            case Outcome.Unsat u -> (u.failure().kind() == FailureKind.UNSAT ? "unsat" : "fail " + u.failure().kind().keyword)
                    + u.rankBound().map(k -> " (rank ≤ " + k + ")").orElse("")
                    + " — " + u.failure().message();
            case Outcome.Unknown u -> "unknown — " + u.reason();
        };
    }
}
