package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.cli.dynamic.SymbolicArithmeticTest;
import org.shapeforge.cli.dynamic.SymbolicShapesTest;
import org.shapeforge.program.Inference;
import org.shapeforge.program.dynamic.Binding;
import org.shapeforge.program.dynamic.ExtentCheck;
import org.shapeforge.program.dynamic.ExtentError;
import org.shapeforge.program.dynamic.ExtentExpr;
import org.shapeforge.program.dynamic.ShapeExtent;
import org.shapeforge.program.dynamic.SymbolicShape;
import org.shapeforge.program.dynamic.SymbolicShapes;

/**
 * Issue 17: the program operations {@code flatten(a, K)} ({@code o=[n * 4]}) and
 * {@code truncate(a, axis, s)} (DynamicTruncate), and one test per consumer-contract rule of
 * {@code seeds/004_…} on programs: DynamicTruncate is not exact, transpose keeps guarantees, a
 * reshape refuses an upper bound, a broadcast refuses an upper-bound target, upper bounds are
 * never upgraded (also not by {@code --bind}).
 */
class DynamicOpsTest {
    static Map<String, SymbolicShape> shapes(String program) {
        return SymbolicShapes.of(SymbolicShapesTest.infer(program));
    }

    static final String FLATTEN = """
            dynamic n
            x = data(b=[2], o=[n, 4])
            y = flatten(x, 2)
            w = param(o=[3])
            z = w * y
            """;

    @Test
    void flattenOfNBy4IsNTimes4() {
        var s = shapes(FLATTEN);
        assertEquals("b=[2] i=[] o=[n * 4]", s.get("y").printed());
        assertEquals("b=[] i=[n * 4] o=[3]", s.get("w").printed());
        assertEquals(new ShapeExtent.Exact(new ExtentExpr.Mul(new ExtentExpr.InputAxis("n", "x", 1), ExtentExpr.of(4))),
                s.get("y").output().getFirst());
        assertTrue(ExtentCheck.of(SymbolicShapesTest.infer(FLATTEN)).isEmpty());
        SymbolicArithmeticTest.bindsLikeStatic(FLATTEN, 5); // the static program states the product as mul_eq: 20
    }

    @Test
    void aStaticFlattenIsSolvedAndCheckedNatively() {
        var inf = SymbolicShapesTest.infer("x = data(b=[2], o=[3, 4])\ny = flatten(x, 2)\nz = y + data(b=[2], o=[12])\n");
        assertEquals("2|->12", inf.shapes().get("y").printed());
        assertEquals(1, CliRun.of("infer", write("x = data(b=[2], o=[3, 4])\ny = flatten(x, 2)\nz = y + data(b=[2], o=[11])\n").toString()).code());
    }

    @Test
    void aDynamicFlattenEquatedWithAnotherSizeIsRefusedNotAcceptedUnchecked() {
        var inf = SymbolicShapesTest.infer("dynamic n\nx = data(b=[2], o=[n, 4])\ny = flatten(x, 2)\nz = y + data(b=[2], o=[12])\n");
        var rs = ExtentCheck.of(inf);
        assertEquals(1, rs.size());
        assertTrue(rs.getFirst().message().contains("the merged axis of y is a runtime size"), rs.getFirst().message());
    }

    static final String TRUNCATE = """
            dynamic batch, seq
            x = data(b=[batch, seq], o=[512])
            len = data()
            y = truncate(x, 1, len)
            h = relu(y)
            t = transpose(truncate(x, "o0", len))
            g = y + x
            """;

    @Test
    void dynamicTruncateIsNotExactOnItsAxisAndExactElsewhere() {
        var s = shapes(TRUNCATE);
        SymbolicShape y = s.get("y");
        assertEquals("b=[batch, <=seq] i=[] o=[512]", y.printed());
        assertInstanceOf(ShapeExtent.UpperBound.class, y.batch().get(1));
        assertInstanceOf(ShapeExtent.Exact.class, y.batch().get(0));
        assertEquals(ShapeExtent.exact(512), y.output().getFirst());
        assertEquals("b=[batch, <=seq] i=[] o=[512]", s.get("h").printed()); // a pointwise result keeps the bound
        assertEquals("b=[batch, seq] i=[] o=[512]", s.get("g").printed()); // y broadcasts against x's seq: exact seq
    }

    @Test
    void transposeKeepsGuarantees() {
        var s = shapes(TRUNCATE);
        assertEquals("b=[batch, seq] i=[<=512] o=[]", s.get("t").printed());
        assertInstanceOf(ShapeExtent.UpperBound.class, s.get("t").input().getFirst());
    }

