package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** {@code bench native-chain}: the JSON document reports the measured runs of each size (issue 3, "Benchmark"). */
class BenchCommandTest {

    @Test
    void benchJsonReportsMedianOfRepetitionsPerSizeAllSat() throws Exception {
        var r = FmtEvalCommandTest.run("bench", "native-chain", "--sizes", "200,400", "--reps", "3", "--warmup", "1", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals("native-chain", doc.get("benchmark").asText());
        JsonNode runs = doc.get("runs");
        assertEquals(2, runs.size());
        for (int i = 0; i < 2; i++) {
            JsonNode run = runs.get(i);
            assertEquals(200 * (i + 1), run.get("constraints").asInt());
            assertEquals("sat", run.get("verdict").asText());
            assertEquals(3, run.get("allMillis").size());
            double min = run.get("minMillis").asDouble(), med = run.get("millis").asDouble(), max = run.get("maxMillis").asDouble();
            assertTrue(min <= med && med <= max, run.toString());
            assertTrue(run.get("peakHeapMiB").asDouble() > 0, run.toString());
            assertEquals(4L * run.get("constraints").asInt(), run.get("steps").asLong(), "four steps per constraint");
        }
    }

    @Test
    void unknownBenchmarkIsAUsageError() {
        var r = FmtEvalCommandTest.run("bench", "nope");
        assertEquals(Cli.BAD_INPUT, r.code());
        assertTrue(r.err().contains("unknown benchmark"), r.err());
    }
}
