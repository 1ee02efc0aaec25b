package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzz target for the whole {@code solve} and {@code smt} path through the CLI (issue 13): parse,
 * native solve and closing, Z3 encoding and check, rendering — under a time budget
 * ({@code --timeout-ms}). Contract: exit 0–3 (never 4, an internal error), and stdout is exactly
 * one JSON document. A plain {@code mvn test} replays the corpus in
 * {@code src/test/resources/org/shapeforge/cli/SolveSmtFuzzTestInputs/solveAndSmt/}; fuzzing runs
 * under {@code JAZZER_FUZZ=1} (README, "Fuzzing").
 */
class SolveSmtFuzzTest {
    static final String BUDGET_MS = "2000";

    @FuzzTest(maxDuration = "10m")
    void solveAndSmt(byte[] input) throws Exception {
        Path f = Files.createTempFile("fuzz", ".shc");
        try {
            Files.write(f, input);
            for (String cmd : new String[] {"solve", "smt"}) {
                CliRun r = CliRun.of(cmd, "--json", "--timeout-ms=" + BUDGET_MS, f.toString());
                assertTrue(r.code() >= Cli.OK && r.code() <= Cli.UNKNOWN,
                        () -> cmd + " exit " + r.code() + "\n" + r.err() + "\ninput: " + new String(input, java.nio.charset.StandardCharsets.UTF_8));
                ErrorContractTest.oneJson(r);
            }
        } finally {
            Files.deleteIfExists(f);
        }
    }
}
