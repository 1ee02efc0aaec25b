package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.shapeforge.program.Inference;
import org.shapeforge.program.ModelPrograms;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/** {@code bench pipeline}, {@code native-vs-smt}, {@code cold} (issue 18): the JSON documents' shape and sanity, never timing. */
class PipelineBenchTest {

    /** Every generated model is well-shaped, and its constraints grow by the same count per layer. */
    @ParameterizedTest
    @ValueSource(strings = {"transformer", "cnn", "mlp"})
    void generatedModelsInferAndGrowLinearly(String model) {
        ModelPrograms m = ModelPrograms.of(model);
        int[] n = new int[4];
        for (int l = 1; l <= 3; l++) {
            Inference inf = Inference.run(ProgramParser.parse("g.shp", m.program(l)), new NativeSolver(), SolveOptions.defaults());
            assertTrue(inf.succeeded(), model + " L=" + l + ": " + inf.failure());
            assertTrue(inf.shapes().containsKey("x" + l), inf.shapes().keySet().toString());
            n[l] = inf.generated().problem().constraints().size();
        }
        assertTrue(n[2] > n[1], model);
        assertEquals(n[2] - n[1], n[3] - n[2], model + ": constraints per layer");
    }

    @Test
    void pipelineJsonHasEveryPhasePerSizeAndExponentsBetweenSizes() throws Exception {
        var r = FmtEvalCommandTest.run("bench", "pipeline", "--layers", "1,4", "--model", "cnn", "--reps", "2", "--warmup", "0", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals("pipeline", doc.get("benchmark").asText());
        assertEquals("cnn", doc.get("model").asText());
        JsonNode rows = doc.get("rows");
        assertEquals(2, rows.size());
        assertTrue(rows.get(1).get("constraints").asInt() > rows.get(0).get("constraints").asInt(), rows.toString());
        for (JsonNode row : rows) {
            assertEquals("sat", row.get("verdict").asText(), row.toString());
            assertEquals(2, row.get("repetitions").asInt());
            assertTrue(row.get("operations").asInt() > 0, row.toString());
            double sum = 0;
            for (String p : PipelineBench.PHASES) {
                double ms = row.get("phaseMillis").get(p).asDouble(-1);
                assertTrue(ms >= 0, p + " in " + row);
                sum += ms;
            }
            assertTrue(row.get("totalMillis").asDouble() > 0 && row.get("peakHeapMiB").asDouble() > 0, row.toString());
            assertTrue(sum > 0, row.toString());
        }
        assertTrue(!rows.get(0).has("scalingExponent"), "no exponent for the first size");
        for (String p : PipelineBench.PHASES) assertTrue(rows.get(1).get("scalingExponent").has(p), p);
    }

    @Test
    void nativeVsSmtJsonAgreesAndGivesARatio() throws Exception {
        var r = FmtEvalCommandTest.run("bench", "native-vs-smt", "--sizes", "1,2", "--reps", "1", "--smt-timeout-ms", "60000", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals("native-vs-smt", doc.get("benchmark").asText());
        assertTrue(doc.get("agree").asBoolean(), doc.toString());
        assertTrue(doc.get("smtStopsAnsweringAtConstraints").isNull(), doc.toString());
        assertEquals(2, doc.get("rows").size());
        for (JsonNode row : doc.get("rows")) {
            assertEquals("sat", row.get("nativeVerdict").asText());
            assertEquals("sat", row.get("smtVerdict").asText());
            assertTrue(row.get("ratio").asDouble() > 0, row.toString());
        }
    }

    /** Past the per-input timeout Z3 is unknown, the size is reported and larger sizes are not given to Z3. */
    @Test
    void nativeVsSmtReportsWhereZ3StopsAnsweringAndSkipsLargerSizes() throws Exception {
        var r = FmtEvalCommandTest.run("bench", "native-vs-smt", "--sizes", "16,32", "--reps", "1", "--smt-timeout-ms", "1", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        JsonNode rows = doc.get("rows");
        assertEquals("unknown", rows.get(0).get("smtVerdict").asText(), doc.toString());
        assertEquals(rows.get(0).get("constraints").asInt(), doc.get("smtStopsAnsweringAtConstraints").asInt());
        assertEquals("skipped", rows.get(1).get("smtVerdict").asText());
        assertTrue(rows.get(1).get("ratio").isNull());
        assertEquals("sat", rows.get(1).get("nativeVerdict").asText());
    }

    @Test
    void badOptionsAreUsageErrors() {
        assertEquals(Cli.BAD_INPUT, FmtEvalCommandTest.run("bench", "pipeline", "--model", "rnn").code());
        assertEquals(Cli.BAD_INPUT, FmtEvalCommandTest.run("bench", "pipeline", "--layers", "0").code());
        assertEquals(Cli.BAD_INPUT, FmtEvalCommandTest.run("bench", "native-vs-smt", "--smt-timeout-ms", "0").code());
        var cold = FmtEvalCommandTest.run("bench", "cold", "--jar", "no/such.jar");
        assertEquals(Cli.BAD_INPUT, cold.code());
        assertTrue(cold.err().contains("jar"), cold.err());
    }
}
