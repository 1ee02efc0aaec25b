package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.solve.Solve.det;
import static org.shapeforge.solve.Solve.unsat;

import org.junit.jupiter.api.Test;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * Outside what it handles the native solver answers Unknown naming the kind, never a guess and
 * never a failure (issue 4: an {@code expect native: fail} must not pass by accident).
 */
class UnsupportedInputTest {

    @Test
    void oneShotOrderIsUnknown() {
        var o = det("<r> <=1 [3]");
        assertTrue(o instanceof Outcome.Unknown u && u.reason().contains("not supported natively"), o::toString);
    }

    @Test
    void rigidRowsAreUnknown() {
        for (String c : new String[] {"[5] <> [3] <= ![3]", "<r> ~ ![3, 5]"}) {
            var o = det(c);
            assertTrue(o instanceof Outcome.Unknown u && u.reason().contains("rigid rows"), o::toString);
        }
    }

    @Test
    void issue4KindsAreSupported() {
        for (String c : new String[] {"total(<r>) = 64", "exact(<r>) = [a, 3]", "size(a) >= 3", "a ^ b = 5"})
            Solve.sat(new NativeSolver().solve(org.shapeforge.lang.Parser.parse("t.shc", c), SolveOptions.defaults()));
    }

    @Test
    void likelyHintsAreIgnored() {
        Solve.sat(det("likely(a) = {32, 64}", "a <= 3"));
    }

    @Test
    void onlyFlatSemantics() {
        Outcome o = new NativeSolver().solve(Solve.problem("a <= 3"), SolveOptions.defaults().withSemantics(Semantics.MARKED));
        assertEquals(FailureKind.ERROR, unsat(o).failure().kind());
    }
}