    @Test
    void bindNeverUpgradesAnUpperBound() {
        Inference inf = SymbolicShapesTest.infer(TRUNCATE);
        var b = Binding.resolve(SymbolicShapes.of(inf), Map.of("batch", 2L, "seq", 16L));
        assertEquals("b=[2, <=16] i=[] o=[512]", b.get("y").printed());
        assertEquals("b=[2, 16] i=[] o=[512]", b.get("g").printed());
        assertEquals(List.of("batch", "seq"), List.copyOf(SymbolicShapes.dynamicNames(inf))); // tr1'len is not bindable
    }

    @Test
    void reshapeRefusesAnUpperBound() {
        var rs = ExtentCheck.of(SymbolicShapesTest.infer("dynamic n\nx = data(o=[n, 4])\ny = truncate(x, \"o0\", scalar)\nz = flatten(y, 2)\n"));
        assertEquals(1, rs.size());
        assertEquals(new ExtentError("flatten (reshape)", "target o[0]", "upper-bound", "<=n * 4"), rs.getFirst().extent().orElseThrow());
        assertEquals(4, rs.getFirst().origin().statement().line());
    }

    static final String BROADCAST = """
            dynamic batch, seq
            x = data(b=[batch, seq], o=[512])
            y = truncate(x, -1, scalar)
            bias = param(o=[512])
            z = y + bias
            """;

    @Test
    void broadcastRefusesAnUpperBoundTarget() {
        var rs = ExtentCheck.of(SymbolicShapesTest.infer(BROADCAST));
        assertEquals(new ExtentError("pointwise +", "broadcast target b[1] of operand 2", "upper-bound", "<=seq"),
                rs.getFirst().extent().orElseThrow());
    }

    @Test
    void inferFailsWithTheStructuredError() throws Exception {
        Path f = write(BROADCAST);
        CliRun t = CliRun.of("infer", f.toString());
        assertEquals(1, t.code(), t.out() + t.err());
        assertTrue(t.out().startsWith("fail extent: "), t.out());
        assertTrue(t.out().contains("`z = y + bias`: pointwise +: broadcast target b[1] of operand 2 requires an exact extent,"
                + " but it is upper-bound (<=seq)"), t.out());
        CliRun j = CliRun.of("infer", f.toString(), "--json");
        assertEquals(1, j.code());
        JsonNode fail = Cli.JSON.readTree(j.out()).get("failure");
        assertEquals("extent", fail.get("kind").asText());
        assertEquals("pointwise +", fail.get("extent").get("op").asText());
        assertEquals("broadcast target b[1] of operand 2", fail.get("extent").get("field").asText());
        assertEquals("upper-bound", fail.get("extent").get("observed").asText());
        assertEquals(f + ":5", fail.get("origin").get(0).asText());
    }

    @Test
    void badAxesAreInputErrors() {
        assertEquals(2, CliRun.of("infer", write("dynamic n\nx = data(b=[n], o=[4])\ny = truncate(x, \"q0\", scalar)\n").toString()).code());
        assertEquals(2, CliRun.of("infer", write("dynamic n\nx = data(b=[n], o=[4])\ny = truncate(x, 1, scalar)\n").toString()).code());
        assertEquals(2, CliRun.of("infer", write("dynamic n\nx = data(b=[n], o=[4])\ny = truncate(relu(x), 0, scalar)\n").toString()).code());
        assertEquals(2, CliRun.of("infer", write("x = data(o=[4])\ny = flatten(x)\n").toString()).code());
        CliRun notScalar = CliRun.of("infer", write("dynamic n\nx = data(b=[n], o=[4])\ny = truncate(x, 0, x)\n").toString());
        assertEquals(1, notScalar.code(), notScalar.out() + notScalar.err()); // the size tensor holds one element
    }

    @Test
    void queriesSeeTheRuntimeSizesNativeFirstThenZ3() throws Exception {
        Path f = write(FLATTEN);
        CliRun r = CliRun.of("query", f.toString(), "fl1'd2 = 4", "fl1'flat == n * 4", "fl1'flat == n * 3", "--json");
        JsonNode as = Cli.JSON.readTree(r.out()).get("answers");
        assertEquals(1, r.code(), r.out()); // one refuted
        assertEquals("proved", as.get(0).get("verdict").asText());
        assertEquals("native", as.get(0).get("decidedBy").asText()); // a binding of stage 1
        assertEquals("proved", as.get(1).get("verdict").asText()); // the product is an assumption of the query
        assertEquals("z3", as.get(1).get("decidedBy").asText());
        assertEquals("refuted", as.get(2).get("verdict").asText());
        CliRun t = CliRun.of("query", write(TRUNCATE).toString(), "tr1'len <= seq", "--json");
        assertEquals(0, t.code(), t.out());
        assertEquals("proved", Cli.JSON.readTree(t.out()).get("answers").get(0).get("verdict").asText());
    }

    @TempDir
    static Path dir;
    private static int files;

    static Path write(String program) {
        try {
            Path f = dir.resolve("p" + (++files) + ".shp");
            Files.writeString(f, program);
            return f;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
