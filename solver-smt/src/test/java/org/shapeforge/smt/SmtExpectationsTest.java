package org.shapeforge.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.solver.SolveOptions;

/** The expectations z3 decides for {@code check}: passing and failing ones are told apart. */
class SmtExpectationsTest {
    @Test
    void judgesVerdictsAndEntailmentsAndSkipsNativeOnes() {
        var p = Parser.parse("x.shc", """
                <r> ~ [3, 5]
                [3] <> [9, 5] <= <r>
                expect native: fail policy
                expect flat: sat
                expect marked: sat
                expect rigid: unsat
                expect entails <r> ~ [3, 5]
                expect entails <r> <= [3, 5]
                """);
        List<SmtExpectations.Result> rs = SmtExpectations.check(p, SolveOptions.defaults());
        assertEquals(5, rs.size());
        assertEquals(List.of(true, false, true, true, false), rs.stream().map(SmtExpectations.Result::passed).toList(),
                rs::toString);
        assertTrue(rs.get(1).detail().startsWith("marked: unsat"), rs.get(1)::detail);
        assertTrue(rs.get(4).detail().contains("<r> = [3] <> [5]"), rs.get(4)::detail);
        assertFalse(SmtExpectations.decides(p.expectations().get(0)));
    }
}
