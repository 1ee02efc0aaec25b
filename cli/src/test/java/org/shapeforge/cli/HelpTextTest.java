package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's {@code --help} renders as written: picocli reads descriptions as format strings,
 * so a bare {@code %} (e.g. {@code n % 8 == 0} in {@code query --assume}) made it print a warning on
 * standard error and the raw text instead. Renders the usage of the root and of every subcommand,
 * recursively, with standard error captured.
 */
class HelpTextTest {

    @Test
    void everyUsageMessageRendersWithoutAFormatWarning() {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int rendered = 0;
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            ArrayDeque<CommandLine> todo = new ArrayDeque<>();
            todo.push(Main.commandLine());
            while (!todo.isEmpty()) {
                CommandLine c = todo.pop();
                String usage = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
                assertFalse(usage.isBlank(), c.getCommandName());
                assertFalse(usage.contains("%n"), c.getCommandName() + ": unformatted description in\n" + usage);
                rendered++;
                c.getSubcommands().values().forEach(todo::push);
            }
        } finally {
            System.setErr(saved);
        }
        String err = captured.toString(StandardCharsets.UTF_8);
        assertTrue(rendered > 10, "rendered " + rendered + " usage messages");
        assertFalse(err.contains("Could not format"), err);
    }
}
