package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31's defects, one golden test each (each failed on the code before the fix): dynamic dims
 * stay symbols from {@code infer} to its JSON, keep their user names through internal variables,
 * {@code --bind} checks the bound program, {@code run} sizes equal dims per class, and the stages
 * after inference refuse what they cannot take with seed 004's structured error.
 */
class SymbolicTruthTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static List<String> axes(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.forEach(x -> out.add(x.asText()));
        return out;
    }

    static final String COMPOSE = "dynamic n\nx = data(b=[n], o=[8])\nw = param(i=[8], o=[4])\ny = w * x\n";

    /** Defect 1: {@code tensors} carried the closed reading ({@code "batch": ["1"]}) where the text said {@code n}. */
    @Test
    void jsonTensorsCarryTheSymbolicReadingTheTextPrints() throws Exception {
        Path p = write("c.shp", COMPOSE);
        CliRun r = CliRun.of("infer", p.toString(), "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode y = Cli.JSON.readTree(r.out()).get("tensors").get("y");
        assertEquals(List.of("n"), axes(y.get("batch")));
        assertEquals(List.of("4"), axes(y.get("output")));
        assertEquals("n|->4", y.get("printed").asText());
        assertTrue(CliRun.of("infer", p.toString()).out().contains("y  b=[n] i=[] o=[4]"));
        JsonNode bound = Cli.JSON.readTree(CliRun.of("infer", p.toString(), "--json", "--bind", "n=32").out()).get("tensors");
        assertEquals(List.of("32"), axes(bound.get("y").get("batch")));
        assertEquals("32|->4", bound.get("y").get("printed").asText());
    }

    /** Defect 1, another consumer of the closed reading: {@code --dot} drew {@code y = *} as {@code 1|->4}. */
    @Test
    void theGraphIsLabelledWithTheSymbolicShapes() throws Exception {
        CliRun r = CliRun.of("infer", write("c.shp", COMPOSE).toString(), "--dot");
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().contains("y = *\\nn|->4") && r.out().contains("[label=\"n|->8\"]"), r.out());
        assertFalse(r.out().contains("1|->"), r.out());
    }

    /** Defect 1, the captured labels: a label equal to a dynamic dim was an internal error (exit 4, "e1'b is unassigned"). */
    @Test
    void capturedLabelsAreSymbolicToo() throws Exception {
        Path d = write("cap.shp", "dynamic n\nx = data(b=[n], o=[4])\ne = einsum(x, x, \"b|f; b|f => b|f\") capture b, f\n");
        CliRun r = CliRun.of("infer", d.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("label b = n\n") && r.out().contains("label f = 4\n"), r.out());
        Path row = write("row.shp", "dynamic n\nx = data(b=[n, 3], o=[4])\ne = einsum(x, x, \"..r..|f; ..r..|f => ..r..|f\") capture r\n");
        assertTrue(CliRun.of("infer", row.toString()).out().contains("label r = n * 3\n"));
        JsonNode ls = Cli.JSON.readTree(CliRun.of("infer", row.toString(), "--json", "--bind", "n=5").out()).get("labels");
        assertEquals("15", ls.get("r").asText());
    }

    /** Defect 1: expressions and bounds in {@code tensors}; a partial binding keeps the unbound dims as symbols. */
    @Test
    void tensorsCarryExpressionsAndBoundsAndAPartialBindingKeepsSymbols() throws Exception {
        Path p = write("e.shp", """
                dynamic n, seq
                x = data(b=[n], o=[4])
                c = block(x, data(b=[3], o=[4]), "a|->o; b|->o => a^b|->o")
                s = data(b=[seq], o=[4])
                len = data()
                t = truncate(s, 0, len)
                """);
        JsonNode ts = Cli.JSON.readTree(CliRun.of("infer", p.toString(), "--json").out()).get("tensors");
        assertEquals(List.of("n + 3"), axes(ts.get("c").get("batch")));
        assertEquals(List.of("<=seq"), axes(ts.get("t").get("batch")));
        JsonNode half = Cli.JSON.readTree(CliRun.of("infer", p.toString(), "--json", "--bind", "seq=16").out()).get("tensors");
        assertEquals(List.of("n + 3"), axes(half.get("c").get("batch")));
        assertEquals(List.of("<=16"), axes(half.get("t").get("batch"))); // a bound, never the size
    }

    static final String CHAIN = """
            dynamic %s
            x = data(b=[n, m], o=[4])
            h0 = relu(x)
            h = relu(h0)
            y = data(b=[t, m], o=[4])
            e = einsum(h, y, "b,r|f; b,r|f => b,r|f")
            """;

    /** Defect 2: the solver binds {@code m} to an internal variable; the einsum's axis printed {@code ?}. */
    @Test
    void aDimBoundToAnInternalVariableKeepsItsName() throws Exception {
        for (String decl : List.of("n, t, m", "m, t, n", "t, m, n")) {
            Path p = write("chain.shp", CHAIN.formatted(decl));
            CliRun r = CliRun.of("infer", p.toString());
            assertEquals(0, r.code(), r.out());
            assertTrue(r.out().contains("e   b=[t, m] i=[] o=[4]"), decl + "\n" + r.out());
            assertTrue(r.out().contains("h   b=[t, m] i=[] o=[4]"), decl + "\n" + r.out());
            assertTrue(CliRun.of("infer", p.toString(), "--bind", "m=8").out().contains("e   b=[t, 8] i=[] o=[4]"));
        }
    }

    /** Defect 2: equal dynamic dims print as the least name, whatever the declaration order. */
    @Test
    void equalDynamicDimsPrintAsTheLeastNameInAnyDeclarationOrder() throws Exception {
        for (String decl : List.of("q, a", "a, q")) {
            Path p = write("eq.shp", "dynamic " + decl + "\nx = data(b=[q], o=[4])\ny = data(b=[a], o=[4])\n"
                    + "e = einsum(x, y, \"b|f; b|f => b|f\")\n");
            CliRun r = CliRun.of("infer", p.toString());
            assertTrue(r.out().contains("dynamic a = q\n"), r.out());
            assertTrue(r.out().contains("x  b=[a] i=[] o=[4]") && r.out().contains("e  b=[a] i=[] o=[4]"), r.out());
        }
    }

    /** Defect 3, bind then infer: where the symbolic inference is Unknown, {@code --bind} ignored the sizes (exit 3). */
    @Test
    void bindInfersTheBoundProgramWhereTheSymbolicOneIsUnknown() throws Exception {
        Path p = write("conv.shp", "dynamic h\nx = data(o=[h])\nw = data(o=[3])\ny = einsum(x, w, \"2*o<+k; k => o\")\n");
        CliRun sym = CliRun.of("infer", p.toString()); // a strided convolution over h: the solver's symbolic size (was exit 3)
        assertEquals(0, sym.code(), sym.out());
        assertTrue(sym.out().contains("y  b=[] i=[] o=[(h + 1) // 2 - 1]\n") && sym.out().contains("requires (h + 1) % 2 == 0\n"), sym.out());
        CliRun r = CliRun.of("infer", p.toString(), "--bind", "h=9");
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().contains("y  b=[] i=[] o=[4]\n"), r.out());
        JsonNode doc = Cli.JSON.readTree(CliRun.of("infer", p.toString(), "--bind", "h=9", "--json").out());
        assertEquals(List.of("4"), axes(doc.get("tensors").get("y").get("output")));
        assertEquals(1, CliRun.of("infer", p.toString(), "--bind", "h=8").code()); // 2*(o-1) + 3 is odd
        assertEquals(2, CliRun.of("infer", p.toString(), "--bind", "q=8").code());
    }

    static final String SUM = """
            dynamic n, m
            x = data(b=[n], o=[4])
            y = data(b=[m], o=[4])
            c = block(x, y, "a|->o; b|->o => a^b|->o")
            z = c + data(b=[5], o=[4])
            """;

    /** Defect 3: {@code --bind n=3 --bind m=4} was accepted (exit 0) where the relations need {@code n+m} to be 5. */
    @Test
    void bindChecksTheBoundProgramLikeAStaticOne() throws Exception {
        Path p = write("sum.shp", SUM);
        assertEquals(0, CliRun.of("infer", p.toString()).code());
        CliRun bad = CliRun.of("infer", p.toString(), "--bind", "n=3", "--bind", "m=4");
        assertEquals(1, bad.code(), bad.out());
        assertTrue(bad.out().contains("5 = 7") && bad.out().contains("sum.shp:5:1: pointwise +"), bad.out());
        JsonNode f = Cli.JSON.readTree(CliRun.of("infer", p.toString(), "--json", "--bind", "n=3", "--bind", "m=4").out());
        assertFalse(f.get("failure").isNull(), f.toString());
        assertTrue(axes(f.get("failure").get("origin")).contains(p + ":5"), f.toString());
        assertEquals(3, f.get("bind").get("n").asInt());
        CliRun good = CliRun.of("infer", p.toString(), "--bind", "n=2", "--bind", "m=3");
        assertEquals(0, good.code(), good.out());
        assertTrue(good.out().contains("c  b=[5] i=[] o=[4]"), good.out());
        Path b = write("bcast.shp", "dynamic n\nx = data(b=[n], o=[4])\nz = x + data(b=[5], o=[4])\n");
        assertEquals(1, CliRun.of("infer", b.toString(), "--bind", "n=3").code()); // 5 ⊑ n at n = 3
        assertEquals(0, CliRun.of("infer", b.toString(), "--bind", "n=5").code());
    }

    /** Defect 4: with {@code n = m} inferred and {@code likely} only on {@code n}, run took n = 32, m = 1 and failed. */
    @Test
    void runSizesEqualDimsPerClass() throws Exception {
        Path p = write("cls.shp", """
                dynamic n, m
                likely(n) = {32}
                x = data(b=[n], o=[4])
                y = data(b=[m], o=[4])
                e = einsum(x, y, "b|o; b|o => b|o")
                """);
        CliRun r = CliRun.of("run", p.toString(), "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals(32, doc.get("sizes").get("n").asInt());
        assertEquals(32, doc.get("sizes").get("m").asInt());
        assertEquals("likely(n), class m = n", doc.get("sizeChoices").get("m").asText());
        CliRun t = CliRun.of("run", p.toString(), "--bind", "m=5");
        assertTrue(t.out().contains("n=5 (--bind m, class m = n), m=5 (--bind m, class m = n)"), t.out());
        assertEquals(2, CliRun.of("run", p.toString(), "--bind", "m=5", "--bind", "n=6").code()); // one class, two sizes
    }

    static final String TRUNC = "dynamic seq\nx = data(b=[seq], o=[4])\nlen = data()\ny = truncate(x, 0, len)\nz = relu(y)\n";

    /** Defect 5: projections and code generation failed with "row variable <y'b> is unassigned". */
    @Test
    void laterStagesRefuseAnUpperBoundWithTheStructuredError() throws Exception {
        Path p = write("tr.shp", TRUNC);
        CliRun proj = CliRun.of("infer", p.toString(), "--projections", "--json");
        assertEquals(1, proj.code(), proj.out());
        JsonNode e = Cli.JSON.readTree(proj.out()).get("failure").get("extent");
        assertEquals("truncate (DynamicTruncate)", e.get("op").asText());
        assertEquals("result b[0]", e.get("field").asText());
        assertEquals("upper-bound", e.get("observed").asText());
        assertEquals("<=seq", e.get("extent").asText());
        for (CliRun c : List.of(CliRun.of("infer", p.toString(), "--emit", "c", "--out", dir.resolve("c").toString(), "--bind", "seq=8"),
                CliRun.of("run", p.toString(), "--json"))) {
            assertEquals(1, c.code(), c.out());
            assertFalse(c.out().contains("unassigned"), c.out());
            assertTrue(c.out().contains("upper-bound"), c.out());
        }
        JsonNode run = Cli.JSON.readTree(CliRun.of("run", p.toString(), "--json").out()).get("failure");
        assertEquals("extent", run.get("kind").asText());
        assertEquals("result b[0]", run.get("extent").get("field").asText());
    }

    /** Defect 5: an unbound dynamic dim is refused by projections and code (symbolic), and lowered at its --bind size. */
    @Test
    void projectionsAndCodeNeedTheDynamicDimsBound() throws Exception {
        Path p = write("c.shp", COMPOSE);
        CliRun r = CliRun.of("infer", p.toString(), "--projections", "--json");
        assertEquals(1, r.code(), r.out());
        JsonNode e = Cli.JSON.readTree(r.out()).get("failure").get("extent");
        assertEquals("symbolic", e.get("observed").asText());
        assertEquals("n", e.get("extent").asText());
        CliRun b = CliRun.of("infer", p.toString(), "--projections", "--bind", "n=3");
        assertEquals(0, b.code(), b.out());
        assertTrue(b.out().contains("projections y: product [s0:3, s1:4, s2:8]"), b.out());
        CliRun c = CliRun.of("infer", p.toString(), "--emit", "c", "--out", dir.resolve("c").toString());
        assertEquals(1, c.code(), c.out());
        assertTrue(c.out().contains("symbolic (n)"), c.out());
        assertEquals(0, CliRun.of("infer", p.toString(), "--emit", "c", "--out", dir.resolve("c").toString(), "--bind", "n=3").code());
    }
}
