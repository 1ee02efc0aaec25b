package org.shapeforge.oracle.fuzz;

import java.util.Optional;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.Checked;
import org.shapeforge.semantics.Admissible;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.term.Assignment;

/**
 * Classifies a pair of answers (native re-checked by {@link Checked}, SMT under {@code flat}) on
 * one input, with an optional planted solution. A solution is known when SMT's model or the planted
 * one satisfies the input by the evaluator.
 */
public final class Classifier {
    private Classifier() {}

    public record Verdict(Klass klass, String detail) {}

    public static Verdict classify(Problem p, Outcome nat, Outcome smt, Optional<Assignment> planted) {
        boolean known = smt instanceof Outcome.Sat
                || planted.filter(a -> Admissible.solves(p, a, Semantics.FLAT)).isPresent();
        return switch (nat) {
            case Outcome.Sat s -> smt instanceof Outcome.Unsat
                    ? new Verdict(Klass.UNSOUND_ACCEPT, "native sat, SMT proves unsat")
                    : smt instanceof Outcome.Sat ? new Verdict(Klass.AGREE, "sat") : new Verdict(Klass.UNKNOWN, "native sat, SMT unknown");
            case Outcome.Unsat u -> known ? new Verdict(Klass.UNSOUND_REJECT, "native semantic failure, but a solution exists: " + u.core().message())
                    : smt instanceof Outcome.Unsat ? new Verdict(Klass.AGREE, "unsat") : new Verdict(Klass.UNKNOWN, "native unsat, SMT unknown");
            case Outcome.Unknown k -> {
                if (k.reason().startsWith(Checked.REJECTED)) yield new Verdict(Klass.UNSOUND_ACCEPT, k.reason());
                FailureKind kind = k.cause().map(f -> f.kind()).orElse(null);
                if (kind == FailureKind.ERROR) yield new Verdict(Klass.INPUT_ERROR, k.reason());
                if (kind == FailureKind.POLICY)
                    yield known ? new Verdict(Klass.POLICY_REJECTION, k.reason())
                            : smt instanceof Outcome.Unsat ? new Verdict(Klass.AGREE, "policy failure on an unsat input")
                            : new Verdict(Klass.UNKNOWN, "native policy failure, SMT unknown");
                yield known || smt instanceof Outcome.Unsat ? new Verdict(Klass.INCOMPLETE, k.reason())
                        : new Verdict(Klass.UNKNOWN, "both unknown");
            }
        };
    }
}
