package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Assignment;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.solver.Stats;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge solve FILE [--json] [--complete]}: the native staged solve and closing
 * ({@code cli.md}): verdict, bindings σ⋆, residual store, closed values, principal flag (Cor. 5.8),
 * γ↑ (Prop. 5.4) and stats, or the failure with its kind, constraints and origins.
 * Exit 0 sat, 1 fail or unknown, 2 bad input.
 */
@Command(name = "solve", mixinStandardHelpOptions = true,
        description = "Solve and close a file's constraints with the native staged solver.")
public final class SolveCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "the .shc file")
    Path file;

    @Option(names = "--json", description = "print one JSON document")
    boolean json;

    @Option(names = "--complete", description = "finite backtracking at the policy choice points (Remark 6.7(ii))")
    boolean complete;

    @Option(names = "--timeout-ms", paramLabel = "T", description = "bound the whole command (exit 3, unknown (timeout))")
    long timeoutMs;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Problem p = Parser.parse(file.toString(), Cli.read(file)).withoutExpectations();
        Outcome o = new NativeSolver().solve(p, SolveOptions.defaults().withComplete(complete).withTimeoutMs(timeoutMs));
        PrintWriter out = spec.commandLine().getOut();
        if (json) out.println(Cli.json(toJson(o)));
        else out.print(text(o));
        out.flush();
        return Cli.exitCode(o);
    }

    static ObjectNode toJson(Outcome o) {
        ObjectNode doc = Cli.JSON.createObjectNode();
        switch (o) {
            case Outcome.Sat s -> {
                doc.put("verdict", "sat");
                SolvedForm sf = s.solved().orElseThrow();
                ObjectNode b = doc.putObject("bindings");
                sf.dimBindings().forEach((k, v) -> b.put(k, Printer.print(v)));
                sf.rowBindings().forEach((k, v) -> b.put("<" + k + ">", Printer.print(v)));
                var res = doc.putArray("residual");
                for (Constraint c : sf.residual()) res.add(Printer.print(c));
                values(doc.putObject("closed"), s.model());
                doc.put("principal", sf.principal());
                values(doc.putObject("upward"), sf.upward());
                var notes = doc.putArray("notes");
                s.notes().forEach(notes::add);
            }
            case Outcome.Unsat u -> {
                doc.put("verdict", "fail");
                ObjectNode f = doc.putObject("failure");
                f.put("kind", u.failure().kind().keyword).put("message", u.failure().message());
                var cs = f.putArray("constraints");
                for (Constraint c : u.failure().constraints()) cs.add(Printer.print(c));
                var orig = f.putArray("origin");
                u.failure().origins().forEach(orig::add);
            }
            case Outcome.Unknown k -> doc.put("verdict", "unknown").put("reason", k.reason());
        }
        Stats st = o.stats();
        doc.putObject("stats").put("constraints", st.constraints()).put("steps", st.steps()).put("millis", st.millis());
        return doc;
    }

    private static void values(ObjectNode node, Assignment a) {
        a.dims().forEach((k, v) -> node.put(k, Printer.print(v)));
        a.rows().forEach((k, v) -> node.put("<" + k + ">", Printer.print(v)));
    }

    static String text(Outcome o) {
        StringBuilder sb = new StringBuilder();
        switch (o) {
            case Outcome.Sat s -> {
                SolvedForm sf = s.solved().orElseThrow();
                sb.append("sat\n");
                section(sb, "bindings", sf.dimBindings(), sf.rowBindings());
                sb.append("residual:\n");
                for (Constraint c : sf.residual()) sb.append("  ").append(Printer.print(c)).append('\n');
                sb.append("closed:\n");
                s.model().dims().forEach((k, v) -> sb.append("  ").append(k).append(" = ").append(Printer.print(v)).append('\n'));
                s.model().rows().forEach((k, v) -> sb.append("  <").append(k).append("> ~ ").append(Printer.print(v)).append('\n'));
                sb.append("principal: ").append(sf.principal() ? "yes" : "no").append('\n');
                sb.append("upward: ").append(Printer.print(sf.upward())).append('\n');
                for (String n : s.notes()) sb.append("note: ").append(n).append('\n');
            }
            case Outcome.Unsat u -> {
                sb.append("fail ").append(u.failure().kind().keyword).append(": ").append(u.failure().message()).append('\n');
                for (Constraint c : u.failure().constraints())
                    sb.append("  ").append(c.span().fileLine()).append("  ").append(Printer.print(c)).append('\n');
                sb.append("hint: ").append(hint(u.failure().kind())).append('\n');
            }
            case Outcome.Unknown k -> sb.append("unknown: ").append(k.reason()).append('\n');
        }
        Stats st = o.stats();
        sb.append(String.format("stats: %d constraints, %d steps, %.1f ms%n", st.constraints(), st.steps(), st.millis()));
        return sb.toString();
    }

    /** What a user can do about a failure of this kind (Lemma 5.1's semantic/policy split). */
    static String hint(org.shapeforge.solver.FailureKind kind) {
        return switch (kind) {
            case SEMANTIC -> "only semantic steps led here: the constraints above have no common solution; "
                    + "fix one of them (or see `shapeforge smt FILE` for an unsat core)";
            case POLICY -> "a policy commitment (marker placement, deferred-equation resolution or closing guess) "
                    + "is on this failure's derivation, so the input may still be satisfiable: try --complete, "
                    + "or `shapeforge smt FILE`";
            case UNSAT -> "the constraints above are unsatisfiable together";
            case ERROR -> "the input is outside what this solver accepts, or ill-formed: see the message";
        };
    }

    private static void section(StringBuilder sb, String title, Map<String, org.shapeforge.term.Dim> d,
            Map<String, org.shapeforge.term.Row> r) {
        sb.append(title).append(":\n");
        d.forEach((k, v) -> sb.append("  ").append(k).append(" = ").append(Printer.print(v)).append('\n'));
        r.forEach((k, v) -> sb.append("  <").append(k).append("> ~ ").append(Printer.print(v)).append('\n'));
    }
}
