package org.shapeforge.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.smt.SmtSolver;
import picocli.CommandLine.Command;
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

    @Option(names = "--rank-bound", defaultValue = "0", paramLabel = "K",
            description = "unroll row variables to K axes (0: derive from the input)")
    int rankBound;

    @Override
    public Integer call() {
        if (!smtlib) throw new ShapeError("usage", Span.NONE, "export: choose a format (--smtlib)");
        List<Semantics> which = SmtOptions.semantics(semantics);
        if (which.size() != 1) throw new ShapeError("usage", Span.NONE, "export: one script per semantics; name one, not 'all'");
        Problem p = Parser.parse(file.toString(), Cli.read(file)).withoutExpectations();
        System.out.print(new SmtSolver().exportSmtLib(p, SmtOptions.options(rankBound, 0).withSemantics(which.get(0))).orElseThrow());
        return Cli.OK;
    }
}
