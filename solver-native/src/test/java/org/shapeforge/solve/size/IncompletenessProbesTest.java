package org.shapeforge.solve.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;

/**
 * Probes of the boundary of the decided fragment (Conj. 8.4(c); docs/size-arithmetic.md): each
 * asserts today's residual or unknown answer on a problem just outside it, so the test flips
 * when the solver gets stronger (ocannl's probe tests).
 */
class IncompletenessProbesTest {
    static final Dim A = new Dim.Var("a"), B = new Dim.Var("b");

    @Test
    void productOfTwoUnknownsWithALinearRelationIsResidualAndTheLinearPartAloneMisleads() {
        var count = new Constraint.TotalNum.NumElems(12);
        assertInstanceOf(SizeResult.Residual.class, TotalElems.solve(List.of(A, B), count, List.of(), Map.of(), Set.of(), "[a, b]"));
        var sys = LinearSystem.of(List.of(LinearConstraint.eq(LinearExpr.var("a"), LinearExpr.var("b").plus(1), "size(a) == size(b) + 1")));
        var sat = assertInstanceOf(LinearResult.Sat.class, LinearSolver.solve(sys, Map.of()));
        assertEquals(Map.of("a", 2L, "b", 1L), sat.model());
        assertNotEquals(12L, sat.model().get("a") * sat.model().get("b"));
    }

    @Test
    void concatAxisInsideAProductIsNotAMonomial() {
        var r = TotalElems.solve(List.of(new Dim.Concat(List.of(A, new Dim.Atom(2))), A), new Constraint.TotalNum.NumElems(15),
                List.of(), Map.of(), Set.of(), "[a ^ 2, a]");
        assertInstanceOf(SizeResult.Residual.class, r);
    }

    @Test
    void remainderOfAProductIsAProductConstraint() {
        var t = new SizeTranslator().add(new Constraint.SizeRel(new SizeExpr.Mod(new SizeExpr.Mul(new SizeExpr.Size(A),
                new SizeExpr.Size(B)), 4), Rel.EQ, new SizeExpr.Lit(0), null), "(size(a) * size(b)) % 4 == 0");
        assertEquals(1, t.products().size());
    }

    @Test
    void sevenDisequalitiesAreBeyondTheBranchingLimit() {
        List<LinearConstraint> cs = new ArrayList<>();
        for (int v = 1; v <= 7; v++) cs.add(new LinearConstraint(LinearExpr.var("a").plus(-v), Rel.NE, "size(a) != " + v));
        assertInstanceOf(LinearResult.Unknown.class, LinearSolver.solve(LinearSystem.of(cs), Map.of()));
    }
}
