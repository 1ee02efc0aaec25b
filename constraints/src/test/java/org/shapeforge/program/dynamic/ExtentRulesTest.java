package org.shapeforge.program.dynamic;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One test per consumer rule of {@code seeds/004_…} ("Compiler Pass Contract"). */
class ExtentRulesTest {
    private static final ExtentExpr N = new ExtentExpr.InputAxis("n", "x", 0);
    private static final ShapeExtent N_EXACT = new ShapeExtent.Exact(N);
    private static final ShapeExtent C784 = ShapeExtent.exact(784);

    @Test
    void truncateIsNotExactOnItsAxisAndKeepsTheOthers() {
        List<ShapeExtent> out = ExtentRules.truncate(List.of(N_EXACT, C784), 0, "len");
        assertEquals(new ShapeExtent.UpperBound(N), out.get(0));
        assertEquals(C784, out.get(1));
        assertEquals("<=n", out.get(0).printed());
    }

    @Test
    void truncateNeverUpgradesUnknown() {
        assertEquals(new ShapeExtent.Unknown(), ExtentRules.truncate(List.of(new ShapeExtent.Unknown()), 0, "s").get(0));
    }

    @Test
    void reshapeRefusesAnUpperBoundNamingOpFieldAndGuarantee() {
        List<ShapeExtent> t = ExtentRules.truncate(List.of(N_EXACT, C784), 0, "len");
        var r = assertInstanceOf(Checked.Refused.class, ExtentRules.reshape(t));
        assertEquals(new ExtentError("reshape", "target[0]", "upper-bound", "<=n"), r.error());
        assertTrue(r.error().message().contains("reshape: target[0] requires an exact extent"));
    }

    @Test
    void reshapeAcceptsSymbolicExact() {
        List<ShapeExtent> t = List.of(new ShapeExtent.Exact(new ExtentExpr.Mul(N, ExtentExpr.of(4))), C784);
        assertEquals(new Checked.Ok(t), ExtentRules.reshape(t));
    }

    @Test
    void broadcastRefusesUnknown() {
        var r = assertInstanceOf(Checked.Refused.class,
                ExtentRules.broadcast(List.of(C784, new ShapeExtent.Unknown())));
        assertEquals(new ExtentError("broadcast", "target[1]", "unknown", "?"), r.error());
    }

    @Test
    void aBackendConstantRefusesSymbolic() {
        var r = assertInstanceOf(Checked.Refused.class, ExtentRules.requireConstant("gather", "slice_sizes",
                List.of(C784, N_EXACT)));
        assertEquals("symbolic", r.error().observed());
        assertEquals("slice_sizes[1]", r.error().field());
    }

    @Test
    void transposeKeepsGuarantees() {
        List<ShapeExtent> t = ExtentRules.truncate(List.of(N_EXACT, C784, new ShapeExtent.Unknown()), 0, "len");
        List<ShapeExtent> out = ExtentRules.transpose(t, new int[] {2, 0, 1});
        assertEquals(List.of(new ShapeExtent.Unknown(), new ShapeExtent.UpperBound(N), C784), out);
        // ... and the moved upper bound is still refused by reshape, at its new position
        var r = assertInstanceOf(Checked.Refused.class, ExtentRules.reshape(out));
        assertEquals("target[0]", r.error().field());
        assertThrows(IllegalArgumentException.class, () -> ExtentRules.transpose(t, new int[] {0, 0, 1}));
    }

    @Test
    void expressionsEvaluateAndPrint() {
        ExtentExpr e = new ExtentExpr.Add(new ExtentExpr.Mul(N, ExtentExpr.of(4)), ExtentExpr.of(3));
        assertEquals("n * 4 + 3", e.printed());
        assertEquals(131L, e.eval(Map.of("n", 32L)).orElseThrow());
        assertTrue(e.eval(Map.of()).isEmpty());
        ExtentExpr m = new ExtentExpr.Min(new ExtentExpr.RuntimeScalar("len", "DynamicTruncateSize"),
                new ExtentExpr.FloorDiv(new ExtentExpr.Sub(N, ExtentExpr.of(1)), ExtentExpr.of(2)));
        assertEquals("min(scalar(len), (n - 1) // 2)", m.printed());
        assertEquals(7L, m.eval(Map.of("n", 33L, "len", 7L)).orElseThrow());
        assertEquals(16L, new ExtentExpr.Max(N, ExtentExpr.of(16)).eval(Map.of("n", 3L)).orElseThrow());
        assertFalse(ExtentExpr.of(3).symbolic());
        assertTrue(m.symbolic());
    }
}
