package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.SourceText;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.oracle.Backend;
import org.shapeforge.oracle.render.OutcomeView;
import org.shapeforge.smt.SmtSolver;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge smt FILE}: the SMT oracle under one semantics or all four. Prints each
 * outcome through {@link OutcomeView} ({@code sat}, {@code unsat}, {@code unknown (unsat only for
 * rank ≤ K)}, {@code unknown (reason)}), the model in the language, or the unsat core with origins.
 * Exit: the worst over the semantics (0 all sat, 1 some unsat, 3 some unknown, 2 bad input).
 */
@Command(name = "smt", mixinStandardHelpOptions = true,
        description = "Decide FILE with Z3 under a semantics (flat, marked, rigid, content, or all).")
public final class SmtCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "a .shc constraint file")
    Path file;

    @Option(names = "--semantics", defaultValue = "flat", paramLabel = "S",
            description = "flat (default), marked, rigid, content or all")
    String semantics;

    @Mixin
    RankBoundOption rankBound;

    @Option(names = "--timeout-ms", defaultValue = "0", paramLabel = "T",
            description = "Z3 timeout per check in ms (0: " + SmtSolver.DEFAULT_TIMEOUT_MS + ")")
    long timeoutMs;

    @Mixin
    JsonOption json;

    @Override
    public Integer call() {
        Problem p = Parser.parse(file.toString(), SourceText.read(file)).withoutExpectations();
        List<Semantics> which = SmtOptions.semantics(semantics);
        SolveOptions base = SmtOptions.options(rankBound.k, timeoutMs);
        ShapeSolver z3 = Backend.SMT.create();
        ObjectNode doc = Cli.JSON.createObjectNode();
        doc.put("file", file.toString());
        ObjectNode results = doc.putObject("results");
        int exit = Cli.OK;
        StringBuilder text = new StringBuilder();
        for (Semantics s : which) {
            Outcome o = z3.solve(p, base.withSemantics(s));
            exit = OutcomeView.worst(exit, OutcomeView.exitCode(o));
            results.set(s.keyword, OutcomeView.json(o));
            text.append(s.keyword).append(": ").append(OutcomeView.text(o));
        }
        System.out.print(json.on ? Cli.json(doc) + "\n" : text);
        return exit;
    }

}
