package org.shapeforge.oracle;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Expectation.Engine;
import org.shapeforge.lang.Expectation.Verdict;
import org.shapeforge.lang.Expectation;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.CheckResult.Status;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Judgement;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Truth;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * Evaluates the {@code expect} lines of a self-checking file ({@code language.md},
 * "Expectations"): {@code native:}/{@code complete:} against the native solver, {@code flat:},
 * {@code marked:}, {@code rigid:}, {@code content:} against the SMT solver under that semantics,
 * {@code closed} against the native closed values (judged by the evaluator under {@code flat}, so
 * {@code closed <r> ~ [3, 5]} is ≈), {@code principal} against Cor. 5.8's flag, and
 * {@code entails} by the native solver where the binding is forced by semantic steps, else by
 * the SMT solver.
 */
public final class ExpectationChecker {
    private final SolveOptions options;

    public ExpectationChecker(SolveOptions options) {
        this.options = options;
    }

    /** One result per expectation of {@code problem}, in source order. */
    public List<CheckResult> check(Problem problem) {
        Engines engines = new Engines(problem, options);
        List<CheckResult> out = new ArrayList<>();
        for (Expectation e : problem.expectations()) out.add(checkOne(engines, e));
        return out;
    }

    private CheckResult checkOne(Engines engines, Expectation e) {
        return switch (e) {
            case Expectation.ExpectVerdict(Engine engine, Verdict verdict, var span) -> {
                Outcome o = engine.isNative()
                        ? engines.nativeOutcome(engine == Engine.COMPLETE)
                        : engines.smtOutcome(Semantics.parse(engine.keyword));
                yield VerdictMatch.judge(e, verdict, engine.keyword, o);
            }
            case Expectation.ExpectClosed(var binding, var span) -> {
                Outcome o = engines.nativeOutcome(false);
                if (!(o instanceof Outcome.Sat sat))
                    yield new CheckResult(e, Status.FAIL, "native: " + VerdictMatch.describe(o));
                Judgement j = Evaluator.evaluate(List.of(binding), sat.model(), Semantics.FLAT).getFirst();
                yield new CheckResult(e, j.truth() == Truth.HOLDS ? Status.PASS : Status.FAIL,
                        "closed: " + Values.describe(binding, sat.model()) + (j.detail().isEmpty() ? "" : " (" + j.detail() + ")"));
            }
            case Expectation.ExpectPrincipal(boolean principal, var span) -> {
                Outcome o = engines.nativeOutcome(false);
                if (!(o instanceof Outcome.Sat sat) || sat.solved().isEmpty())
                    yield new CheckResult(e, Status.FAIL, "native: " + VerdictMatch.describe(o));
                boolean actual = sat.solved().get().principal();
                yield new CheckResult(e, actual == principal ? Status.PASS : Status.FAIL,
                        "principal: " + (actual ? "yes" : "no") + ", residual " + sat.solved().get().residual().size());
            }
            case Expectation.ExpectEntails(var entailed, var span) -> entailment(engines, e, entailed);
        };
    }

    private static CheckResult entailment(Engines engines, Expectation e, Constraint c) {
        Entailment n = engines.nativeEntails(c);
        switch (n) {
            case Entailment.Entailed(String how) -> {
                return new CheckResult(e, Status.PASS, "native: entailed (" + how + ")");
            }
            case Entailment.NotEntailed(var counter) -> {
                return new CheckResult(e, Status.FAIL, "native: not entailed; counterexample " + Values.describe(counter.assignment()));
            }
            case Entailment.Undetermined(String why) -> {
                Entailment s = engines.smtEntails(c);
                return switch (s) {
                    case Entailment.Entailed(String how) -> new CheckResult(e, Status.PASS, "smt: entailed (" + how + ")");
                    case Entailment.NotEntailed(var counter) ->
                        new CheckResult(e, Status.FAIL, "smt: not entailed; counterexample " + Values.describe(counter.assignment()));
                    case Entailment.Undetermined(String r) ->
                        new CheckResult(e, Status.UNKNOWN, "native: " + why + "; smt: " + r);
                };
            }
        }
    }
}
