package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.solve.Solve.det;
import static org.shapeforge.solve.Solve.sat;
import static org.shapeforge.solve.Solve.unsat;

import org.junit.jupiter.api.Test;
import org.shapeforge.solve.rank.RankGraph;
import org.shapeforge.solve.store.Why;
import org.shapeforge.solver.FailureKind;

/** Def. 4.5: the persistent rank-fact graph, its cycle check and sign discipline. */
class RankGraphTest {

    @Test
    void RankGraph_positiveCycleRefusedZeroCycleAllowed() {
        RankGraph g = new RankGraph();
        assertNull(g.add("a", "b", 0, Why.NONE));
        assertNull(g.add("b", "a", 0, Why.NONE));
        assertNull(g.add("b", "c", 1, Why.NONE));
        RankGraph.Cycle c = g.add("c", "a", 0, Why.NONE);
        assertNotNull(c);
        assertEquals(1, c.weight());
        assertNotNull(g.add("d", "d", 2, Why.NONE));
    }

    @Test
    void RankGraph_longChainInEitherOrderStaysCheap() {
        RankGraph g = new RankGraph();
        for (int i = 0; i < 50_000; i++) assertNull(g.add("x" + (i + 1), "x" + i, 1, Why.NONE));
        for (int i = 50_000; i > 0; i--) assertNull(g.add("y" + i, "y" + (i - 1), 1, Why.NONE));
    }

    @Test
    void RankGraph_twoVariableCycleFails() {
        var u = unsat(det("<r1> <= [2] <r2>", "<r2> <= [3] <r1>"));
        assertTrue(u.failure().message().contains("rank cycle"), u.failure().message());
        assertEquals(FailureKind.SEMANTIC, u.failure().kind());
        assertEquals(2, u.failure().constraints().size());
    }

    @Test
    void RankGraph_signDiscipline() {
        // case (i) with result surplus entails only a non-positive bound: recording it would
        // close a spurious positive cycle with the first constraint's edge.
        var s = sat(det("<r1> <= <r2> [2]", "<r2> [2, 2] <= <r1>"));
        assertEquals(s.model().rows().get("r2").flat().size() + 1, s.model().rows().get("r1").flat().size());
    }

    @Test
    void RankGraph_positiveCycleReportsItsEdgesInOrderWithTheirWhy() {
        RankGraph g = new RankGraph();
        Why wa = Why.source(0), wb = Why.source(1), wc = Why.source(2);
        assertNull(g.add("a", "b", 0, wa));
        assertNull(g.add("b", "c", 2, wb));
        RankGraph.Cycle c = g.add("c", "a", 0, wc);
        assertNotNull(c);
        assertEquals(2, c.weight());
        assertEquals(java.util.List.of(new RankGraph.Edge("a", "b", 0, wa), new RankGraph.Edge("b", "c", 2, wb),
                new RankGraph.Edge("c", "a", 0, wc)), c.edges());
        assertEquals(2, g.size(), "the refused edge is not recorded");
    }

    @Test
    void RankGraph_zeroWeightCyclesAreAllowedAndAPositiveDetourIsFound() {
        RankGraph g = new RankGraph();
        for (int i = 0; i < 5; i++) assertNull(g.add("v" + i, "v" + ((i + 1) % 5), 0, Why.NONE));
        assertEquals(5, g.size());
        // a second, parallel route with a positive edge: closing it with weight 0 is refused
        assertNull(g.add("v2", "w", 1, Why.NONE));
        RankGraph.Cycle c = g.add("w", "v3", 0, Why.NONE);
        assertNotNull(c);
        assertEquals(1, c.weight());
        assertEquals("w", c.edges().getLast().from());
        assertEquals(c.edges().getFirst().from(), c.edges().getLast().to());
    }

    @Test
    void RankGraph_negativeWeightIsABug() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> new RankGraph().add("a", "b", -1, Why.NONE));
    }

    @Test
    void RankGraph_duplicateEdgesAreRecordedOnceDistinctWeightsTwice() {
        RankGraph g = new RankGraph();
        assertNull(g.add("a", "b", 1, Why.NONE));
        assertNull(g.add("a", "b", 1, Why.source(3)));
        assertEquals(1, g.size());
        assertNull(g.add("a", "b", 0, Why.NONE));
        assertEquals(2, g.size());
        for (int i = 0; i < 3000; i++) assertNull(g.add("p" + i, "q" + i, i % 3, Why.NONE));
        for (int i = 0; i < 3000; i++) assertNull(g.add("p" + i, "q" + i, i % 3, Why.NONE));
        assertEquals(3002, g.size());
    }

    @Test
    void RankGraph_zeroSelfLoopAllowedPositiveSelfLoopRefused() {
        RankGraph g = new RankGraph();
        assertNull(g.add("a", "a", 0, Why.NONE));
        RankGraph.Cycle c = g.add("a", "a", 3, Why.NONE);
        assertNotNull(c);
        assertEquals(3, c.weight());
        assertEquals(1, c.edges().size());
    }
}
