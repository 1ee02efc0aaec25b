package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.shapeforge.solver.Outcome;
import org.shapeforge.term.Dim;

/**
 * Stage 7 closes every remaining dimension (seed 000's stage table), including one that received
 * a cap from a discardable's 0 guessed earlier in the same pass, and the closed values do not
 * depend on the order of the constraints (found by FullLanguageProperties: `discardable b`,
 * `[b] <= [c]` used to leave c unclosed).
 */
class ClosingDiscardableTest {

    @Test
    void Closing_everyDimensionIsClosedAfterADiscardableGuess() {
        Outcome.Sat sat = Solve.sat(Solve.det("discardable b", "a = 1", "[b] <= [c]"));
        assertEquals(new Dim.Atom(0), sat.model().dims().get("b"));
        assertEquals(Dim.unit(), sat.model().dims().get("c"));
    }

    @Test
    void Closing_discardableZerosDoNotDependOnOrder() {
        Outcome.Sat one = Solve.sat(Solve.det("discardable b, e", "[b] <= [c]", "b <= e"));
        Outcome.Sat two = Solve.sat(Solve.det("discardable e, b", "b <= e", "[c] <= [c]", "[b] <= [c]"));
        assertEquals(one.model().dims().get("c"), two.model().dims().get("c"));
        assertEquals(one.model().dims().get("e"), two.model().dims().get("e"));
        assertEquals(new Dim.Atom(0), one.model().dims().get("e"));
    }
}
