package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.shapeforge.solve.Solve.det;

import org.junit.jupiter.api.Test;
import org.shapeforge.solver.Outcome;

/**
 * A product relation that determines a remainder ({@code size(a) % 2 == size(a) * size(a)}: the
 * remainder's auxiliary {@code %r} is its one open factor) is no dimension to record: the native
 * solver answers without throwing (it threw "not a dimension variable name: %r1"), and never
 * {@code sat} where no solution exists ({@code a} even makes the remainder 0, the square at least 1).
 */
class RemainderProductTest {
    @Test
    void aProductSolvedForARemainderAnswersWithoutThrowing() {
        for (String rel : new String[] {"==", "!="}) {
            Outcome o = det("size(a) == 2 * size(b)", "size(a) % 2 " + rel + " size(a) * size(a)");
            if (rel.equals("==")) assertFalse(o instanceof Outcome.Sat, o::toString);
        }
    }
}
