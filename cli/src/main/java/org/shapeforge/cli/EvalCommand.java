package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.shapeforge.lang.ParseError;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.SourceText;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Judgement;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Truth;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge eval FILE --assign 'a=3, <r>=[3]<>[5]'}: judges every constraint of the file
 * under a ground assignment with the trusted {@link Evaluator} (Def. 3.4 and the semantics table
 * of {@code language.md}). One line per constraint:
 * {@code holds|FAILS|undefined  file:line  constraint  [detail]}; exit 0 iff all hold.
 */
@Command(name = "eval", mixinStandardHelpOptions = true,
        description = "Evaluate a file's constraints under a ground assignment (exit 0 iff all hold).")
public final class EvalCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "the .shc file")
    Path file;

    @Option(names = "--assign", paramLabel = "ASSIGNMENT", defaultValue = "",
            description = "ground values, e.g. 'a=3, <r>=[3]<>[5]' (unassigned variables make constraints undefined)")
    String assign;

    @Option(names = "--semantics", paramLabel = "flat|marked|rigid|content", defaultValue = "flat",
            description = "reading of row constraints (default: ${DEFAULT-VALUE})")
    String semantics;

    @Mixin
    JsonOption json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Semantics sem;
        try {
            sem = Semantics.parse(semantics);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--semantics: " + e.getMessage());
        }
        Assignment asg;
        try {
            asg = Parser.parseAssignment(assign);
        } catch (ParseError e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--assign: " + e.render());
        }
        Problem p = Parser.parse(file.toString(), SourceText.read(file));
        List<Judgement> js = Evaluator.evaluate(p.constraints(), asg, sem);
        boolean all = js.stream().allMatch(Judgement::holds);
        PrintWriter out = spec.commandLine().getOut();
        if (json.on) {
            ObjectNode doc = Cli.JSON.createObjectNode()
                    .put("file", file.toString())
                    .put("semantics", sem.keyword)
                    .put("assignment", Printer.print(asg))
                    .put("allHold", all);
            var arr = doc.putArray("judgements");
            for (Judgement j : js)
                arr.addObject().put("truth", word(j.truth()).toLowerCase(Locale.ROOT))
                        .put("origin", j.constraint().span().fileLine())
                        .put("constraint", Printer.print(j.constraint()))
                        .put("detail", j.detail());
            out.println(Cli.json(doc));
        } else {
            for (Judgement j : js) {
                out.println(word(j.truth()) + "  " + j.constraint().span().fileLine() + "  "
                        + Printer.print(j.constraint()) + (j.holds() ? "" : "  [" + j.detail() + "]"));
            }
            if (js.isEmpty()) out.println("(no constraints in " + file + ")");
        }
        out.flush();
        return all ? Cli.OK : Cli.NEGATIVE;
    }

    private static String word(Truth t) {
        return switch (t) {
            case HOLDS -> "holds";
            case FAILS -> "FAILS";
            case UNDEFINED -> "undefined";
        };
    }
}
