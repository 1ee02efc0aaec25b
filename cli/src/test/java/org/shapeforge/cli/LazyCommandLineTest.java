package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Cold start (issue 30): a command line that names a subcommand builds picocli's model of that
 * subcommand only ({@link Main#commandLine(String...)}), and answers exactly as the whole command
 * line does — output, errors, help and exit code. {@link Main#SUBCOMMANDS} names each command as
 * its {@code @Command} does, and lists every command the help lists.
 */
class LazyCommandLineTest {
    static final List<List<String>> ARGS = List.of(List.of("infer", "../examples/mlp.shp"), List.of("infer", "../examples/mlp.shp", "--json"),
            List.of("infer", "--help"), List.of("infer", "../examples/mlp.shp", "--bogus"), List.of("infer"),
            List.of("solve", "--help"), List.of("run", "--help"), List.of("bench", "cold", "--help"), List.of("bench", "nosuch"),
            List.of("import", "--help"), List.of("infer", "../examples/forgotten-hidden.shp", "--debug"), List.of("--version"),
            List.of("infe", "x"), List.of("help", "infer"));

    @Test
    void aNamedSubcommandIsTheOnlyOneBuilt() {
        CommandLine cl = Main.commandLine("infer", "../examples/mlp.shp");
        assertEquals(List.of("infer"), List.copyOf(cl.getSubcommands().keySet()));
        assertEquals(List.of("bench"), List.copyOf(Main.commandLine("bench", "cold").getSubcommands().keySet()));
        assertEquals(Main.SUBCOMMANDS.size(), Main.commandLine("help").getSubcommands().size());
        assertEquals(Main.SUBCOMMANDS.size(), Main.commandLine("nosuch").getSubcommands().size());
    }

    @Test
    void theLazyCommandLineAnswersAsTheWholeOne() {
        for (List<String> a : ARGS) {
            String[] args = a.toArray(String[]::new);
            CliRun whole = CliRun.of(Main.commandLine(), args), lazy = CliRun.of(Main.commandLine(args), args);
            assertEquals(whole, lazy, String.join(" ", a));
        }
    }

    @Test
    void theSubcommandsAreNamedAsTheirAnnotationsSay() {
        List<String> annotated = new ArrayList<>();
        for (Main.Sub s : Main.SUBCOMMANDS) annotated.add(s.type().getAnnotation(CommandLine.Command.class).name());
        assertEquals(Main.SUBCOMMANDS.stream().map(Main.Sub::name).toList(), annotated);
    }
}
