package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench import} (issue 32): its documents' fields and skipped columns, never its times. */
class ImportBenchTest {
    @TempDir
    Path dir;

    private static final List<String> COLUMNS = List.of("cold", "coldNoAot", "onnx");

    /** Two models in the corpus layout and one bare file, listed out of name order on disk. */
    private Path corpus() throws Exception {
        Files.createDirectories(dir.resolve("zeta"));
        SampleModel.write(dir.resolve("zeta").resolve("model.onnx"));
        SampleModel.write(dir.resolve("alpha.onnx"));
        Files.writeString(dir.resolve("notes.txt"), "not a model");
        return dir;
    }

    @Test
    void jsonHasEveryFieldPerModelInNameOrderAndSkipsPythonWithItsReason() throws Exception {
        CliRun r = CliRun.of("bench", "import", corpus().toString(), "--runs", "2", "--warmup", "1", "--no-cold",
                "--python", dir.resolve("no-python-here").toString(), "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals("import", doc.get("benchmark").asText());
        assertEquals(2, doc.get("runs").asInt());
        assertEquals(1, doc.get("warmup").asInt());
        for (String f : List.of("cores", "loadAverage", "jvmOptions", "launcher", "onnxVersion")) assertTrue(doc.has(f), f);
        JsonNode models = doc.get("models");
        assertEquals(List.of("alpha", "zeta"), List.of(models.get(0).get("model").asText(), models.get(1).get("model").asText()));
        for (JsonNode m : models) {
            assertEquals("ok", m.get("status").asText(), m.toString());
            assertEquals(SampleModel.model().getGraph().getNodeCount(), m.get("nodes").asInt());
            assertTrue(m.at("/warm/millis").asDouble() > 0, m.toString());
            assertEquals(2, m.at("/warm/allMillis").size());
            for (String p : WarmImport.PHASES) assertTrue(m.at("/warm/phaseMillis/" + p).asDouble(-1) >= 0, p + " in " + m);
            for (String c : COLUMNS) assertFalse(m.get(c).has("millis"), c + " in " + m);
            assertEquals("--no-cold", m.at("/cold/skipped").asText());
            assertEquals("--no-cold", m.at("/coldNoAot/skipped").asText());
            assertTrue(m.at("/onnx/skipped").asText().contains("no Python interpreter at " + dir.resolve("no-python-here")), m.toString());
        }
    }

    @Test
    void textTableListsEachModelAndTheSkippedReasonsOnce() throws Exception {
        CliRun r = CliRun.of("bench", "import", corpus().toString(), "--runs", "1", "--warmup", "0", "--no-cold",
                "--python", dir.resolve("absent").toString());
        assertEquals(Cli.OK, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("alpha ") && l.contains(" ok ")), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("zeta ") && l.contains(" ok ")), r.out());
        assertEquals(1, lines.stream().filter(l -> l.contains("skipped: --no-cold")).count(), r.out());
        assertEquals(1, lines.stream().filter(l -> l.contains("skipped: no Python interpreter")).count(), r.out());
    }

    @Test
    void aMalformedModelIsReportedAsAnErrorAndTheOthersStillMeasured() throws Exception {
        corpus();
        Files.writeString(dir.resolve("broken.onnx"), "this is not a protobuf \u00ff");
        CliRun r = CliRun.of("bench", "import", dir.toString(), "--runs", "1", "--warmup", "0", "--no-cold",
                "--python", dir.resolve("absent").toString(), "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode models = Cli.JSON.readTree(r.out()).get("models");
        assertEquals("broken", models.get(1).get("model").asText());
        assertTrue(models.get(1).get("status").asText().startsWith("error: "), models.get(1).toString());
        assertEquals("ok", models.get(2).get("status").asText());
    }

    @Test
    void aMissingTargetIsExitTwoNamingIt() {
        CliRun r = CliRun.of("bench", "import", dir.resolve("nothing").toString(), "--no-cold");
        assertEquals(Cli.BAD_INPUT, r.code());
        assertTrue(r.err().contains(dir.resolve("nothing") + ": no such file or directory"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    /** With Debian's python3-onnx present, the onnx column has times of the same file (skipped where it is absent). */
    @Test
    void onnxColumnMeasuredWherePythonHasOnnx() throws Exception {
        Path py = Path.of("/usr/bin/python3");
        Assumptions.assumeTrue(Files.isExecutable(py), "no /usr/bin/python3");
        Path model = SampleModel.write(dir.resolve("one.onnx"));
        CliRun r = CliRun.of("bench", "import", model.toString(), "--runs", "1", "--warmup", "0", "--no-cold",
                "--python", py.toString(), "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode onnx = Cli.JSON.readTree(r.out()).at("/models/0/onnx");
        Assumptions.assumeFalse(onnx.path("skipped").asText().contains("no onnx module"), onnx.toString());
        assertTrue(onnx.get("millis").asDouble() > 0 && onnx.get("loadMillis").asDouble() >= 0, onnx.toString());
        assertEquals(1, onnx.get("allMillis").size());
    }

    @Test
    void trainingCommandsSplitAtThen() {
        assertEquals(List.of(List.of("infer", "a.shp"), List.of("import", "m.onnx", "--json")),
                AotTraining.commands(new String[] {"infer", "a.shp", "--then", "import", "m.onnx", "--json", "--then"}));
    }
}
