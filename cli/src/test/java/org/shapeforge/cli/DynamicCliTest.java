package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.program.Inference;
import org.shapeforge.program.TensorShape;
import org.shapeforge.program.dynamic.Binding;
import org.shapeforge.program.dynamic.SymbolicShapes;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/** {@code infer} on dynamic programs and {@code --bind} (issue 17, docs/dynamic.md). */
class DynamicCliTest {
    static final String DYN = "../examples/transformer-dynamic.shp", STATIC = "../examples/transformer-block.shp";

    @Test
    void theDynamicTransformerInfersSymbolically() {
        CliRun r = CliRun.of("infer", DYN);
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("x       b=[batch, seq] i=[] o=[512]"), r.out());
        assertTrue(r.out().contains("scores  b=[batch, seq] i=[] o=[8, seq]"), r.out());
        assertTrue(r.out().contains("dynamic batch\n"), r.out());
        assertTrue(r.out().contains("dynamic seq\n"), r.out());
    }

    @Test
    void boundToSizesItGivesTheStaticProgramsShapes() throws Exception {
        for (long[] bs : new long[][] {{8, 128}, {3, 24}}) {
            Inference dyn = Inference.runFile(Path.of(DYN), new NativeSolver(), SolveOptions.defaults());
            String stat = java.nio.file.Files.readString(Path.of(STATIC))
                    .replace("data(b=[8, 128]", "data(b=[" + bs[0] + ", " + bs[1] + "]");
            Inference st = Inference.run(org.shapeforge.program.ProgramParser.parse("s.shp", stat), new NativeSolver(),
                    SolveOptions.defaults());
            var bound = Binding.resolve(SymbolicShapes.of(dyn), Map.of("batch", bs[0], "seq", bs[1]));
            assertEquals(st.shapes().keySet(), bound.keySet());
            for (var e : st.shapes().entrySet()) {
                TensorShape t = e.getValue();
                String expect = "b=" + nums(t.batch()) + " i=" + nums(t.input()) + " o=" + nums(t.output());
                assertEquals(expect, bound.get(e.getKey()).printed(), e.getKey() + " at " + bs[0] + "x" + bs[1]);
            }
        }
    }

    static String nums(java.util.List<org.shapeforge.term.Dim> ds) {
        return ds.stream().map(d -> Long.toString(org.shapeforge.semantics.Sizes.size(d)))
                .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    }

    @Test
    void bindOnTheCommandLine() throws Exception {
        CliRun r = CliRun.of("infer", DYN, "--bind", "batch=2", "--bind", "seq=40");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("scores  b=[2, 40] i=[] o=[8, 40]"), r.out());
        CliRun j = CliRun.of("infer", DYN, "--json", "--bind", "seq=40");
        JsonNode doc = Cli.JSON.readTree(j.out());
        assertEquals("b=[batch, seq] i=[] o=[8, seq]", doc.get("symbolic").get("scores").asText());
        assertEquals("b=[batch, 40] i=[] o=[8, 40]", doc.get("bound").get("scores").asText()); // unbound: still a symbol
        assertEquals("batch,40|->8,40", doc.get("tensors").get("scores").get("printed").asText());
    }

    @Test
    void aBindingThatIsNotADynamicDimIsBadUsage() throws Exception {
        CliRun r = CliRun.of("infer", DYN, "--json", "--bind", "n=2");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(Cli.JSON.readTree(r.out()).get("error").get("message").asText().contains("'n' is not a dynamic dimension"));
        assertEquals(2, CliRun.of("infer", DYN, "--bind", "seq").code());
    }

    @Test
    void distributionFactsAreListedAndCheckedByBind() throws Exception {
        CliRun r = CliRun.of("infer", DYN);
        assertTrue(r.out().contains("fact size(seq) % 8 == 0\n"), r.out());
        assertTrue(r.out().contains("fact size(batch) in 1..64\n"), r.out());
        CliRun bad = CliRun.of("infer", DYN, "--json", "--bind", "seq=17");
        assertEquals(2, bad.code(), bad.out());
        assertTrue(Cli.JSON.readTree(bad.out()).get("error").get("message").asText()
                .contains("seq = 17 violates `size(seq) % 8 == 0`"), bad.out());
        assertEquals(2, CliRun.of("infer", DYN, "--bind", "batch=65").code());
        assertEquals(0, CliRun.of("infer", DYN, "--bind", "batch=64").code());
    }

    @Test
    void queriesAssumeTheProgramsFacts() throws Exception {
        JsonNode a = Cli.JSON.readTree(CliRun.of("query", DYN, "--json", "seq % 4 == 0", "batch <= 64").out()).get("answers");
        for (JsonNode x : a) assertEquals("proved", x.get("verdict").asText(), x.toString());
        assertEquals(1, CliRun.of("query", DYN, "seq % 16 == 0").code());
    }

    @Test
    void aFactAboutAnUndeclaredDimIsABadProgram(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path p = dir.resolve("f.shp");
        java.nio.file.Files.writeString(p, "n in 1..8\nx = data(o=[3])\n");
        CliRun r = CliRun.of("infer", p.toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("f.shp:1:1"), r.err());
        assertTrue(r.err().contains("'n' is not a dynamic dimension"), r.err());
    }
}
