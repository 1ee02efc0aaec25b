package org.shapeforge.smt;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Expectation;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * The expectations of a {@code .shc} file that the SMT oracle decides ({@code language.md},
 * "Expectations"): {@code expect flat|marked|rigid|content: sat|unsat|unknown|fail ...} and
 * {@code expect entails C} (judged under {@code flat}, Def. 3.4). For {@code shapeforge check}.
 * An {@code unsat (rank ≤ K)} answer meets {@code unsat}; the detail says it is bounded.
 */
public final class SmtExpectations {
    private SmtExpectations() {}

    /** One judged expectation: whether it passed, and what z3 said. */
    public record Result(Expectation expectation, boolean passed, String detail) {}

    /** Whether z3 decides this expectation (SMT engines and entailment). */
    public static boolean decides(Expectation e) {
        return switch (e) {
            case Expectation.ExpectVerdict v -> !v.engine().isNative();
            case Expectation.ExpectEntails en -> true;
            default -> false;
        };
    }

    /** Judges every expectation of {@code p} that z3 decides, in file order. */
    public static List<Result> check(Problem p, SolveOptions options) {
        SmtSolver z3 = new SmtSolver();
        Problem input = p.withoutExpectations();
        List<Result> out = new ArrayList<>();
        for (Expectation e : p.expectations()) {
            switch (e) {
                case Expectation.ExpectVerdict(var engine, var verdict, var span) when !engine.isNative() -> {
                    Outcome o = z3.solve(input, options.withSemantics(Semantics.parse(engine.keyword)));
                    out.add(new Result(e, meets(o, verdict), engine.keyword + ": " + text(o)));
                }
                case Expectation.ExpectEntails(var c, var span) -> {
                    Entailment en = z3.entails(input, c, options.withSemantics(Semantics.FLAT));
                    out.add(switch (en) {
                        case Entailment.Entailed(String how) -> new Result(e, true, "entailed: " + how);
                        case Entailment.NotEntailed(var cm) -> new Result(e, false, "not entailed: counter-model " + Printer.print(cm));
                        case Entailment.Undetermined(String why) -> new Result(e, false, "undetermined: " + why);
                    });
                }
                default -> {}
            }
        }
        return out;
    }

    private static boolean meets(Outcome o, Expectation.Verdict v) {
        return switch (v) {
            case Expectation.Verdict.Sat s -> o instanceof Outcome.Sat;
            case Expectation.Verdict.Unsat u -> o instanceof Outcome.Unsat;
            case Expectation.Verdict.Unknown u -> o instanceof Outcome.Unknown;
            case Expectation.Verdict.Fail(Optional<String> kind, Optional<String> text) ->
                    o instanceof Outcome.Unsat un
                            && kind.map(k -> k.equals(un.failure().kind().keyword)).orElse(true)
                            && text.map(t -> un.failure().message().contains(t)).orElse(true);
        };
    }

    private static String text(Outcome o) {
        return switch (o) {
            case Outcome.Sat s -> "sat " + Printer.print(s.model());
            case Outcome.Unsat u -> u.rankBound().map(k -> "unsat (rank ≤ " + k + ")").orElse("unsat")
                    + " " + u.failure().origins();
            case Outcome.Unknown u -> "unknown (" + u.reason() + ")";
        };
    }
}
