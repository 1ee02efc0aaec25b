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

/** Outside the core fragment the native solver answers ERROR naming the kind, never a guess. */
class UnsupportedInputTest {

    @Test
    void oneShotOrderIsRejected() {
        var u = unsat(det("<r> <=1 [3]"));
        assertEquals(FailureKind.ERROR, u.failure().kind());
        assertTrue(u.failure().message().contains("not supported by the native solver"), u.failure().message());
        assertEquals(1, u.failure().constraints().size());
    }

    @Test
    void issue4KindsAreNotYetSupported() {
        for (String c : new String[] {"total(<r>) = 64", "exact(<r>) = [a, 3]", "size(a) >= 3", "a ^ b = 5"}) {
            var u = unsat(det(c));
            assertEquals(FailureKind.ERROR, u.failure().kind(), c);
            assertTrue(u.failure().message().contains("not yet supported natively"), c + ": " + u.failure().message());
        }
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
