package org.shapeforge.solve.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.term.Dim;

class ConcatSolverTest {
    static Dim v(String n) {
        return new Dim.Var(n);
    }

    static Dim n(long k) {
        return new Dim.Atom(k);
    }

    static Dim cat(Dim... ds) {
        return new Dim.Concat(List.of(ds));
    }

    @Test
    void w23_forwardSumOfKnownParts() {
        var r = ConcatSolver.solve(v("c"), cat(v("a"), v("b")), Map.of("a", 3L, "b", 4L), Set.of());
        assertEquals(new SizeResult.Solved(Map.of("c", 7L)), r);
    }

    @Test
    void w24_oneUnknownComponentIsSolved() {
        var r = ConcatSolver.solve(n(7), cat(v("a"), n(3)), Map.of(), Set.of());
        assertEquals(new SizeResult.Solved(Map.of("a", 4L)), r);
    }

    @Test
    void nestedConcatsFlattenOnBothSides() {
        var r = ConcatSolver.solve(cat(v("a"), cat(n(2), v("b"))), cat(v("c"), n(3)), Map.of("b", 5L, "c", 9L), Set.of());
        assertEquals(new SizeResult.Solved(Map.of("a", 5L)), r);
    }

    @Test
    void negativeResidueReportsComponentsExceed() {
        var r = ConcatSolver.solve(n(7), cat(v("a"), n(3), n(5)), Map.of(), Set.of());
        var f = assertInstanceOf(SizeResult.Failed.class, r);
        assertEquals("Concat: components exceed 7: 3 + 5 = 8 (in 7 = a + 3 + 5)", f.message());
    }

    @Test
    void zeroResidueIsAllowedOnlyForDiscardables() {
        assertInstanceOf(SizeResult.Failed.class, ConcatSolver.solve(n(7), cat(v("a"), n(7)), Map.of(), Set.of()));
        assertEquals(new SizeResult.Solved(Map.of("a", 0L)), ConcatSolver.solve(n(7), cat(v("a"), n(7)), Map.of(), Set.of("a")));
    }

    @Test
    void repeatedUnknownNeedsDivisibility() {
        assertInstanceOf(SizeResult.Failed.class, ConcatSolver.solve(n(7), cat(v("a"), v("a")), Map.of(), Set.of()));
        assertEquals(new SizeResult.Solved(Map.of("a", 3L)), ConcatSolver.solve(n(6), cat(v("a"), v("a")), Map.of(), Set.of()));
    }

    @Test
    void twoUnknownsStayResidual() {
        var r = ConcatSolver.solve(cat(v("a"), v("b")), cat(v("c"), n(3)), Map.of("c", 4L), Set.of());
        assertInstanceOf(SizeResult.Residual.class, r);
    }

    @Test
    void knownSidesAreChecked() {
        assertInstanceOf(SizeResult.Holds.class, ConcatSolver.solve(n(7), cat(n(3), n(4)), Map.of(), Set.of()));
        assertInstanceOf(SizeResult.Failed.class, ConcatSolver.solve(n(8), cat(v("a"), n(4)), Map.of("a", 3L), Set.of()));
    }
}
