package org.shapeforge.oracle.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.Backend;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.solver.Stats;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Cor. 5.7's check on hand-built native answers (a solver that forgot a binding): an unsolved
 * variable whose only value is not its top default fails the claim; one whose only value is the
 * top default γ↑ gives it satisfies the corollary's second disjunct.
 */
class TwoValuesClaimTest {
    static final SolveOptions SMT = SolveOptions.defaults().withSemantics(Semantics.FLAT).withTimeoutMs(5_000);

    private static Claim c57(Problem p, Assignment closed, Assignment upward) {
        SolvedForm sf = new SolvedForm(Map.of(), Map.of(), List.of(), false, upward, Set.of());
        Outcome nat = new Outcome.Sat(closed, Optional.of(sf), List.of(), new Stats(p.constraints().size(), 0, 0));
        ShapeSolver smt = Backend.SMT.create();
        return Claims.check(p, nat, smt.solve(p, SMT), smt, SMT).stream()
                .filter(c -> c.name().startsWith("Cor5.7")).findFirst().orElseThrow();
    }

    @Test
    void anEntailedValueOtherThanTheTopDefaultFails() {
        Problem p = Parser.parse("forced.shc", "d <= 5\n");
        Claim c = c57(p, Assignment.empty().withDim("d", Dim.atom(5)), Assignment.empty().withDim("d", Dim.unit()));
        assertEquals(Claim.Status.FAILS, c.status(), c::detail);
        assertTrue(c.detail().contains("not the top default"), c::detail);
    }

    @Test
    void anEntailedTopDefaultIsTheSecondDisjunct() {
        Problem p = Parser.parse("top.shc", "[] <> <= <r>\n");
        Claim c = c57(p, Assignment.empty().withRow("r", Row.empty()), Assignment.empty().withRow("r", Row.empty()));
        assertEquals(Claim.Status.HOLDS, c.status(), c::detail);
        assertTrue(c.detail().contains("1 carry only their top default"), c::detail);
    }

    @Test
    void aFreeVariableHolds() {
        Problem p = Parser.parse("free.shc", "5 <= d\n");
        Claim c = c57(p, Assignment.empty().withDim("d", Dim.atom(5)), Assignment.empty().withDim("d", Dim.unit()));
        assertEquals(Claim.Status.HOLDS, c.status(), c::detail);
        assertTrue(c.detail().startsWith("1 of 1 unsolved variables admit another value"), c::detail);
    }
}
