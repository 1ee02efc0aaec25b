package org.shapeforge.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.SourceText;
import org.shapeforge.lang.Span;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.oracle.Backend;
import org.shapeforge.smt.SmtSolver;
import org.shapeforge.solver.SolveOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge export --smtlib FILE}: prints the bounded SMT encoding as a standard SMT-LIB2
 * script (QF_NIA, named assertions {@code c_<line>_<i>}) for z3, cvc5 or any other solver.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Print the SMT encoding of FILE (--smtlib: an SMT-LIB2 script).")
public final class ExportCommand implements Callable<Integer> {
    @Option(names = "--smtlib", description = "SMT-LIB2 (the only format so far)")
    boolean smtlib;

    @Parameters(index = "0", paramLabel = "FILE", description = "a .shc constraint file")
    Path file;

    @Option(names = "--semantics", defaultValue = "flat", paramLabel = "S", description = "flat (default), marked, rigid or content")
    String semantics;

    @Mixin
    RankBoundOption rankBound;

    @Option(names = "--get-model", description = "end the script with (get-model) after (check-sat) (an error if unsat)")
    boolean getModel;

    @Mixin
    TimeoutOption timeout;

    @Option(names = "--json", description = "print one JSON document: {file, semantics, rankBound, script}")
    boolean json;

    @Override
    public Integer call() {
        if (!smtlib) throw new ShapeError("usage", Span.NONE, "export: choose a format (--smtlib)");
        List<Semantics> which = SmtOptions.semantics(semantics);
        if (which.size() != 1) throw new ShapeError("usage", Span.NONE, "export: one script per semantics; name one, not 'all'");
        Problem p = Parser.parse(file.toString(), SourceText.read(file)).withoutExpectations();
        SolveOptions o = SmtOptions.options(rankBound.k, 0).withSemantics(which.get(0));
        String script = Backend.SMT.create().exportSmtLib(p, o).orElseThrow() + (getModel ? "(get-model)\n" : "");
        if (json) System.out.println(Cli.json(Cli.JSON.createObjectNode().put("file", file.toString())
                .put("semantics", which.get(0).keyword).put("rankBound", SmtSolver.rankBound(p.constraints(), o))
                .put("script", script)));
        else System.out.print(script);
        return Cli.OK;
    }
}
