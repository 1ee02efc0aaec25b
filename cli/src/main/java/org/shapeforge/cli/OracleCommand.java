package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.SourceText;
import org.shapeforge.lang.Span;
import org.shapeforge.oracle.Oracle;
import org.shapeforge.oracle.OracleReport;
import org.shapeforge.oracle.claims.Claim;
import org.shapeforge.oracle.render.OutcomeView;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Outcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge oracle FILE [--semantics S|all] [--json]} ({@code cli.md}): native
 * (deterministic and complete) and SMT side by side, the claims of seed 003 each
 * {@code holds | fails | skipped(reason)} with its evidence, and the agreement class. Exit 0 when
 * no claim fails and native and SMT do not contradict each other, 1 otherwise, 2 on bad input.
 */
@Command(name = "oracle", mixinStandardHelpOptions = true,
        description = "Native and SMT side by side, with the claims of the formal notes checked.")
public final class OracleCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "a .shc constraint file")
    Path file;

    @Option(names = "--semantics", defaultValue = "all", paramLabel = "S",
            description = "flat, marked, rigid, content or all (default)")
    String semantics;

    @Option(names = "--rank-bound", defaultValue = "0", paramLabel = "K", description = "SMT rank bound (0: derive)")
    int rankBound;

    @Option(names = "--timeout-ms", defaultValue = "0", paramLabel = "T", description = "SMT timeout per query")
    long timeoutMs;

    @Option(names = "--budget-ms", defaultValue = "" + Oracle.DEFAULT_BUDGET_MS, paramLabel = "B",
            description = "time for all SMT queries together (default ${DEFAULT-VALUE}); past it they answer unknown (budget)")
    long budgetMs;

    @Mixin
    JsonOption json;

    @Override
    public Integer call() {
        Problem p = Parser.parse(file.toString(), SourceText.read(file));
        List<Semantics> which = SmtOptions.semantics(semantics);
        if (budgetMs <= 0) throw new ShapeError("usage", Span.NONE, "--budget-ms must be > 0");
        OracleReport r = Oracle.run(p, which, SmtOptions.options(rankBound, timeoutMs), budgetMs);
        if (json.on) System.out.println(Cli.json(toJson(r, which)));
        else System.out.print(text(r, which));
        return r.anyFailure() ? Cli.NEGATIVE : Cli.OK;
    }

    static ObjectNode toJson(OracleReport r, List<Semantics> which) {
        ObjectNode doc = Cli.JSON.createObjectNode();
        doc.set("native", OutcomeView.json(r.nativeOutcome()));
        doc.set("complete", OutcomeView.json(r.complete()));
        ObjectNode smt = doc.putObject("smt");
        ObjectNode models = Cli.JSON.createObjectNode();
        ObjectNode full = Cli.JSON.createObjectNode();
        for (Semantics s : which) {
            Outcome o = r.smt().get(s);
            smt.put(s.keyword, OutcomeView.outcome(o));
            if (o instanceof Outcome.Sat sat) OutcomeView.values(models.putObject(s.keyword), sat.model());
            full.set(s.keyword, OutcomeView.json(o));
        }
        smt.set("model", models);
        smt.put("rankBound", r.rankBound());
        smt.set("results", full);
        ArrayNode claims = doc.putArray("claims");
        for (Claim c : r.claims())
            claims.addObject().put("name", c.name()).put("holds", c.status() == Claim.Status.HOLDS)
                    .put("status", c.status().keyword).put("verdict", c.verdict()).put("detail", c.detail());
        doc.put("agreement", r.agreement().keyword).put("agreementDetail", r.agreementDetail());
        return doc;
    }

    static String text(OracleReport r, List<Semantics> which) {
        StringBuilder sb = new StringBuilder();
        sb.append("native:   ").append(firstLine(OutcomeView.text(r.nativeOutcome()))).append('\n');
        sb.append("complete: ").append(firstLine(OutcomeView.text(r.complete())));
        if (r.complete() instanceof Outcome.Sat s) sb.append(' ').append(Printer.print(s.model()));
        sb.append('\n');
        for (Semantics s : which) {
            Outcome o = r.smt().get(s);
            sb.append(String.format("%-9s ", "smt " + s.keyword + ":")).append(firstLine(OutcomeView.text(o)));
            if (o instanceof Outcome.Sat sat) sb.append(' ').append(Printer.print(sat.model()));
            sb.append('\n');
        }
        sb.append("rank bound: ").append(r.rankBound()).append('\n');
        sb.append("claims:\n");
        for (Claim c : r.claims()) {
            sb.append("  ").append(c.name()).append(": ").append(c.verdict());
            if (c.status() != Claim.Status.SKIPPED) sb.append(" — ").append(c.detail());
            sb.append('\n');
        }
        sb.append("agreement: ").append(r.agreement().keyword).append(" (").append(r.agreementDetail()).append(")\n");
        return sb.toString();
    }

    private static String firstLine(String s) {
        int i = s.indexOf('\n');
        return i < 0 ? s : s.substring(0, i);
    }
}
