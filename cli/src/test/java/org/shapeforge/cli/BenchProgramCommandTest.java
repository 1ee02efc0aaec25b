package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;

/**
 * {@code bench program}: one row per kernel of the program in program order, the transformer
 * block's contractions all on the GEMM path (attention scores and context, projections, MLP).
 */
class BenchProgramCommandTest {

    @Test
    void transformerContractionsAreTimedOnTheGemmPath() throws Exception {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be benchmarked here");
        var r = FmtEvalCommandTest.run("bench", "program", "../examples/transformer-dynamic.shp", "--bind", "batch=1", "--bind", "seq=8",
                "--only", "GEMM", "--reps", "1", "--threads", "1", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode runs = Cli.JSON.readTree(r.out()).get("runs");
        List<String> ops = new ArrayList<>();
        for (JsonNode run : runs) {
            assertEquals("gemm", run.get("impl").asText(), run.toString());
            assertTrue(run.get("gflops").asDouble() > 0, run.toString());
            ops.add(run.get("problem").asText().split(" ")[0]);
        }
        assertEquals(List.of("q", "k", "v", "scores", "ctx", "att", "_t11", "f"), ops);
    }

    @Test
    void noRepetitionsIsAUsageError() {
        var r = FmtEvalCommandTest.run("bench", "program", "../examples/transformer-block.shp", "--reps", "0");
        assertEquals(Cli.BAD_INPUT, r.code());
        assertTrue(r.err().contains("--reps"), r.err());
    }
}
