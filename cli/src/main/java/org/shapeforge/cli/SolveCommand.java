package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.SourceText;
import org.shapeforge.oracle.Backend;
import org.shapeforge.oracle.Verified;
import org.shapeforge.oracle.render.OutcomeView;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.solver.Stats;
import org.shapeforge.term.Assignment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code shapeforge solve FILE [--json] [--complete] [--verified] [--trace]}: the native staged solve and closing
 * ({@code cli.md}): verdict, bindings σ⋆, residual store, closed values, principal flag (Cor. 5.8),
 * γ↑ (Prop. 5.4) and stats, or the failure with its kind, constraints and origins.
 * Rendered by {@link OutcomeView}; exit 0 sat, 1 unsat (a semantic failure), 2 bad input, 3 unknown
 * (a policy failure, an unsupported construct, a budget).
 */
@Command(name = "solve", mixinStandardHelpOptions = true,
        description = "Solve and close a file's constraints with the native staged solver.")
public final class SolveCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "the .shc file")
    Path file;

    @Mixin
    JsonOption json;

    @Mixin
    CompleteOption complete;

    @Mixin
    TimeoutOption timeout;

    @Mixin
    ClosingOption closing;

    @Option(names = "--verified", description = "native, re-checked by the evaluator; on a policy failure or unknown, "
            + "an SMT fallback within --smt-budget-ms (a model is flagged fallback; an unsat core names your lines)")
    boolean verified;

    @Mixin
    SmtBudgetOption smtBudget;

    @Mixin
    TraceOption trace;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The native solver before its re-check ({@code Backend.NATIVE}; a test plants a wrong one, RecheckOnEveryPathTest). */
    Supplier<ShapeSolver> nativeSolver = Backend.NATIVE::create;

    @Override
    public Integer call() {
        Problem p = Parser.parse(file.toString(), SourceText.read(file)).withoutExpectations();
        PrintWriter out = spec.commandLine().getOut();
        if (verified) {
            Verified.Result r = Verified.solve(p, smtBudget.millis, closing.policy);
            Outcome o = r.outcome();
            if (json.on) out.println(Cli.json(OutcomeView.json(o, p.constraints()).put("fallback", r.fallback())
                    .put("source", r.fallback() ? "smt" : "native")));
            else out.print((r.fallback() ? "fallback: SMT answered (native: "
                    + r.nativeOutcome().map(OutcomeView::headline).orElse("?") + ")\n" : "") + OutcomeView.text(o, p.constraints()));
            out.flush();
            return OutcomeView.exitCode(o);
        }
        SolveOptions options = SolveOptions.defaults().withComplete(complete.on).withTimeoutMs(timeout.millis).withClosing(closing.policy);
        if (trace.on) {
            NativeSolver.Traced t = Backend.nativeTraced(p, options);
            Outcome o = t.outcome();
            if (json.on) out.println(Cli.json(StageTraceView.json(OutcomeView.json(o, p.constraints()), t.stages())));
            else out.print(OutcomeView.text(o, p.constraints()) + StageTraceView.text(t.stages()));
            out.flush();
            return OutcomeView.exitCode(o);
        }
        Outcome o = Backend.checked(nativeSolver.get()).solve(p, options);
        if (json.on) out.println(Cli.json(OutcomeView.json(o, p.constraints())));
        else out.print(OutcomeView.text(o, p.constraints()));
        out.flush();
        return OutcomeView.exitCode(o);
    }

    static ObjectNode toJson(Outcome o) {
        return OutcomeView.json(o);
    }

    static String text(Outcome o) {
        return OutcomeView.text(o);
    }
}
