package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.lang.NestingLimit;

/**
 * Issue 13, items 1 and 2: inputs nested 20,000 deep ({@code a = (3 ^ (3 ^ … 3))}), 40,000
 * {@code affine(} deep, and a 20,000-part {@code a = 3 ^ 3 ^ …} get an answer or a clear
 * {@code file:line:col} error from every command — never a stack overflow, a trace or a hang
 * (the time limit below is a hang guard, not a speed target; the speed is measured in the report).
 */
class DeepInputTest {
    @TempDir
    static Path dir;

    static List<String> inputs() {
        return List.of("nested", "affine", "chain");
    }

    static String text(String kind) {
        return switch (kind) {
            case "nested" -> "a = " + "(3 ^ ".repeat(20_000) + "3" + ")".repeat(20_000) + "\n";
            case "affine" -> "a = " + "affine(".repeat(40_000) + "o" + ", stride=2)".repeat(40_000) + "\n";
            case "chain" -> "a = " + "3 ^ ".repeat(19_999) + "3\n";
            default -> throw new IllegalArgumentException(kind);
        };
    }

    static final List<List<String>> COMMANDS = List.of(List.of("fmt"), List.of("solve"), List.of("smt"),
            List.of("export", "--smtlib"), List.of("check"), List.of("eval"));

    @ParameterizedTest
    @MethodSource("inputs")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyCommandAnswersOrRejectsClearly(String kind) throws Exception {
        Path f = Files.writeString(dir.resolve(kind + ".shc"), text(kind));
        for (List<String> cmd : COMMANDS) {
            var args = new java.util.ArrayList<>(cmd);
            args.add(f.toString());
            args.add("--json");
            CliRun r = CliRun.of(args.toArray(String[]::new));
            String what = kind + " " + cmd + " -> " + r.code() + "\n" + r.err();
            JsonNode doc = ErrorContractTest.oneJson(r);
            assertFalse(r.err().contains("StackOverflowError") || r.err().contains("\tat "), what);
            if (kind.equals("chain")) {
                // an answer: eval without an assignment leaves 'a' undefined (exit 1), the others are sat
                assertEquals(cmd.getFirst().equals("eval") ? Cli.NEGATIVE : Cli.OK, r.code(), what);
                assertTrue(doc.get("error") == null, what);
            } else {
                assertEquals(Cli.BAD_INPUT, r.code(), what);
                String message = cmd.getFirst().equals("check") ? doc.get("files").get(0).get("error").asText()
                        : doc.get("error").get("location").asText() + ": " + doc.get("error").get("message").asText();
                assertTrue(message.startsWith(f + ":1:") && message.contains("nested too deeply")
                        && message.contains(String.valueOf(NestingLimit.MAX_DEPTH)), what + message);
            }
        }
    }
}
