package org.shapeforge.solve.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;

class TotalElemsTest {
    static Dim v(String n) {
        return new Dim.Var(n);
    }

    static Dim n(long k) {
        return new Dim.Atom(k);
    }

    static Constraint.TotalNum count(long k) {
        return new Constraint.TotalNum.NumElems(k);
    }

    @Test
    void w21_oneUnknownAxisIsExactDivision() {
        assertEquals(new SizeResult.Solved(Map.of("x", 16L)),
                TotalElems.solve(List.of(n(4), v("x")), count(64), List.of(), Map.of(), Set.of(), "[4] [x]"));
    }

    @Test
    void indivisibleCountFailsWithTheRowsPrinted() {
        var f = assertInstanceOf(SizeResult.Failed.class,
                TotalElems.solve(List.of(v("b"), n(3), n(3), n(1)), count(72), List.of(v("d")), Map.of("d", 5L), Set.of(), "[b] [3, 3, 1]"));
        assertEquals("Total_elems: 72 not divisible by 45 (rows [b] [3, 3, 1])", f.message());
    }

    @Test
    void w22_stridedVarSolvedFromKnownRows() {
        var num = new Constraint.TotalNum.StridedVar(64, new Dim.Var("v"), 1);
        assertEquals(new SizeResult.Solved(Map.of("v", 4L)),
                TotalElems.solve(List.of(n(8), n(8)), num, List.of(v("d")), Map.of("d", 4L), Set.of(), "[8, 8]"));
    }

    @Test
    void stridedVarWithDenominator() {
        var num = new Constraint.TotalNum.StridedVar(6, new Dim.Var("v"), 4);
        assertEquals(new SizeResult.Solved(Map.of("v", 10L)),
                TotalElems.solve(List.of(n(3), n(5)), num, List.of(), Map.of(), Set.of(), "[3, 5]"));
        assertInstanceOf(SizeResult.Failed.class,
                TotalElems.solve(List.of(n(5), n(5)), num, List.of(), Map.of(), Set.of(), "[5, 5]"));
    }

    @Test
    void w27_squareOfOneVariableHasNoIntegerRootOfTwelve() {
        var f = assertInstanceOf(SizeResult.Failed.class,
                TotalElems.solve(List.of(v("a"), v("a")), count(12), List.of(), Map.of(), Set.of(), "[a, b]"));
        assertEquals("Total_elems: a·a = 12 has no integer solution (rows [a, b])", f.message());
        assertEquals(new SizeResult.Solved(Map.of("a", 4L)),
                TotalElems.solve(List.of(v("a"), v("a")), count(16), List.of(), Map.of(), Set.of(), "[a, a]"));
    }

    @Test
    void severalUnknownsAreAnUnderdeterminedProduct() {
        var r = assertInstanceOf(SizeResult.Residual.class,
                TotalElems.solve(List.of(v("a"), v("b")), count(12), List.of(), Map.of(), Set.of(), "[a, b]"));
        assertEquals("Total_elems: underdetermined product a·b = 12 (rows [a, b])", r.why());
    }

    @Test
    void knownRowsAreChecked() {
        assertInstanceOf(SizeResult.Holds.class,
                TotalElems.solve(List.of(n(8), n(8)), count(64), List.of(), Map.of(), Set.of(), "[8, 8]"));
        assertInstanceOf(SizeResult.Failed.class,
                TotalElems.solve(List.of(n(8), n(7)), count(64), List.of(), Map.of(), Set.of(), "[8, 7]"));
    }

    @Test
    void concatAxisWithUnknownsStaysResidual() {
        assertInstanceOf(SizeResult.Residual.class, TotalElems.solve(List.of(new Dim.Concat(List.of(v("a"), n(2)))),
                count(12), List.of(), Map.of(), Set.of(), "[a ^ 2]"));
        assertEquals(new SizeResult.Solved(Map.of("b", 3L)), TotalElems.solve(List.of(new Dim.Concat(List.of(v("a"), n(2))), v("b")),
                count(12), List.of(), Map.of("a", 2L), Set.of(), "[a ^ 2, b]"));
    }

    @Test
    void aDiscardableFactorOnBothSidesIsNotCancelled() {
        var num = new Constraint.TotalNum.StridedVar(5, new Dim.Var("x"), 1);
        assertInstanceOf(SizeResult.Failed.class, TotalElems.solve(List.of(v("x")), num, List.of(), Map.of(), Set.of(), "[x]"));
        assertInstanceOf(SizeResult.Residual.class, TotalElems.solve(List.of(v("x")), num, List.of(), Map.of(), Set.of("x"), "[x]"));
    }

    @Test
    void mulEqIsSolvedOnceOneFactorRemains() {
        var t = new SizeTranslator().add(new Constraint.SizeRel(new SizeExpr.Size(v("a")), Rel.EQ,
                new SizeExpr.Mul(new SizeExpr.Size(v("b")), new SizeExpr.Size(v("c"))), null), "size(a) == size(b) * size(c)");
        ProductConstraint p = t.products().getFirst();
        assertEquals(new SizeResult.Solved(Map.of("c", 6L)), ProductSolver.solve(p, Map.of("a", 24L, "b", 4L), Set.of()));
        assertInstanceOf(SizeResult.Failed.class, ProductSolver.solve(p, Map.of("a", 25L, "b", 4L), Set.of()));
        assertInstanceOf(SizeResult.Residual.class, ProductSolver.solve(p, Map.of("a", 24L), Set.of()));
        assertInstanceOf(SizeResult.Holds.class, ProductSolver.solve(p, Map.of("a", 24L, "b", 4L, "c", 6L), Set.of()));
    }
}
