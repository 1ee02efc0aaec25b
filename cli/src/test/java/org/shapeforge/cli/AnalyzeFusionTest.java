package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.cli.dynamic.SymbolicShapesTest;
import org.shapeforge.program.dynamic.Fusion;

/**
 * {@code analyze}'s shape-compatible op groups (fusion candidates) and collapsing index
 * computations, and the per-dim ranges and likely values (issue 17; seed 002).
 */
class AnalyzeFusionTest {
    static final String EQUAL_DIMS = """
            dynamic n, m
            x = data(b=[n], o=[64])
            y = data(b=[m], o=[64])
            e = einsum(x, y, "a|->o; a|->o => a|->o")
            s = x + y
            t = relu(s) *. e
            u = t + param(o=[64])
            """;

    @Test
    void readsOfEqualDimsCollapseToTheLoopIndex() {
        Fusion f = Fusion.of(SymbolicShapesTest.infer(EQUAL_DIMS));
        assertEquals(1, f.groups().size());
        Fusion.Group g = f.groups().getFirst();
        assertEquals(List.of("s", "_t1", "t", "u"), g.ops());
        assertEquals("b=[m] i=[] o=[64]", g.shape());
        // x is [n] and the loop [m]: the read collapses only because the einsum makes n = m
        assertEquals(List.of(new Fusion.Access("x", "b=[m] i=[] o=[64]", true), new Fusion.Access("y", "b=[m] i=[] o=[64]", true),
                new Fusion.Access("e", "b=[m] i=[] o=[64]", true), new Fusion.Access("_t2", "b=[] i=[] o=[64]", false)), g.accesses());
        assertEquals(1, g.indexComputations());
        assertEquals(3, g.collapsed());
    }

    @Test
    void withoutTheEqualityTheReadsAreSeparateGroups() {
        // n and m independent: x + y would equate them, so use separate chains that never meet
        Fusion f = Fusion.of(SymbolicShapesTest.infer("""
                dynamic n, m
                x = data(b=[n], o=[64])
                y = data(b=[m], o=[64])
                s = relu(x) + x
                t = relu(y) + y
                """));
        assertEquals(2, f.groups().size());
        assertNotEquals(f.groups().get(0).shape(), f.groups().get(1).shape());
    }

    @Test
    void aGroupNeverWaitsForItselfThroughAReduction() {
        // c = r - mean(r): r and c have one shape, but mean(r) sits between them, so they are not one group
        Fusion f = Fusion.of(SymbolicShapesTest.infer("""
                dynamic n
                x = data(b=[n], o=[64])
                r = x + x
                mu = permute(r, "...|->d => ...|->")
                c = r - mu
                d = c *. c
                """));
        List<List<String>> groups = new ArrayList<>();
        f.groups().forEach(g -> groups.add(g.ops()));
        assertEquals(List.of(List.of("c", "d")), groups);
        assertEquals(List.of(new Fusion.Access("r", "b=[n] i=[] o=[64]", true), new Fusion.Access("mu", "b=[n] i=[] o=[]", false)),
                f.groups().getFirst().accesses());
    }

    @Test
    void broadcastReadsOfOneShapeShareOneIndexComputation() {
        Fusion f = Fusion.of(SymbolicShapesTest.infer("""
                dynamic n
                x = data(b=[n], o=[64])
                g = param(o=[64])
                be = param(o=[64])
                y = relu(x) *. g + be
                """));
        Fusion.Group grp = f.groups().getFirst();
        assertEquals(3, grp.accesses().size()); // x, g, be
        assertEquals(1, grp.indexComputations()); // g and be: one o=[64] computation
        assertEquals(2, grp.collapsed());
    }

    @Test
    void theDynamicTransformersReportListsGroupsDimsAndNoOps() throws Exception {
        CliRun r = CliRun.of("analyze", DynamicCliTest.DYN, "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        JsonNode batch = doc.get("dims").get(0), seq = doc.get("dims").get(1);
        assertEquals("batch", batch.get("dims").asText());
        assertEquals(64, batch.get("max").asLong());
        assertEquals("[8,32]", batch.get("likely").toString());
        assertEquals("seq % 8 == 0", seq.get("divisibility").get(0).asText());
        List<String> groups = new ArrayList<>();
        for (JsonNode g : doc.get("fusionGroups")) groups.add(g.get("ops").toString());
        // the feed-forward bias + relu, and the layer norm's scale-and-shift: one loop each over [batch, seq]|->width
        assertTrue(groups.contains("[\"_t7\",\"_t6\",\"ln1\"]"), groups.toString());
        assertTrue(groups.contains("[\"_t10\",\"_t9\"]"), groups.toString());
        assertFalse(groups.stream().anyMatch(g -> g.contains("\"r1\"") && g.contains("\"c1\"")), groups.toString());
        CliRun t = CliRun.of("analyze", DynamicCliTest.DYN);
        assertTrue(t.out().contains("dim batch: in 1..64, likely {8, 32}"), t.out());
        assertTrue(t.out().contains("dim seq: in 1..4096, seq % 8 == 0"), t.out());
        assertTrue(t.out().contains("  group _t7, _t6, ln1 over b=[batch, seq] i=[] o=[512]"), t.out());
    }

    @Test
    void analyzeRefusesLikeInfer(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path f = dir.resolve("b.shp");
        java.nio.file.Files.writeString(f, DynamicOpsTest.BROADCAST);
        CliRun r = CliRun.of("analyze", f.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("fail extent: "), r.out());
    }
}
