package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * Residual constraints of the solved form keep their source (issue 28): a stored fact's and a
 * cap's constraint carries the span of the input constraint it came from, as the size
 * propagators' residual constraints already did.
 */
class ResidualSourceTest {
    @Test
    void storedFactsAndCapsCarryTheirInputLine() {
        Problem p = Parser.parse("r.shc", "x = 2\na <= b\n[3] <= <r>\n4 <= c\n");
        Outcome.Sat s = (Outcome.Sat) new NativeSolver().solve(p, SolveOptions.defaults());
        Map<String, Integer> lines = new TreeMap<>();
        for (Constraint c : s.solved().orElseThrow().residual()) lines.put(Printer.print(c), c.span().line());
        assertFalse(lines.isEmpty());
        assertEquals(Map.of("a <= b", 2, "[3] <= <r>", 3, "4 <= c", 4), lines);
        for (Constraint c : s.solved().orElseThrow().residual()) assertEquals("r.shc", c.span().file());
    }
}
