package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;

/**
 * A discardable dynamic dimension may be 0 (Def. 1.1: sizes are at least 1 except for discardable
 * variables): the decided domain of the symbolic answer ranges it from 0, so {@code a = 0} with
 * {@code a} discardable and dynamic is sat (as Z3 says), and without {@code discardable} unsat.
 */
class DiscardableDynamicTest {
    private static Outcome solve(String text) {
        return new NativeSolver().solve(Parser.parse("d.shc", text), SolveOptions.defaults());
    }

    @Test
    void aDiscardableDynamicDimMayBeZero() {
        for (String c : new String[] {"a = 0", "a <= 0"}) {
            Outcome o = solve(c + "\ndiscardable a\ndynamic a\n");
            Outcome.Sat s = assertInstanceOf(Outcome.Sat.class, o, () -> c + ": " + o);
            Dim.Atom a = assertInstanceOf(Dim.Atom.class, s.model().dims().get("a"), () -> c + ": " + s.model());
            assertEquals(0, a.size(), c + ": " + s.model());
        }
    }

    @Test
    void aDynamicDimThatIsNotDiscardableIsAtLeastOne() {
        assertInstanceOf(Outcome.Unsat.class, solve("a = 0\ndynamic a\n"));
    }
}
