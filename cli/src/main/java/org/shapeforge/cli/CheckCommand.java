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
import org.shapeforge.oracle.CheckResult;
import org.shapeforge.oracle.ExpectationChecker;
import org.shapeforge.solver.SolveOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge check FILE...}: evaluates every {@code expect} line of each file, one line per
 * expectation, and a closing {@code N passed, M failed} line. Exit 0 when all pass, 1 when any
 * fails or is unknown, 2 when a file cannot be read or parsed.
 */
@Command(name = "check", description = "Evaluate the expect lines of self-checking .shc files.")
public final class CheckCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = ".shc files with expect lines")
    List<Path> files;

    @Mixin
    JsonOption json;

    @Option(names = "--rank-bound", description = "SMT rank bound K (0: derived from the input)")
    int rankBound;

    @Option(names = "--timeout-ms", description = "per-query timeout for the SMT solver")
    long timeoutMs = 20_000;

    @Option(names = {"-q", "--quiet"}, description = "print only failures and the summary")
    boolean quiet;

    @Override
    public Integer call() {
        var checker = new ExpectationChecker(SolveOptions.defaults().withRankBound(rankBound).withTimeoutMs(timeoutMs));
        ObjectNode doc = Cli.JSON.createObjectNode();
        ArrayNode jfiles = doc.putArray("files");
        int passed = 0, failed = 0, badInput = 0, unknown = 0;
        for (Path f : files) {
            ObjectNode jf = jfiles.addObject().put("file", f.toString());
            Problem p;
            try {
                p = Parser.parse(f.toString(), SourceText.read(f));
            } catch (ShapeError e) {
                badInput++;
                jf.put("error", e.render());
                if (!json.on) System.err.println(e.render());
                continue;
            }
            ArrayNode jr = jf.putArray("results");
            for (CheckResult r : checker.check(p)) {
                if (r.passed()) passed++;
                else failed++;
                if (r.status() == CheckResult.Status.UNKNOWN) unknown++;
                String expect = Printer.print(r.expectation());
                jr.addObject().put("line", r.expectation().span().line()).put("expect", expect)
                        .put("status", r.status().name().toLowerCase()).put("detail", r.detail());
                if (!json.on && (!quiet || !r.passed()))
                    System.out.printf("%-7s %s  %s   [%s]%n", r.status(), r.expectation().span().fileLine(), expect, r.detail());
            }
        }
        doc.put("passed", passed).put("failed", failed).put("badInput", badInput);
        if (json.on) System.out.println(Cli.json(doc));
        else System.out.println("check: " + passed + " passed, " + failed + " failed" + (badInput > 0 ? " (" + badInput + " file(s) not parsed)" : ""));
        return badInput > 0 ? Cli.BAD_INPUT : failed > unknown ? Cli.NEGATIVE : unknown > 0 ? Cli.UNKNOWN : Cli.OK;
    }
}
