package org.shapeforge.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * Issue 13, item 2: the encoding of a long concatenation is linear in its length (the basis
 * agreement was pairwise, quadratic: 1,000 parts 1.1 s, 4,000 parts 13.8 s). Checked by size, not
 * by time: the exported script of n parts grows like n, and the solver still answers.
 */
class LinearEncodingTest {
    private final SmtSolver z3 = new SmtSolver();

    static Problem chain(int n, boolean vars, String tail) {
        String parts = IntStream.range(0, n).mapToObj(i -> vars ? "v" + i : "3").collect(Collectors.joining(" ^ "));
        return Parser.parse("chain.shc", "a = " + parts + "\n" + tail);
    }

    @Test
    void exportedScriptGrowsLinearlyWithTheConcat() {
        for (boolean vars : new boolean[] {false, true}) {
            int small = z3.exportSmtLib(chain(1_000, vars, ""), SolveOptions.defaults()).orElseThrow().length();
            int large = z3.exportSmtLib(chain(8_000, vars, ""), SolveOptions.defaults()).orElseThrow().length();
            assertTrue(large < 8 * 1.5 * small, () -> "vars=" + vars + ": 1000 parts " + small + " chars, 8000 parts " + large);
        }
    }

    @Test
    void twentyThousandLiteralPartsAreDecided() {
        Outcome o = z3.solve(chain(20_000, false, ""), SolveOptions.defaults());
        assertEquals("60000", org.shapeforge.lang.Printer.print(assertInstanceOf(Outcome.Sat.class, o).model().dims().get("a")));
        assertInstanceOf(Outcome.Unsat.class, z3.solve(chain(20_000, false, "a = 7"), SolveOptions.defaults()));
    }

    @Test
    void basisAgreementIsStillEnforced() {
        // Two distinct literal bases: undefined; a variable part must agree with the literal basis.
        assertInstanceOf(Outcome.Unsat.class, z3.solve(Parser.parse("b.shc", "a = 3:rgb ^ 2:hw"), SolveOptions.defaults()));
        assertInstanceOf(Outcome.Unsat.class, z3.solve(Parser.parse("b.shc", "a = 3:rgb ^ v ^ w\nv = 2:hw"), SolveOptions.defaults()));
        assertInstanceOf(Outcome.Unsat.class, z3.solve(Parser.parse("b.shc", "a = v ^ w\nv = 2:hw\nw = 5:rgb"), SolveOptions.defaults()));
        assertInstanceOf(Outcome.Sat.class, z3.solve(Parser.parse("b.shc", "a = v ^ w ^ 3\nv = 2:hw\nw = 5:hw\na = 10:hw"), SolveOptions.defaults()));
    }
}
