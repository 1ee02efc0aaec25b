package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Spans;

/** {@code fmt} and {@code eval} through {@link Main#commandLine()}, with captured output and exit codes (cli.md). */
class FmtEvalCommandTest {

    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        var cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    static Path witnessDir() {
        Path p = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve(".ci"))) p = p.getParent();
        Path dir = p == null ? null : p.resolve("../shared/witnesses").normalize();
        org.shapeforge.testenv.Requires.that(dir != null && Files.isDirectory(dir), "shared/witnesses not found next to the repository root");
        return dir;
    }

    static List<Path> witnesses() throws IOException {
        try (Stream<Path> files = Files.list(witnessDir())) {
            return files.filter(f -> f.toString().endsWith(".shc")).sorted().toList();
        }
    }

    @Test
    void fmtOfEveryWitnessParsesBackToTheSameProblem() throws IOException {
        for (Path f : witnesses()) {
            Run r = run("fmt", f.toString());
            assertEquals(0, r.code(), r.err());
            assertEquals(Spans.erase(Parser.parseFile(f)), Spans.erase(Parser.parse(f.toString(), r.out())), f.toString());
        }
    }

    @Test
    void fmtCheckAcceptsCanonicalFilesAndRejectsOthers(@TempDir Path dir) throws IOException {
        Path messy = Files.writeString(dir.resolve("messy.shc"), "a=3;<r>~[3,5]\n");
        Path tidy = Files.writeString(dir.resolve("tidy.shc"), "a = 3\n<r> ~ [3, 5]\n");
        assertEquals(0, run("fmt", "--check", tidy.toString()).code());
        Run r = run("fmt", "--check", tidy.toString(), messy.toString());
        assertEquals(1, r.code());
        assertTrue(r.out().contains("messy.shc: not in canonical form"), r.out());
        assertFalse(r.out().contains("tidy.shc"), r.out());
        assertEquals("a = 3\n<r> ~ [3, 5]\n", run("fmt", messy.toString()).out());
    }

    @Test
    void fmtJsonIsOneDocumentWithFileAndFormatted(@TempDir Path dir) throws IOException {
        Path messy = Files.writeString(dir.resolve("m.shc"), "a=3\n");
        Run r = run("fmt", "--json", messy.toString());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals(messy.toString(), doc.get("file").asText());
        assertEquals("a = 3\n", doc.get("formatted").asText());
    }

    @Test
    void evalRemark211HoldsUnderFlatAndFailsUnderMarked() {
        Path w01 = witnessDir().resolve("w01-remark-2.11-placement.shc");
        Run flat = run("eval", w01.toString(), "--assign", "<r>=[3]<>[5]");
        assertEquals(0, flat.code(), flat.out() + flat.err());
        List<String> lines = flat.out().lines().toList();
        assertEquals(2, lines.size(), flat.out());
        assertTrue(lines.get(0).startsWith("holds  " + w01 + ":3  <r> ~ [3, 5]"), lines.get(0));
        assertTrue(lines.get(1).startsWith("holds  " + w01 + ":4  [3] <> [9, 5] <= <r>"), lines.get(1));

        Run marked = run("eval", w01.toString(), "--assign", "<r> = [3] <> [5]", "--semantics", "marked");
        assertEquals(1, marked.code());
        List<String> m = marked.out().lines().toList();
        assertTrue(m.get(0).startsWith("FAILS  " + w01 + ":3  <r> ~ [3, 5]  ["), m.get(0));
        assertTrue(m.get(1).startsWith("holds  "), m.get(1));
    }

    @Test
    void evalReportsUndefinedForUnassignedVariablesAndJson(@TempDir Path dir) throws IOException {
        Path f = Files.writeString(dir.resolve("e.shc"), "a = 3\nb <= a\n");
        Run r = run("eval", f.toString(), "--assign", "a=3", "--json");
        assertEquals(1, r.code());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertFalse(doc.get("allHold").asBoolean());
        assertEquals("holds", doc.get("judgements").get(0).get("truth").asText());
        assertEquals("undefined", doc.get("judgements").get(1).get("truth").asText());
        assertEquals(f + ":2", doc.get("judgements").get(1).get("origin").asText());
        assertEquals(0, run("eval", f.toString(), "--assign", "a=3,b=3").code());
    }

    @Test
    void badInputExitsTwoWithPositionAndNoStackTrace(@TempDir Path dir) throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.shc"), "a = 3\n<r> ~ 3\n");
        for (Run r : List.of(run("fmt", bad.toString()), run("eval", bad.toString(), "--assign", "a=3"))) {
            assertEquals(2, r.code());
            assertTrue(r.err().startsWith(bad + ":2:7: unexpected '3'"), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
        Run asg = run("eval", bad.toString(), "--assign", "a=");
        assertEquals(2, asg.code());
        assertTrue(asg.err().contains("--assign: <assignment>:1:3:"), asg.err());
        assertTrue(asg.err().contains("try 'shapeforge eval --help'"), asg.err());
        assertFalse(asg.err().contains("Exception"), asg.err());
        Run sem = run("eval", bad.toString(), "--semantics", "fancy");
        assertEquals(2, sem.code());
        assertTrue(sem.err().contains("unknown semantics 'fancy'"), sem.err());
        Run missing = run("fmt", dir.resolve("nope.shc").toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("no such file"), missing.err());
    }
}
