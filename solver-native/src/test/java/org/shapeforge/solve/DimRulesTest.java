package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.solve.Solve.det;
import static org.shapeforge.solve.Solve.sat;
import static org.shapeforge.solve.Solve.unsat;

import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Span;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.term.Dim;

/** The dimension rules of Def. 4.2 and §10's DI-antisym, one test per rule. */
class DimRulesTest {

    @Test
    void DE_clash() {
        var u = unsat(det("a = 3", "a = 5"));
        assertEquals(FailureKind.SEMANTIC, u.failure().kind());
        assertEquals(2, u.failure().constraints().size());
    }

    @Test
    void DI_pin() {
        var s = sat(det("a <= 3"));
        assertEquals(Dim.atom(3), s.solved().orElseThrow().dimBindings().get("a"));
    }

    @Test
    void DI_pinTop() {
        var s = sat(det("1 <= a"));
        assertEquals(Dim.unit(), s.solved().orElseThrow().dimBindings().get("a"));
    }

    @Test
    void DI_capCollapse() {
        var s = sat(det("3 <= a", "5 <= a"));
        assertEquals(Dim.unit(), s.solved().orElseThrow().dimBindings().get("a"));
        assertTrue(s.solved().orElseThrow().principal());
    }

    @Test
    void DI_capRecordedIsResidual() {
        var s = sat(det("3 <= a"));
        var sf = s.solved().orElseThrow();
        assertFalse(sf.principal());
        assertEquals(1, sf.residual().size());
        assertEquals(new Constraint.DimLe(Dim.atom(3), Dim.var("a"), new Span("test.shc", 1, 1)), sf.residual().getFirst()); // its source kept
        assertEquals(Dim.unit(), sf.upward().dims().get("a"));
    }

    @Test
    void DI_groundFails() {
        assertEquals(FailureKind.SEMANTIC, unsat(det("1 <= 3")).failure().kind());
        sat(det("3 <= 1"));
    }

    @Test
    void DI_adjForwardsGroundCaps() {
        var sf = sat(det("a <= b", "3 <= a")).solved().orElseThrow();
        assertTrue(sf.residual().contains(new Constraint.DimLe(Dim.atom(3), Dim.var("b"), new Span("test.shc", 2, 1))), sf.residual().toString()); // forwarded from line 2
    }

    @Test
    void DI_antisym() {
        var s = sat(det("a <= b", "b <= c", "c <= a", "3 <= b"));
        var sf = s.solved().orElseThrow();
        assertEquals(2, sf.dimBindings().size(), sf.dimBindings().toString());
        assertEquals(Dim.atom(3), s.model().dims().get("a"));
        assertEquals(Dim.atom(3), s.model().dims().get("c"));
    }
}
