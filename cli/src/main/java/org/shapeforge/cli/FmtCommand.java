package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.shapeforge.lang.Formatter;
import org.shapeforge.lang.SourceText;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shapeforge fmt FILE...}: prints each file in the canonical form of {@code language.md}
 * ({@link Formatter}: printer output, comments kept). {@code --check} prints nothing but the
 * names of files that are not canonical and exits 1 if there is one.
 */
@Command(name = "fmt", mixinStandardHelpOptions = true,
        description = "Print .shc files in canonical form (--check: exit 1 if one is not canonical).")
public final class FmtCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "the .shc files")
    List<Path> files;

    @Option(names = "--check", description = "do not print; exit 1 if a file is not already canonical")
    boolean check;

    @Mixin
    JsonOption json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ArrayNode docs = Cli.JSON.createArrayNode();
        boolean allCanonical = true;
        for (Path f : files) {
            String text = SourceText.read(f);
            String formatted = Formatter.format(f.toString(), text);
            boolean canonical = formatted.equals(text);
            allCanonical &= canonical;
            if (json.on) {
                ObjectNode doc = docs.addObject().put("file", f.toString()).put("formatted", formatted);
                if (check) doc.put("canonical", canonical);
            } else if (check) {
                if (!canonical) out.println(f + ": not in canonical form (run 'shapeforge fmt " + f + "')");
            } else {
                if (files.size() > 1) out.println("# ==> " + f + " <==");
                out.print(formatted);
            }
        }
        if (json.on) out.println(Cli.json(docs.size() == 1 ? docs.get(0) : docs));
        out.flush();
        return check && !allCanonical ? Cli.NEGATIVE : Cli.OK;
    }
}
