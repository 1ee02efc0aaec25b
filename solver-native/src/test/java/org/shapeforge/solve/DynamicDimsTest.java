package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shapeforge.solver.Outcome;
import org.shapeforge.term.Dim;

/**
 * {@code dynamic} dimensions are never closed (language.md, "Provenance"): they and the rows that
 * mention them stay out of the model, and the soundness guard reads them at the unit instead of
 * finding them unassigned.
 */
class DynamicDimsTest {

    @Test
    void rowHoldingADynamicDimStaysSymbolicAndPassesTheGuard() {
        Outcome.Sat sat = Solve.sat(Solve.det("dynamic d", "<r> ~ [a, d]", "3 <= a"));
        assertEquals(new Dim.Atom(3), sat.model().dims().get("a"));
        assertFalse(sat.model().dims().containsKey("d"));
        assertFalse(sat.model().rows().containsKey("r"));
        assertTrue(sat.notes().stream().anyMatch(n -> n.contains("<r> stays symbolic")), sat.notes()::toString);
    }

    @Test
    void dynamicDimBoundBySemanticStepsIsInTheModel() {
        Outcome.Sat sat = Solve.sat(Solve.det("dynamic n", "n <= 5"));
        assertEquals(new Dim.Atom(5), sat.model().dims().get("n"));
    }
}
