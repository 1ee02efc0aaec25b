package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.solve.Solve.det;
import static org.shapeforge.solve.Solve.sat;
import static org.shapeforge.solve.Solve.unsat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** The row rules of Def. 4.3 as corrected in §10, one test per case. */
class RowRulesTest {
    static List<Dim> ds(long... xs) {
        return java.util.Arrays.stream(xs).mapToObj(x -> x == 1 ? Dim.unit() : Dim.atom(x)).toList();
    }

    @Test
    void RowLe_anEmptyResidueForcesTheEmptyRow() {
        // [2, b] ⊑ <r> [d, 2]: after the zip the residue [] caps <r>, and flank-fit leaves <r> no
        // axis; it was left open, so Cor. 5.7's "unsolved variables have two values" failed.
        for (String c : new String[] {"[] <= <r>", "[2, b] <= <r> [d, 2]"}) {
            var sf = sat(det(c)).solved().orElseThrow();
            assertEquals(Row.empty(), sf.rowBindings().get("r"), c);
        }
        assertTrue(sat(det("[] <= <r>")).solved().orElseThrow().principal()); // the second keeps the caps b <= 2, 2 <= d
        assertEquals(FailureKind.SEMANTIC, unsat(det("[] <= <r>", "<r> ~ [3]")).failure().kind());
    }

    @Test
    void RowEq_caseA_flatZip() {
        sat(det("[3] <> [5] ~ [3, 5]"));
        assertEquals(FailureKind.SEMANTIC, unsat(det("[3, 5] ~ [3]")).failure().kind());
        assertEquals(FailureKind.SEMANTIC, unsat(det("[3] <> [5] ~ [5, 3]")).failure().kind());
    }

    @Test
    void RowEq_caseB_totalOverflowOnly() {
        var s = sat(det("<r> [5] ~ [3, 5] <>"));
        assertEquals(ds(3), s.model().rows().get("r").flat());
        assertEquals(FailureKind.SEMANTIC, unsat(det("[2] <r> [5] ~ [5]")).failure().kind());
    }

    @Test
    void RowEq_caseB_inheritTheSplit() {
        var sf = sat(det("<r> ~ [3] <> [5]")).solved().orElseThrow();
        assertEquals(new Row.Closed(ds(3), ds(5)), sf.rowBindings().get("r"));
        var sf2 = sat(det("[2] <r> ~ [2, 3, 5]")).solved().orElseThrow();
        assertEquals(new Row.Closed(List.of(), ds(3, 5)), sf2.rowBindings().get("r"));
    }

    @Test
    void RowEq_caseC_nestedBinds() {
        var sf = sat(det("<r1> ~ [3] <r2>")).solved().orElseThrow();
        assertEquals(new Row.Open(ds(3), "r2", List.of()), sf.rowBindings().get("r1"));
    }

    @Test
    void RowEq_caseC_splitSurplusDefers() {
        var s = sat(det("[3] <r1> ~ <r2> [5]"));
        var sf = s.solved().orElseThrow();
        assertTrue(sf.rowBindings().isEmpty(), sf.rowBindings().toString());
        assertEquals(1, sf.residual().size());
        assertTrue(sf.residual().getFirst() instanceof Constraint.RowEq);
        assertFalse(sf.principal());
        assertEquals(ds(5), s.model().rows().get("r1").flat());
        assertEquals(ds(3), s.model().rows().get("r2").flat());
    }

    @Test
    void RowEq_caseC_sporadicSolutionIsLeastMaterial() {
        var s = sat(det("[5] <r1> ~ <r2> [5, 3]"));
        assertEquals(ds(3), s.model().rows().get("r1").flat());
        assertEquals(List.of(), s.model().rows().get("r2").flat());
    }

    @Test
    void RowEq_caseD_occursFails() {
        var u = unsat(det("[3] <r> ~ <r>"));
        assertEquals(FailureKind.SEMANTIC, u.failure().kind());
        assertTrue(u.failure().message().contains("self-reference"));
    }

    @Test
    void RowEq_caseD_rotationalDefersThenLeastMaterial() {
        assertEquals(List.of(), sat(det("[3] <r> ~ <r> [3]")).model().rows().get("r").flat());
        assertEquals(FailureKind.POLICY, unsat(det("[3, 5] <r> ~ <r> [5, 3]")).failure().kind());
        // the deferred equation becomes exact once <r> is solved by another constraint
        assertEquals(FailureKind.SEMANTIC, unsat(det("[3] <r> ~ <r> [3]", "<r> ~ [5]")).failure().kind());
        sat(det("[3] <r> ~ <r> [3]", "<r> ~ [3]"));
    }

    @Test
    void RowEq_caseD_nonConjugateIsSemantic() {
        var u = unsat(det("[3] <r> ~ <r> [5]"));
        assertEquals(FailureKind.SEMANTIC, u.failure().kind());
        assertTrue(u.failure().message().contains("not conjugate"), u.failure().message());
    }

    @Test
    void RowIneq_deficitRule() {
        var s = sat(det("[3] <r> [4] <= [3, 5, 4]"));
        assertEquals(ds(3, 5), s.model().rows().get("r").flat());
    }

    /** The deficit rule's fresh row must not be the input's {@code <ρ1>} (it was: r came out [7, 7, 3, 5]). */
    @Test
    void RowIneq_deficitRule_freshNamesAvoidInputNames() {
        var s = sat(det("[3] <r> [4] <= [3, 5, 4]", "<ρ1> ~ [7, 7]", "[φ1] <q> <= [φ1, 2]"));
        assertEquals(ds(3, 5), s.model().rows().get("r").flat());
        assertEquals(ds(7, 7), s.model().rows().get("ρ1").flat());
    }

    @Test
    void RowIneq_caseIII_closedResultTooShort() {
        assertEquals(FailureKind.SEMANTIC, unsat(det("[3] <= [2, 3]")).failure().kind());
    }

    @Test
    void RowIneq_flankFitMarkedOrder() {
        assertEquals(FailureKind.SEMANTIC, unsat(det("[3] <> <= [3]")).failure().kind());
        assertEquals(FailureKind.SEMANTIC, unsat(det("[3] <> <= [5]")).failure().kind());
        sat(det("[3] <> [3] <= [3]"));
    }

    @Test
    void RowIneq_caseII_broadcastPositionsUnconstrained() {
        sat(det("[7, 3] <= [3]"));
        sat(det("[2] <r> [3] <= [3]"));
    }

    @Test
    void RowIneq_caseI_residueIsACap() {
        var sf = sat(det("[2, 3] <= <r>")).solved().orElseThrow();
        assertEquals(1, sf.residual().size());
        assertFalse(sf.principal());
    }

    @Test
    void RowIneq_sameVariableShiftedDefers() {
        var s = sat(det("[3] <r> <= <r>"));
        assertEquals(List.of(), s.model().rows().get("r").flat());
        assertEquals(FailureKind.SEMANTIC, unsat(det("[3] <r> <= <r> [5]")).failure().kind());
    }
}
