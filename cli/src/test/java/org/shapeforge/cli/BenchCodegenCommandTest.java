package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;

/** {@code bench matmul} and {@code bench conv}: one JSON document, every implementation measured or skipped with its reason. */
class BenchCodegenCommandTest {

    @BeforeAll
    static void needsGcc() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be benchmarked here");
    }

    @Test
    void matmulReportsGeneratedOjalgoAndOpenBlasPerSize() throws Exception {
        var r = FmtEvalCommandTest.run("bench", "matmul", "--n", "40,64", "--reps", "3", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals("matmul", doc.get("benchmark").asText());
        assertTrue(doc.get("fmaPeakGflops").asDouble() > 0);
        JsonNode runs = doc.get("runs");
        assertEquals(6, runs.size(), runs.toString());
        for (JsonNode run : runs) {
            String status = run.get("status").asText();
            if (status.equals("ok")) {
                assertTrue(run.get("gflops").asDouble() > 0, run.toString());
                assertTrue(run.get("minMillis").asDouble() <= run.get("medianMillis").asDouble(), run.toString());
            } else {
                assertTrue(run.get("impl").asText().contains("OpenBLAS") && status.contains("apt-get install"), run.toString());
            }
        }
        assertEquals("generated C", runs.get(0).get("impl").asText());
        assertEquals("ok", runs.get(0).get("status").asText());
    }

    @Test
    void convReportsPaddedAndValid() throws Exception {
        var r = FmtEvalCommandTest.run("bench", "conv", "--size", "8", "--channels", "4", "--batch", "1", "--reps", "2", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode runs = Cli.JSON.readTree(r.out()).get("runs");
        assertEquals(2, runs.size());
        assertTrue(runs.get(0).get("problem").asText().contains("padded"));
        assertTrue(runs.get(1).get("problem").asText().contains("valid"));
    }

    @Test
    void badSizeIsAUsageError() {
        var r = FmtEvalCommandTest.run("bench", "matmul", "--n", "0");
        assertEquals(Cli.BAD_INPUT, r.code());
        assertTrue(r.err().contains("--n"), r.err());
    }
}
