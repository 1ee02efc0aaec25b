package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code smt} and {@code export}: verdicts, exit codes, JSON, the script. */
class SmtCommandTest {
    @TempDir
    Path dir;

    record Run(int code, String out) {}

    Run run(String... args) {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            int code = Main.commandLine().execute(args);
            return new Run(code, buf.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(old);
        }
    }

    Path file(String text) throws Exception {
        Path f = dir.resolve("in.shc");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void satPrintsTheModelAndExitsZero() throws Exception {
        Run r = run("smt", file("<r> ~ [3, 5]\n[3] <> [9, 5] <= <r>\n").toString());
        assertEquals(0, r.code());
        assertTrue(r.out().contains("flat: sat") && r.out().contains("<r> = [3] <> [5]"), r.out());
    }

    @Test
    void unsatUnderAllPrintsTheCoreWithOriginsAndExitsOne() throws Exception {
        Run r = run("smt", file("<r> ~ [3, 5]\n[3] <> [9, 5] <= <r>\n").toString(), "--semantics", "all");
        assertEquals(1, r.code());
        assertTrue(r.out().contains("marked: unsat") && r.out().contains("in.shc:2:1: [3] <> [9, 5] <= <r>"), r.out());
    }

    @Test
    void boundedVerdictIsUnknownAndSaysSoInJson() throws Exception {
        // a refutation only up to the rank bound is not a proof: unknown (exit 3), with the bound
        Run r = run("smt", file("[3] <r> <= <r> [5]\n").toString(), "--json", "--rank-bound", "2", "--semantics", "rigid");
        assertEquals(3, r.code());
        var doc = Cli.JSON.readTree(r.out());
        assertEquals("unknown", doc.at("/results/rigid/outcome").asText());
        assertEquals("bounded", doc.at("/results/rigid/failure/kind").asText());
        assertEquals(2, doc.at("/results/rigid/rankBound").asInt());
    }

    @Test
    void rankTwoThousandRowIsNeverUnsat() throws Exception {
        // issue 10: native sat, smt said "unsat (rank ≤ 64)" and exited 1
        String axes = String.join(", ", java.util.Collections.nCopies(2000, "2"));
        Run r = run("smt", file("<r> ~ [" + axes + "]\n<r> <= <s>\n").toString(), "--json");
        assertTrue(r.code() == 0 || r.code() == 3, r.out());
        assertTrue(!Cli.JSON.readTree(r.out()).at("/results/flat/outcome").asText().equals("unsat"), r.out());
    }

    @Test
    void badSemanticsIsBadInput() throws Exception {
        assertEquals(2, run("smt", file("a = 3\n").toString(), "--semantics", "nope").code());
    }

    @Test
    void exportPrintsANamedSmtLibScript() throws Exception {
        Run r = run("export", "--smtlib", file("a = 3\nsize(a) >= 2\n").toString());
        assertEquals(0, r.code());
        assertTrue(r.out().contains("(set-logic QF_NIA)") && r.out().contains(":named c_2_1") && r.out().contains("(check-sat)"), r.out());
    }
}
