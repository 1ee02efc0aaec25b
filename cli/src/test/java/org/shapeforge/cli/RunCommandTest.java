package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.run.CCompiler;

/**
 * {@code run} over every program in examples/ (issue 15, "Done when") and {@code infer --emit c|cuda
 * --out DIR}. Needs gcc (skipped with the reason otherwise).
 */
class RunCommandTest {
    @TempDir
    Path dir;

    /**
     * What every example must do under {@code run}: exit code and, for the ones that cannot run, why.
     * forgotten-hidden fails shape inference on purpose. transformer-dynamic runs at its default
     * sizes (batch = 8, its first likely value; seq = 8, the smallest its facts allow).
     * transformer-block (b = 8, s = 128: about 3·10^9 multiply-adds in the double-precision
     * reference; seconds since its fast path, ProgramReference / StridedReference) runs in full:
     * all 33 operations.
     */
    static final Map<String, Integer> EXPECTED = Map.of("mlp.shp", 0, "cnn.shp", 0, "concat.shp", 0,
            "transformer-block.shp", 0, "transformer-dynamic.shp", 0, "forgotten-hidden.shp", 1);

    static void needsGcc() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
    }

    @Test
    void everyExampleRunsOrIsRefusedForItsStatedReason() throws Exception {
        needsGcc();
        List<String> seen = new ArrayList<>();
        for (Path p : InferProjectionsTest.examples()) {
            String name = p.getFileName().toString();
            assertTrue(EXPECTED.containsKey(name), "a new example: say what run must do with " + name);
            seen.add(name);
            InferCommandTest.Run r = InferCommandTest.run("run", p.toString(), "--json");
            assertEquals(EXPECTED.get(name), r.code(), name + ": " + r.out());
            JsonNode doc = InferCommandTest.json(r.out());
            switch (EXPECTED.get(name)) {
                case 0 -> {
                    assertTrue(doc.get("passed").asBoolean(), name);
                    JsonNode ops = doc.get("operations");
                    assertTrue(ops.size() >= 5, name);
                    if (name.equals("transformer-block.shp")) assertEquals(33, ops.size(), r.out());
                    for (JsonNode o : ops) {
                        assertTrue(o.get("passed").asBoolean(), name + " " + o);
                        assertTrue(o.get("maxRel").asDouble() <= 1e-5, name + " " + o);
                    }
                }
                default -> assertTrue(doc.get("failure").get("message").asText().contains("hidden dimension"), r.out());
            }
        }
        assertTrue(seen.containsAll(List.of("mlp.shp", "cnn.shp", "concat.shp", "transformer-dynamic.shp", "transformer-block.shp")),
                seen.toString());
    }

    @Test
    void dynamicDimsTakeLikelyOrSmallestAllowedSizesOrTheirBinding() throws Exception {
        needsGcc();
        InferCommandTest.Run r = InferCommandTest.run("run", "../examples/transformer-dynamic.shp", "--json");
        assertEquals(0, r.code(), r.out());
        JsonNode doc = InferCommandTest.json(r.out());
        assertEquals(8, doc.get("sizes").get("batch").asInt(), r.out()); // likely(batch) = {8, 32}
        assertEquals(8, doc.get("sizes").get("seq").asInt(), r.out()); // seq % 8 == 0, seq in 1..4096
        JsonNode attn = null;
        for (JsonNode o : doc.get("operations")) if (o.get("tensor").asText().equals("attn")) attn = o;
        assertTrue(attn != null && attn.get("passed").asBoolean(), r.out());
        assertEquals("[8,8,8,8]", attn.get("dims").toString(), r.out());
        InferCommandTest.Run bad = InferCommandTest.run("run", "../examples/transformer-dynamic.shp", "--bind", "seq=12", "--json");
        assertEquals(2, bad.code(), bad.out());
        assertTrue(InferCommandTest.json(bad.out()).get("error").get("message").asText()
                .contains("seq = 12 violates `size(seq) % 8 == 0`"), bad.out());
        InferCommandTest.Run unknown = InferCommandTest.run("run", "../examples/mlp.shp", "--bind", "n=4", "--json");
        assertEquals(2, unknown.code(), unknown.out());
        assertTrue(InferCommandTest.json(unknown.out()).get("error").get("message").asText()
                .contains("'n' is not a dynamic dimension"), unknown.out());
    }

    @Test
    void textReportHasOneLinePerOperationAndTheVerdict() {
        needsGcc();
        InferCommandTest.Run r = InferCommandTest.run("run", "../examples/mlp.shp", "--seed", "7");
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().contains("passed: 5/5 operations within 1.0E-5 relative error of the reference (seed 7"), r.out());
        assertEquals(7, r.out().lines().count(), r.out());
    }

    @Test
    void givenInputsAreUsedAndCheckedForSize() throws Exception {
        needsGcc();
        Path prog = dir.resolve("add.shp");
        Files.writeString(prog, "a = data(o=[3])\nb = data(o=[3])\ny = a + b\n");
        Path in = dir.resolve("in.json");
        Files.writeString(in, "{\"a\": [1, 2, 3], \"b\": [10, 20, 30]}");
        InferCommandTest.Run r = InferCommandTest.run("run", prog.toString(), "--inputs", in.toString(), "--json");
        assertEquals(0, r.code(), r.out());
        assertEquals(0, InferCommandTest.json(r.out()).get("randomInputs").size());
        Files.writeString(in, "{\"a\": [1, 2]}");
        r = InferCommandTest.run("run", prog.toString(), "--inputs", in.toString(), "--json");
        assertEquals(2, r.code(), r.out());
        assertTrue(InferCommandTest.json(r.out()).get("error").get("message").asText().contains("check --inputs"), r.out());
    }

    @Test
    void emitWritesOneFilePerOperation() throws Exception {
        Path out = dir.resolve("c");
        InferCommandTest.Run r = InferCommandTest.run("infer", "../examples/cnn.shp", "--emit", "c", "--out", out.toString());
        assertEquals(0, r.code(), r.out());
        try (var s = Files.list(out)) {
            assertEquals(9, s.filter(f -> f.toString().endsWith(".c")).count());
        }
        assertTrue(Files.readString(out.resolve("logits.c")).contains("void k_"));
        Path cu = dir.resolve("cu");
        r = InferCommandTest.run("infer", "../examples/mlp.shp", "--emit", "cuda", "--out", cu.toString());
        assertEquals(0, r.code(), r.out());
        assertTrue(Files.readString(cu.resolve("y.cu")).contains("__global__"));
        r = InferCommandTest.run("infer", "../examples/mlp.shp", "--emit", "c");
        assertEquals(2, r.code(), "--emit c without --out");
    }
}
