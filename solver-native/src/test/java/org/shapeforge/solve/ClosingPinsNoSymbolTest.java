package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shapeforge.solver.Outcome;
import org.shapeforge.term.Dim;

/**
 * A closing default never pins a dynamic dim to a number the constraints do not force
 * (docs/solver.md, "Closing never pins a symbol"); one test per stage whose default did, each
 * from the fuzzer's {@code claim} findings of {@code fuzz --seed 1 --cases 20000} (pinned as
 * {@code oracle/src/test/resources/findings/claim-*.shc}).
 */
class ClosingPinsNoSymbolTest {

    /**
     * Stage 4, case 6823: the leaf a closed to its cap 2 forced {@code c = 2} (c ⊑ a) and so b = 1
     * (c ⊑ b, b's cap 3), though a = 1, b = c = 3 is a model. Now a is not committed there; stage
     * 5 closes c to the symbol above it and a to the unit.
     */
    @Test
    void stage4LeavesALeafWhoseCapWouldPinADynamicDimThroughAVariableBelowIt() {
        Outcome.Sat o = Solve.sat(Solve.det("2 <= a", "3 <= b", "c <= a", "c <= b", "leaf a, b", "dynamic b"));
        assertFalse(o.model().dims().containsKey("b"), o.model()::toString);
        assertEquals(Dim.var("b"), o.solved().orElseThrow().closedSymbolic().get("c"));
        assertEquals(Dim.unit(), o.model().dims().get("a"));
        // the mirror (case 7129): the leaf b's cap 2:x would pin the dynamic a
        Outcome.Sat m = Solve.sat(Solve.det("2 <= a", "2:x <= b", "c <= a", "c <= b", "leaf a, b", "dynamic a"));
        assertFalse(m.model().dims().containsKey("a"), m.model()::toString);
        assertEquals(Dim.var("a"), m.solved().orElseThrow().closedSymbolic().get("c"));
        // a cap that leaves the dynamic dim its own cap (b in 1 or 3 either way) is still taken
        Outcome.Sat same = Solve.sat(Solve.det("3 <= a", "3 <= b", "a <= b", "leaf a", "dynamic b"));
        assertEquals(new Dim.Atom(3), same.model().dims().get("a"));
        assertFalse(same.model().dims().containsKey("b"), same.model()::toString);
    }

    /**
     * Stage 7: c below two dynamic dims stays open through stage 5, and a's cap 2 forced c = 2 and
     * so b = 1 (b's cap 3). Now a and c stay open: nothing is fixed for b or e.
     */
    @Test
    void stage7LeavesACappedVariableWhoseCapWouldPinADynamicDim() {
        Outcome.Sat o = Solve.sat(Solve.det("dynamic b, e", "2 <= a", "3 <= b", "c <= a", "c <= b", "c <= e"));
        for (String v : new String[] {"a", "b", "c", "e"}) assertFalse(o.model().dims().containsKey(v), o.model()::toString);
        // with b and e static (and b uncapped) the cap is closing's to take, as before
        Outcome.Sat free = Solve.sat(Solve.det("2 <= a", "c <= a", "c <= b", "c <= e"));
        assertEquals(new Dim.Atom(2), free.model().dims().get("a"));
    }

    /**
     * Stages 5 and 6, case 5540: {@code <r3> = []} (stage 5's no-further-axes, then stage 6's
     * remaining rows) made the Total_elems give d = 12, though {@code <r3> = [2]}, d = 3 is a model.
     * Now the row stays open and the answer says the size constraint over the dynamic dim stays
     * open. Case 8926 ({@code [d] <r1>}) likewise.
     */
    @Test
    void stages5And6LeaveARowWhoseTotalElemsWouldPinADynamicDim() {
        for (String total : new String[] {"total(<r3> [d], <r3>) = 12", "total([d] <r3>) = 2"}) {
            Outcome o = Solve.det(total, "dynamic d");
            Outcome.Unknown u = assertInstanceOf(Outcome.Unknown.class, o, o::toString);
            assertTrue(u.reason().contains("a size constraint over a dynamic dimension stays open"), u::reason);
        }
        // total = 1 forces every size in it to 1: the row closes, and d = 1 is forced, not chosen
        Outcome.Sat ones = Solve.sat(Solve.det("total(<r1> [e]) = 1", "e = d", "dynamic d"));
        assertEquals(Dim.unit(), ones.model().dims().get("d"));
        Outcome.Sat rest = Solve.sat(Solve.det("total([2] <r3> [d]) = 2", "dynamic d"));
        assertEquals(Dim.unit(), rest.model().dims().get("d"));
        // without the dynamic declaration closing picks <r3> = [], and so d = 12, as before
        Outcome.Sat free = Solve.sat(Solve.det("total(<r3> [d], <r3>) = 12"));
        assertEquals(new Dim.Atom(12), free.model().dims().get("d"));
    }
}
