package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Issue 13's CLI contract ({@code cli.md}): exit codes 0–4, exactly one JSON document on stdout
 * under {@code --json} (errors included), option ranges as usage errors, {@code --help} on every
 * subcommand, internal errors with a "please report" line and the trace only under {@code --debug},
 * a whole-command {@code --timeout-ms}.
 */
class ErrorContractTest {
    @TempDir
    Path dir;

    Path file(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    static JsonNode oneJson(CliRun r) throws Exception {
        var parser = Cli.JSON.getFactory().createParser(r.out());
        JsonNode doc = Cli.JSON.readTree(parser);
        assertTrue(doc != null && parser.nextToken() == null, () -> "not exactly one JSON document:\n" + r.out());
        return doc;
    }

    @Test
    void badInputUnderJsonIsOneErrorDocumentInEveryCommand() throws Exception {
        Path bad = file("bad.shc", "a = 3\n<r> ~ 3\n");
        for (List<String> cmd : List.of(List.of("solve"), List.of("smt"), List.of("fmt"), List.of("export", "--smtlib"),
                List.of("eval"), List.of("check"))) {
            var args = new java.util.ArrayList<>(cmd);
            args.add(bad.toString());
            args.add("--json");
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertEquals(Cli.BAD_INPUT, r.code(), cmd + ": " + r.err());
            JsonNode doc = oneJson(r);
            if (cmd.getFirst().equals("check")) {
                assertTrue(doc.get("files").get(0).get("error").asText().startsWith(bad + ":2:7: "), doc::toString);
                continue;
            }
            JsonNode e = doc.get("error");
            assertEquals("parse", e.get("kind").asText(), doc::toString);
            assertEquals(bad + ":2:7", e.get("location").asText(), doc::toString);
            assertTrue(e.get("message").asText().startsWith("unexpected '3'"), doc::toString);
        }
    }

    /**
     * The program commands print the one error document ({@link ErrorDoc}) too: the same kind,
     * message and location for the same bad input, a missing file's location {@code null} (never
     * {@code <none>:0:0}), and a location in {@code query}'s as in everyone's.
     */
    @Test
    void programCommandsPrintTheOneErrorDocument() throws Exception {
        Path bad = file("bad.shp", "x = data(b=[2], o=[3])\ny = x * z\n");
        Path missing = dir.resolve("nope.shp");
        for (Path f : List.of(bad, missing)) {
            JsonNode first = null;
            for (List<String> cmd : List.of(List.of("infer"), List.of("infer", "--emit", "c", "--out", dir.resolve("c").toString()),
                    List.of("run"), List.of("query", f.toString(), "b == 2"), List.of("analyze"))) {
                var args = new java.util.ArrayList<>(cmd);
                if (!cmd.getFirst().equals("query")) args.add(1, f.toString());
                args.add("--json");
                CliRun r = CliRun.of(args.toArray(String[]::new));
                assertEquals(Cli.BAD_INPUT, r.code(), cmd + ": " + r.out() + r.err());
                JsonNode e = oneJson(r).get("error");
                assertTrue(e.has("location"), cmd + ": " + e);
                if (f == missing) assertTrue(e.get("location").isNull(), cmd + ": " + e);
                else assertEquals(bad + ":2:9", e.get("location").asText(), cmd + ": " + e);
                if (first == null) first = e;
                else assertEquals(first, e, cmd.toString());
            }
        }
    }

    @Test
    void usageErrorsUnderJsonAreErrorDocumentsToo() throws Exception {
        CliRun r = CliRun.of("solve", "--json", "--no-such-option", "x.shc");
        assertEquals(Cli.BAD_INPUT, r.code());
        JsonNode e = oneJson(r).get("error");
        assertEquals("usage", e.get("kind").asText());
        assertTrue(e.get("location").isNull());
        CliRun missing = CliRun.of("fmt", "--json", dir.resolve("nope.shc").toString());
        assertEquals(Cli.BAD_INPUT, missing.code());
        assertEquals("io", oneJson(missing).get("error").get("kind").asText());
    }

    @Test
    void outOfRangeOptionsAreUsageErrorsWithoutATrace() throws Exception {
        Path ok = file("ok.shc", "a = 3\nexpect native: sat\n");
        List<String[]> cases = List.of(
                new String[] {"bench", "native-chain", "--size", "-5"},
                new String[] {"bench", "native-chain", "--sizes=10,-1"},
                new String[] {"bench", "native-chain", "--size", "10", "--reps=0"},
                new String[] {"bench", "native-chain", "--size", "0"},
                new String[] {"check", "--rank-bound=-1", ok.toString()},
                new String[] {"check", "--timeout-ms=-5", ok.toString()},
                new String[] {"smt", "--rank-bound=-1", ok.toString()},
                new String[] {"solve", "--timeout-ms=-1", ok.toString()});
        for (String[] args : cases) {
            CliRun r = CliRun.of(args);
            String what = String.join(" ", args) + "\n" + r.err();
            assertEquals(Cli.BAD_INPUT, r.code(), what);
            assertTrue(r.err().contains(" must be "), what);
            assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), what);
            assertTrue(r.out().isEmpty(), what);
        }
        CliRun j = CliRun.of("bench", "native-chain", "--json", "--reps=0");
        assertEquals("usage", oneJson(j).get("error").get("kind").asText());
    }

    @Test
    void everySubcommandHasHelp() {
        for (String name : Main.commandLine().getSubcommands().keySet()) {
            if (name.equals("help")) continue;
            CliRun r = CliRun.of(name, "--help");
            assertEquals(Cli.OK, r.code(), name + ": " + r.err());
            assertTrue(r.out().contains("Usage: shapeforge " + name), name + ": " + r.out());
        }
    }

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        @Option(names = "--json")
        boolean json;

        @Override
        public Integer call() {
            throw new IllegalStateException("a deliberate bug");
        }
    }

    @Command(name = "slow")
    static final class Slow implements Callable<Integer> {
        @Option(names = "--timeout-ms")
        long timeoutMs;

        @Option(names = "--json")
        boolean json;

        @Override
        public Integer call() throws InterruptedException {
            System.out.println(json ? "{\"half\": " : "started");
            Thread.sleep(60_000);
            return Cli.OK;
        }
    }

    static CommandLine withTestCommands() {
        CommandLine cl = Main.commandLine();
        cl.addSubcommand("boom", new Boom());
        cl.addSubcommand("slow", new Slow());
        return cl;
    }

    @Test
    void internalErrorsExitFourWithAReportLineAndTheTraceOnlyUnderDebug() throws Exception {
        CliRun r = CliRun.of(withTestCommands(), "boom");
        assertEquals(Cli.INTERNAL, r.code());
        assertTrue(r.err().contains("please report"), r.err());
        assertTrue(r.err().contains("a deliberate bug"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
        CliRun d = CliRun.of(withTestCommands(), "boom", "--debug");
        assertEquals(Cli.INTERNAL, d.code());
        assertTrue(d.err().contains("\tat org.shapeforge.cli.ErrorContractTest$Boom.call"), d.err());
        CliRun j = CliRun.of(withTestCommands(), "boom", "--json");
        assertEquals("internal", oneJson(j).get("error").get("kind").asText());
    }

    @Test
    void timeoutBoundsTheWholeCommandAndDiscardsPartialJson() throws Exception {
        CliRun r = CliRun.of(withTestCommands(), "slow", "--timeout-ms=200");
        assertEquals(Cli.UNKNOWN, r.code());
        assertTrue(r.out().contains("unknown (timeout after 200 ms)"), r.out());
        CliRun j = CliRun.of(withTestCommands(), "slow", "--timeout-ms=200", "--json");
        assertEquals(Cli.UNKNOWN, j.code());
        JsonNode doc = oneJson(j);
        assertEquals("unknown", doc.get("verdict").asText());
        assertEquals("timeout", doc.get("error").get("kind").asText());
    }

    @Test
    void solveJsonReachingTheIlpIsPureJson() throws Exception {
        Path f = file("conv.shc", "i = affine(o, stride=2, kernel=k, dilation=1)\ni = 32\n");
        CliRun r = CliRun.of("solve", "--json", f.toString());
        assertEquals(Cli.OK, r.code(), r.err());
        assertEquals("sat", oneJson(r).get("verdict").asText());
        CliRun c = CliRun.of("check", "--json", file("conv2.shc", "i = affine(o, stride=2, kernel=k, dilation=1)\ni = 32\nexpect native: sat\n").toString());
        assertEquals(Cli.OK, c.code(), c.err());
        assertEquals(1, oneJson(c).get("passed").asInt());
    }

    @Test
    void exportEndsInCheckSatUnlessTheModelIsAskedFor() throws Exception {
        Path f = file("unsat.shc", "a = 3\na = 4\n");
        CliRun r = CliRun.of("export", "--smtlib", f.toString());
        assertEquals(Cli.OK, r.code(), r.err());
        assertTrue(r.out().stripTrailing().endsWith("(check-sat)"), r.out());
        assertFalse(r.out().contains("(get-model)"), r.out());
        CliRun m = CliRun.of("export", "--smtlib", "--get-model", f.toString());
        assertTrue(m.out().stripTrailing().endsWith("(check-sat)\n(get-model)"), m.out());
    }

    @Test
    void aRealZ3RunsExportedUnsatScriptsCleanly() throws Exception {
        java.util.Optional<Path> z3 = java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .map(d -> Path.of(d, "z3")).filter(Files::isExecutable).findFirst();
        org.shapeforge.testenv.Requires.that(z3.isPresent(), "no z3 on PATH");
        for (String text : List.of("a = 3\na = 4\n", "<r> ~ [3, 5]\n[3] <> [9, 5] <= <r>\n")) {
            Path f = file("unsat.shc", text);
            Path script = dir.resolve("unsat.smt2");
            Files.writeString(script, CliRun.of("export", "--smtlib", "--semantics", "rigid", f.toString()).out());
            Process p = new ProcessBuilder(z3.get().toString(), script.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out);
            assertEquals("unsat", out.strip(), out);
        }
    }

    @Test
    void invalidUtf8IsReportedAtTheBadByte() throws Exception {
        Path f = dir.resolve("latin1.shc");
        Files.write(f, new byte[] {'a', ' ', '=', ' ', '3', '\r', 'b', ' ', '=', ' ', (byte) 0xE9, '\n'});
        CliRun r = CliRun.of("solve", "--json", f.toString());
        assertEquals(Cli.BAD_INPUT, r.code());
        JsonNode e = oneJson(r).get("error");
        assertEquals("encoding", e.get("kind").asText());
        assertEquals(f + ":2:5", e.get("location").asText());
    }

    @Test
    void unknownVerdictsExitThree() throws Exception {
        // A 1 ms budget: z3 gives up (or the whole-command bound fires): unknown, never a negative verdict.
        Path f = file("hard.shc", "size(a) * size(a) * size(a) == size(b) * size(b) * size(b) + size(c) * size(c) * size(c) + 7\n");
        CliRun r = CliRun.of("smt", "--timeout-ms=1", f.toString());
        assertEquals(Cli.UNKNOWN, r.code(), r.out() + r.err());
        // the two paths render differently: the command bound via ErrorDoc, z3's own give-up via OutcomeView
        assertTrue(r.out().contains("unknown (timeout") || r.out().contains("unknown — timeout"), r.out());
    }
}
