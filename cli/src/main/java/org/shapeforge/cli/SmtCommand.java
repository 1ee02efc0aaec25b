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
import org.shapeforge.semantics.Semantics;
import org.shapeforge.smt.SmtSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge smt FILE}: the SMT oracle under one semantics or all four. Prints each
 * verdict ({@code sat}, {@code unsat}, {@code unsat (rank ≤ K)}, {@code unknown (reason)}), the
 * model in the language, or the unsat core with origins. Exit 0 when every verdict is sat, 1
 * otherwise, 2 on bad input.
 */
@Command(name = "smt", mixinStandardHelpOptions = true,
        description = "Decide FILE with Z3 under a semantics (flat, marked, rigid, content, or all).")
public final class SmtCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "a .shc constraint file")
    Path file;

    @Option(names = "--semantics", defaultValue = "flat", paramLabel = "S",
            description = "flat (default), marked, rigid, content or all")
    String semantics;

    @Option(names = "--rank-bound", defaultValue = "0", paramLabel = "K",
            description = "unroll row variables to K axes (0: derive from the input)")
    int rankBound;

    @Option(names = "--timeout-ms", defaultValue = "0", paramLabel = "T",
            description = "Z3 timeout per check in ms (0: " + SmtSolver.DEFAULT_TIMEOUT_MS + ")")
    long timeoutMs;

    @Option(names = "--json", description = "print one JSON document")
    boolean json;

    @Override
    public Integer call() {
        Problem p = Parser.parse(file.toString(), Cli.read(file)).withoutExpectations();
        List<Semantics> which = SmtOptions.semantics(semantics);
        SolveOptions base = SmtOptions.options(rankBound, timeoutMs);
        SmtSolver z3 = new SmtSolver();
        ObjectNode doc = Cli.JSON.createObjectNode();
        doc.put("file", file.toString());
        ObjectNode results = doc.putObject("results");
        int exit = Cli.OK;
        StringBuilder text = new StringBuilder();
        for (Semantics s : which) {
            Outcome o = z3.solve(p, base.withSemantics(s));
            exit = Cli.worse(exit, Cli.exitCode(o));
            results.set(s.keyword, json(o));
            text.append(s.keyword).append(": ").append(render(o));
        }
        System.out.print(json ? Cli.json(doc) + "\n" : text);
        return exit;
    }

    static String verdict(Outcome o) {
        return switch (o) {
            case Outcome.Sat s -> "sat";
            case Outcome.Unsat u -> u.rankBound().map(k -> "unsat (rank ≤ " + k + ")").orElse("unsat");
            case Outcome.Unknown u -> "unknown (" + u.reason() + ")";
        };
    }

    private static String render(Outcome o) {
        StringBuilder sb = new StringBuilder(verdict(o)).append('\n');
        switch (o) {
            case Outcome.Sat s -> {
                for (Map.Entry<String, org.shapeforge.term.Dim> e : s.model().dims().entrySet())
                    sb.append("  ").append(e.getKey()).append(" = ").append(Printer.print(e.getValue())).append('\n');
                for (var e : s.model().rows().entrySet())
                    sb.append("  <").append(e.getKey()).append("> = ").append(Printer.print(e.getValue())).append('\n');
            }
            case Outcome.Unsat u -> {
                sb.append("  ").append(u.failure().message()).append('\n');
                for (Constraint c : u.failure().constraints())
                    sb.append("  ").append(c.span()).append(": ").append(Printer.print(c)).append('\n');
            }
            case Outcome.Unknown u -> {}
        }
        return sb.toString();
    }

    private static ObjectNode json(Outcome o) {
        ObjectNode n = Cli.JSON.createObjectNode();
        n.put("verdict", switch (o) {
            case Outcome.Sat s -> "sat";
            case Outcome.Unsat u -> "unsat";
            case Outcome.Unknown u -> "unknown";
        });
        switch (o) {
            case Outcome.Sat s -> {
                ObjectNode m = n.putObject("model");
                s.model().dims().forEach((k, v) -> m.put(k, Printer.print(v)));
                s.model().rows().forEach((k, v) -> m.put("<" + k + ">", Printer.print(v)));
            }
            case Outcome.Unsat u -> {
                if (u.rankBound().isPresent()) n.put("rankBound", u.rankBound().get());
                else n.putNull("rankBound");
                n.put("message", u.failure().message());
                ArrayNode core = n.putArray("constraints");
                u.failure().constraints().forEach(c -> core.add(Printer.print(c)));
                ArrayNode origin = n.putArray("origin");
                u.failure().origins().forEach(origin::add);
            }
            case Outcome.Unknown u -> n.put("reason", u.reason());
        }
        ObjectNode st = n.putObject("stats");
        st.put("constraints", o.stats().constraints());
        st.put("steps", o.stats().steps());
        st.put("millis", o.stats().millis());
        return n;
    }
}
