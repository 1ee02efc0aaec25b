package org.shapeforge.cli;

import static org.shapeforge.cli.OnnxProtos.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.Value;
import org.shapeforge.testenv.Requires;
import picocli.CommandLine;

/**
 * {@code bench models} (issue 29) on a corpus of two tiny models written here in the exporter's
 * layout — a Conv (convolutional) and a MatMul + Relu (other), each with its inputs and the
 * expected output computed by hand: the document's fields and their sane values (never the
 * times' size), a planted wrong runner failing the model's check, torch's column skipped with its
 * reason, bad input as a message.
 */
class ModelsBenchTest {
    @TempDir
    Path dir;

    @BeforeEach
    void gcc() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
    }

    private static TensorProto tensor(String name, long[] dims, float... v) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.FLOAT_VALUE);
        for (long d : dims) t.addDims(d);
        for (float x : v) t.addFloatData(x);
        return t.build();
    }

    private Path write(String name, GraphProto g, List<TensorProto> inputs, TensorProto expected) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name).resolve("test_data_set_0"));
        ModelProto m = ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13)).setGraph(g).build();
        Files.write(dir.resolve(name).resolve("model.onnx"), m.toByteArray());
        for (int k = 0; k < inputs.size(); k++) Files.write(d.resolve("input_" + k + ".pb"), inputs.get(k).toByteArray());
        if (expected != null) Files.write(d.resolve("output_0.pb"), expected.toByteArray());
        return dir.resolve(name);
    }

    /** y = Conv(x, w): x 1×1×4×4 (0..15), w 2×1×3×3 (all ones; the identity's centre), no padding → 1×2×2×2. */
    private void conv() throws Exception {
        float[] x = new float[16], w = new float[18];
        for (int i = 0; i < 16; i++) x[i] = i;
        for (int i = 0; i < 9; i++) w[i] = 1;
        w[9 + 4] = 1;
        float[] y = new float[8];
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) {
                float sum = 0;
                for (int a = 0; a < 3; a++) for (int b = 0; b < 3; b++) sum += x[(i + a) * 4 + j + b];
                y[i * 2 + j] = sum;
                y[4 + i * 2 + j] = x[(i + 1) * 4 + j + 1];
            }
        GraphProto g = GraphProto.newBuilder().setName("conv").addInput(value("x", 1, 1, 4, 4))
                .addInitializer(tensor("w", new long[] {2, 1, 3, 3}, w))
                .addNode(NodeProto.newBuilder().setName("c").setOpType("Conv").addInput("x").addInput("w").addOutput("y"))
                .addOutput(value("y", 1, 2, 2, 2)).build();
        write("conv", g, List.of(tensor("x", new long[] {1, 1, 4, 4}, x)), tensor("y", new long[] {1, 2, 2, 2}, y));
    }

    /** y = Relu(a · b), a 2×3, b 3×2: a·b = [[4, -1], [-4, 1]], y = [[4, 0], [0, 1]]. */
    private void mm() throws Exception {
        GraphProto g = GraphProto.newBuilder().setName("mm").addInput(value("a", 2, 3)).addInput(value("b", 3, 2))
                .addNode(NodeProto.newBuilder().setName("mm").setOpType("MatMul").addInput("a").addInput("b").addOutput("t"))
                .addNode(NodeProto.newBuilder().setName("act").setOpType("Relu").addInput("t").addOutput("y"))
                .addOutput(value("y", 2, 2)).build();
        write("mm", g, List.of(tensor("a", new long[] {2, 3}, 1, 2, 3, -1, -2, -3), tensor("b", new long[] {3, 2}, 1, 0, 0, 1, 1, -1)),
                tensor("y", new long[] {2, 2}, 4, 0, 0, 1));
    }

    private Path corpus() throws Exception {
        conv();
        mm();
        return dir;
    }

    private static final String[] QUICK = {"--no-torch", "--no-ort", "--no-cold", "--reps", "2", "--min-time", "0", "--warmup", "1"};

    private static String[] args(Path d, String... more) {
        List<String> a = new ArrayList<>(List.of("bench", "models", d.toString()));
        a.addAll(List.of(QUICK));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    /** A command line whose {@code bench models} runs through {@code runner}. */
    private static CommandLine with(ModelRunner runner) {
        CommandLine cl = Main.commandLine();
        ((ModelsBench) cl.getSubcommands().get("bench").getSubcommands().get("models").getCommand()).runner = runner;
        return cl;
    }

    @Test
    void jsonHasEveryFieldWithSaneValuesPerModelAndThreadCount() throws Exception {
        CliRun r = CliRun.of(args(corpus(), "--threads", "1,2", "--json"));
        assertEquals(Cli.OK, r.code(), r.out() + r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals("models", doc.get("benchmark").asText());
        assertEquals("[1,2]", doc.get("threads").toString());
        for (String f : List.of("reps", "minSeconds", "warmup", "cores", "loadAverageBefore", "loadAverageAfter", "torchVersion", "ortVersion", "tolerance"))
            assertTrue(doc.has(f), f);
        JsonNode models = doc.get("models");
        assertEquals(List.of("conv", "mm"), List.of(models.get(0).get("model").asText(), models.get(1).get("model").asText()));
        assertEquals(List.of("convolutional", "other"), List.of(models.get(0).get("kind").asText(), models.get(1).get("kind").asText()));
        for (JsonNode m : models) {
            assertTrue(m.get("passed").asBoolean(), m.toString());
            assertTrue(m.get("error").isNull(), m.toString());
            assertEquals(2, m.get("runs").size(), m.toString());
            for (int i = 0; i < 2; i++) {
                JsonNode x = m.get("runs").get(i);
                assertEquals(i + 1, x.get("threads").asInt());
                assertTrue(x.get("prepareMillis").asDouble() > 0 && x.get("millis").asDouble() > 0, x.toString());
                assertTrue(x.get("minMillis").asDouble() > 0 && x.get("minMillis").asDouble() <= x.get("millis").asDouble(), x.toString());
                assertEquals(2, x.get("runs").asInt(), x.toString());
                assertEquals(2, x.get("allMillis").size(), x.toString());
                assertTrue(x.get("kernels").asInt() >= 1, x.toString());
                // the compiled runner reports the recorded run's groups: mm's Relu rides on its MatMul
                assertEquals(m.get("model").asText().equals("mm") ? 1 : 0, x.get("fusedGroups").asInt(), x.toString());
                assertTrue(x.get("fusedGroupsReported").asBoolean(), x.toString());
                assertTrue(x.at("/check/passed").asBoolean(), x.toString());
                assertTrue(x.at("/check/maxRel").asDouble(1) <= 1e-4, x.toString());
                assertEquals("--no-torch", x.at("/torch/skipped").asText(), x.toString());
                assertEquals("--no-ort", x.at("/ort/skipped").asText(), x.toString());
                for (String peer : List.of("torch", "ort"))
                    assertTrue(x.get(peer).get("ratio").isNull() && x.get(peer).get("cpuRatio").isNull() && x.get(peer).get("prepareRatio").isNull(),
                            x.toString());
            }
            assertEquals("--no-cold", m.at("/cold/skipped").asText());
        }
        assertEquals(4, doc.get("summary").size(), "per thread count, ORT's and torch's: " + doc.get("summary"));
        for (JsonNode x : doc.get("summary")) {
            assertEquals(0, x.at("/wall/models").asInt(), "no peer time, no ratio: " + doc.get("summary"));
            assertFalse(x.get("met").asBoolean(), "no ratio meets no target: " + x);
        }
        assertEquals(0, doc.get("failing").size());
    }

    /** {@code mm}'s runs give a wrong first output value: a wrong kernel as the benchmark sees it. */
    private static ModelRunner wrongFor(String graph) {
        ModelRunner real = new GraphRunRunner();
        return (model, inputs, threads) -> {
            ModelRunner.Prepared p = real.prepare(model, inputs, threads);
            if (!model.getGraph().getName().equals(graph)) return p;
            return in -> {
                ModelRunner.Outcome o = p.run(in);
                Map<String, Value> outs = new LinkedHashMap<>(o.outputs());
                var first = outs.entrySet().iterator().next();
                double[] d = first.getValue().data().clone();
                d[0] += 0.25;
                outs.put(first.getKey(), new Value(first.getValue().dims(), d, first.getValue().type()));
                return new ModelRunner.Outcome(outs, o.kernels(), o.fusedGroups());
            };
        };
    }

    @Test
    void aPlantedWrongKernelFailsThatModelsCheckAndTheBenchmark() throws Exception {
        CliRun r = CliRun.of(with(wrongFor("mm")), args(corpus(), "--threads", "1", "--json"));
        assertEquals(Cli.NEGATIVE, r.code(), r.out() + r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        JsonNode conv = doc.at("/models/0"), mm = doc.at("/models/1");
        assertTrue(conv.get("passed").asBoolean(), conv.toString());
        assertFalse(mm.get("passed").asBoolean(), mm.toString());
        assertFalse(mm.at("/runs/0/check/passed").asBoolean(), mm.toString());
        assertTrue(mm.at("/runs/0/check/maxRel").asDouble() > 1e-4, mm.toString());
        assertEquals("[\"mm\"]", doc.get("failing").toString());
        CliRun text = CliRun.of(with(wrongFor("mm")), args(dir, "--threads", "1"));
        assertEquals(Cli.NEGATIVE, text.code(), text.out());
        assertTrue(text.out().lines().anyMatch(l -> l.startsWith("mm ") && l.contains("FAIL ")), text.out());
        assertTrue(text.out().lines().anyMatch(l -> l.startsWith("conv ") && l.contains(" ok ")), text.out());
        assertTrue(text.out().contains("FAILED (wrong outputs or not measured, left out of the summary): mm"), text.out());
    }

    /**
     * A Python without torch (Debian's python3 with its site packages off, {@code -S}): the real
     * helper exits 3 and every model's torch column is skipped with that reason; ours still measured.
     */
    @Test
    void withoutTorchTheTorchColumnIsSkippedWithTheReasonAndOursMeasured() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "no /usr/bin/python3");
        Path py = dir.resolve("python-without-torch");
        Files.writeString(py, "#!/bin/sh\nexec /usr/bin/python3 -S \"$@\"\n");
        Files.setPosixFilePermissions(py, PosixFilePermissions.fromString("rwx------"));
        corpus();
        List<String> a = new ArrayList<>(List.of("bench", "models", dir.toString(), "--torch", "--no-ort", "--no-cold", "--reps", "1", "--min-time", "0",
                "--warmup", "0", "--threads", "1", "--python", py.toString()));
        CliRun r = CliRun.of(a.toArray(String[]::new));
        assertEquals(Cli.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("torch: skipped (python3-torch not importable: No module named 'torch')"), r.out());
        a.add("--json");
        JsonNode doc = Cli.JSON.readTree(CliRun.of(a.toArray(String[]::new)).out());
        assertTrue(doc.get("torchVersion").isNull(), doc.toString());
        for (JsonNode m : doc.get("models")) {
            assertTrue(m.at("/runs/0/torch/skipped").asText().startsWith("python3-torch not importable: "), m.toString());
            assertTrue(m.at("/runs/0/millis").asDouble() > 0, m.toString());
        }
    }

    /** A fake interpreter that prints ORT's helper answer for {@code conv} at 1 thread with these times. */
    private Path fakeOrt(String name, double medianMs, double sessionMs) throws Exception {
        Path py = dir.resolve(name);
        String doc = String.format(java.util.Locale.ROOT, "{\"ortVersion\": \"fake-1.0\", \"models\": [{\"model\": \"conv\", \"dir\": \"x\","
                + " \"check\": {\"maxRel\": 0.0, \"tolerance\": 0.001, \"passed\": true, \"outputs\": 1}, \"threads\": {\"1\":"
                + " {\"sessionMs\": %s, \"medianMs\": %s, \"minMs\": %s, \"cpuMs\": %s, \"runs\": 5}}}]}", sessionMs, medianMs, medianMs, medianMs);
        Files.writeString(py, "#!/bin/sh\ncat <<'END'\n" + doc + "\nEND\n");
        Files.setPosixFilePermissions(py, PosixFilePermissions.fromString("rwx------"));
        return py;
    }

    /**
     * ORT's column through a fake helper: the ratios are ours over its times (wall, CPU, our
     * preparation over its session creation), and the summary's verdict follows the target
     * (geomean ≤ 1.0×, none > 1.5×) — met against a slow ORT, not met against a fast one.
     */
    @Test
    void ortsColumnGivesOurTimesOverItsAndTheVerdictAgainstItsTarget() throws Exception {
        conv();
        for (boolean slow : List.of(true, false)) {
            Path py = fakeOrt(slow ? "slow-ort" : "fast-ort", slow ? 1e5 : 1e-4, slow ? 1e6 : 1e-4);
            CliRun r = CliRun.of("bench", "models", dir.resolve("conv").toString(), "--no-torch", "--ort", "--no-cold", "--reps", "2",
                    "--min-time", "0", "--warmup", "1", "--threads", "1", "--ort-python", py.toString(), "--json");
            assertEquals(Cli.OK, r.code(), r.out() + r.err());
            JsonNode doc = Cli.JSON.readTree(r.out());
            assertEquals("fake-1.0", doc.get("ortVersion").asText(), doc.toString());
            JsonNode run = doc.at("/models/0/runs/0"), ort = run.get("ort");
            assertEquals(slow ? 1e5 : 1e-4, ort.get("millis").asDouble(), 0, ort.toString());
            assertEquals(run.get("millis").asDouble() / ort.get("millis").asDouble(), ort.get("ratio").asDouble(), 1e-9 * ort.get("ratio").asDouble());
            assertEquals(run.get("prepareMillis").asDouble() / ort.get("sessionMillis").asDouble(), ort.get("prepareRatio").asDouble(),
                    1e-9 * ort.get("prepareRatio").asDouble());
            JsonNode sum = null;
            for (JsonNode x : doc.get("summary")) if (x.get("peer").asText().equals("ort")) sum = x;
            assertEquals(1, sum.at("/wall/models").asInt(), sum.toString());
            assertEquals(slow, sum.get("met").asBoolean(), sum.toString());
            CliRun text = CliRun.of("bench", "models", dir.resolve("conv").toString(), "--no-torch", "--ort", "--no-cold", "--reps", "1",
                    "--min-time", "0", "--warmup", "0", "--threads", "1", "--ort-python", py.toString());
            assertTrue(text.out().contains("over 1 convolutional models") && text.out().contains(slow ? ": met" : ": not met"), text.out());
        }
    }

    /** The real ORT helper, where $SHAPEFORGE_ORT_PYTHON names a Python with onnxruntime (CI installs none): times, its check, its session. */
    @Test
    void theRealOrtHelperTimesTheModelAndChecksItsOutputs() throws Exception {
        String env = System.getenv("SHAPEFORGE_ORT_PYTHON");
        Assumptions.assumeTrue(env != null && !env.isBlank(), "SHAPEFORGE_ORT_PYTHON is not set (a Python with onnxruntime)");
        conv();
        CliRun r = CliRun.of("bench", "models", dir.resolve("conv").toString(), "--no-torch", "--ort", "--no-cold", "--reps", "2",
                "--min-time", "0", "--warmup", "1", "--threads", "1,2", "--ort-python", env, "--json");
        assertEquals(Cli.OK, r.code(), r.out() + r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        for (JsonNode run : doc.at("/models/0/runs")) {
            JsonNode ort = run.get("ort");
            assertTrue(ort.get("millis").asDouble() > 0 && ort.get("sessionMillis").asDouble() > 0 && ort.get("runs").asInt() >= 2, ort.toString());
        }
        assertTrue(doc.at("/models/0/ortCheck/maxRel").asDouble(1) <= 1e-3, doc.toString());
    }

    /** The real helper, with torch present, refuses a model it cannot rebuild: the column says why (CI=true needs torch). */
    @Test
    void theTorchHelperRefusesAModelNotInTheExportersList() throws Exception {
        Path py = Path.of("/usr/bin/python3");
        Requires.that(Files.isExecutable(py), "no /usr/bin/python3");
        conv();
        CliRun r = CliRun.of("bench", "models", dir.resolve("conv").toString(), "--no-ort", "--no-cold", "--reps", "1", "--min-time", "0", "--warmup", "0",
                "--threads", "1", "--python", py.toString(), "--json");
        JsonNode skipped = Cli.JSON.readTree(r.out()).at("/models/0/runs/0/torch/skipped");
        Requires.that(!skipped.asText().startsWith("python3-torch not importable"), skipped.asText());
        assertTrue(skipped.asText().startsWith("torch: not a model of scripts/export-models.py"), skipped.asText());
    }

    @Test
    void markdownHasOneTablePerThreadCountWithARowPerModel() throws Exception {
        CliRun r = CliRun.of(args(corpus(), "--threads", "1,2", "--markdown"));
        assertEquals(Cli.OK, r.code(), r.out() + r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(2, lines.stream().filter(l -> l.startsWith("| model | kind | ours ms | min ms | ORT ms | × ORT | torch ms | × torch |")).count(), r.out());
        assertEquals(2, lines.stream().filter(l -> l.startsWith("| conv | convolutional | ")).count(), r.out());
        assertEquals(2, lines.stream().filter(l -> l.startsWith("| mm | other | ")).count(), r.out());
        assertTrue(lines.contains("**2 threads**"), r.out());
    }

    @Test
    void badInputIsAMessageNeverAStackTrace() throws Exception {
        CliRun missing = CliRun.of("bench", "models", dir.resolve("nothing").toString(), "--no-torch", "--no-ort", "--no-cold");
        assertEquals(Cli.BAD_INPUT, missing.code());
        assertTrue(missing.err().contains(dir.resolve("nothing") + ": no such directory"), missing.err());
        corpus();
        CliRun unknown = CliRun.of(args(dir, "--models", "mm,resnet"));
        assertEquals(Cli.BAD_INPUT, unknown.code());
        assertTrue(unknown.err().contains("--models: no model resnet in " + dir + " (there: conv, mm)"), unknown.err());
        CliRun both = CliRun.of(args(dir, "--json", "--markdown"));
        assertEquals(Cli.BAD_INPUT, both.code());
        for (CliRun x : List.of(missing, unknown, both)) assertFalse(x.err().contains("Exception"), x.err());
    }

    @Test
    void aModelWithoutTestDataIsAnErrorRowAndTheOthersStillMeasured() throws Exception {
        corpus();
        Files.createDirectories(dir.resolve("bare"));
        Files.copy(dir.resolve("mm").resolve("model.onnx"), dir.resolve("bare").resolve("model.onnx"));
        CliRun r = CliRun.of(args(dir, "--threads", "1", "--models", "bare,mm", "--json"));
        assertEquals(Cli.NEGATIVE, r.code(), r.out() + r.err());
        JsonNode models = Cli.JSON.readTree(r.out()).get("models");
        assertEquals("bare", models.get(0).get("model").asText());
        assertTrue(models.get(0).get("error").asText().contains("no test_data_set_0"), models.get(0).toString());
        assertEquals(0, models.get(0).get("runs").size());
        assertTrue(models.get(1).get("passed").asBoolean(), models.get(1).toString());
    }
}
