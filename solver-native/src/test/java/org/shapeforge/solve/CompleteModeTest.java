package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.solve.Solve.complete;
import static org.shapeforge.solve.Solve.det;
import static org.shapeforge.solve.Solve.sat;
import static org.shapeforge.solve.Solve.unsat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.term.Dim;

/** Complete mode: finite backtracking at the policy choice points of Remark 6.7(ii). */
class CompleteModeTest {

    @Test
    void Complete_placementBranchRecoversRemark2_11() {
        assertEquals(FailureKind.POLICY, unsat(det("<r> ~ [3, 5]", "[3] <> [9, 5] <= <r>")).failure().kind());
        var s = sat(complete("<r> ~ [3, 5]", "[3] <> [9, 5] <= <r>"));
        assertEquals(List.of(Dim.atom(3), Dim.atom(5)), s.model().rows().get("r").flat());
        assertTrue(s.notes().stream().anyMatch(n -> n.contains("branch")), s.notes().toString());
    }

    @Test
    void Complete_conjugateWitnessRecoversRotation() {
        var s = sat(complete("[3, 5] <r> ~ <r> [5, 3]"));
        assertEquals(List.of(Dim.atom(3)), s.model().rows().get("r").flat());
    }

    @Test
    void Complete_semanticFailureIsNotSearched() {
        var u = unsat(complete("[3] <r> ~ <r> [5]"));
        assertEquals(FailureKind.SEMANTIC, u.failure().kind());
    }

    @Test
    void Complete_leafClosingAlternative() {
        // closing the leaf to its cap 3 contradicts a later pin to the unit; the unit branch works
        var s = sat(complete("leaf a", "3 <= a", "a <= c", "5 <= c", "c <= d", "leaf d"));
        assertEquals(Dim.unit(), s.model().dims().get("c"));
    }
}
