package org.shapeforge.oracle;

import org.shapeforge.lang.Expectation.Verdict;
import org.shapeforge.lang.Expectation;
import org.shapeforge.lang.Printer;
import org.shapeforge.oracle.CheckResult.Status;
import org.shapeforge.oracle.render.OutcomeView;
import org.shapeforge.solver.Outcome;

/**
 * Whether an engine's outcome matches an expected verdict. {@code sat}: a model was found.
 * {@code unsat}: proved unsatisfiable ({@link Outcome.Unsat}: a semantic native failure or an
 * unconditional SMT unsat). {@code fail [kind] ["text"]}: any answer with a failure (an Unsat, or
 * an Unknown caused by a policy failure, an input error or a bounded refutation), of that kind,
 * whose message contains the text. {@code unknown}: an Unknown.
 */
final class VerdictMatch {
    private VerdictMatch() {}

    static CheckResult judge(Expectation e, Verdict expected, String engine, Outcome o) {
        boolean ok = switch (expected) {
            case Verdict.Sat() -> o instanceof Outcome.Sat;
            case Verdict.Unknown() -> o instanceof Outcome.Unknown;
            case Verdict.Unsat() -> o instanceof Outcome.Unsat;
            case Verdict.Fail(var kind, var text) -> o.failure().filter(f ->
                    kind.map(k -> k.equals(f.kind().keyword)).orElse(true)
                    && text.map(t -> f.message().contains(t)).orElse(true)).isPresent();
        };
        Status status = ok ? Status.PASS : o instanceof Outcome.Unknown ? Status.UNKNOWN : Status.FAIL;
        return new CheckResult(e, status, engine + ": " + describe(o));
    }

    private static String abbreviate(String text) {
        return text.length() <= 100 ? text : text.substring(0, 97) + "...";
    }

    static String describe(Outcome o) {
        return switch (o) {
            case Outcome.Sat s -> "sat " + abbreviate(Printer.print(s.model()));
            default -> OutcomeView.headline(o);
        };
    }
}
