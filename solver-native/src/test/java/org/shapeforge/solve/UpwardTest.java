package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * γ↑ (Prop. 5.4), computed on first use from σ⋆'s bindings: every input variable, in input order;
 * an unsolved one at its top (the unit, the empty row), a solved one at the top of its σ⋆ value
 * (its unsolved variables at the unit, an open row's variable dropped at its marker).
 */
class UpwardTest {
    private static SolvedForm solve(String text) {
        Problem p = Parser.parse("up.shc", text);
        Outcome.Sat s = assertInstanceOf(Outcome.Sat.class, new NativeSolver().solve(p, SolveOptions.defaults()));
        return s.solved().orElseThrow();
    }

    @Test
    void unsolvedAtTheTopSolvedThroughSigma() {
        SolvedForm sf = solve("a = 3\nb <= 4\n<r> ~ [a, c]\n[2] <= <s>\n<t> ~ [d] <u>\n");
        Assignment up = sf.upward();
        assertEquals(List.of("a", "b", "c", "d"), List.copyOf(up.dims().keySet()));
        assertEquals(List.of("r", "s", "t", "u"), List.copyOf(up.rows().keySet()));
        assertEquals(Dim.atom(3), up.dims().get("a"));
        assertEquals(Dim.atom(4), up.dims().get("b")); // b <= 4 binds b (4 is below only itself)
        assertEquals(Dim.unit(), up.dims().get("c"));
        assertEquals(Dim.unit(), up.dims().get("d"));
        assertEquals(Row.literal(List.of(Dim.atom(3), Dim.unit())), up.rows().get("r"));
        assertEquals(Row.empty(), up.rows().get("s")); // capped, unsolved: the empty row
        assertEquals(new Row.Closed(List.of(Dim.unit()), List.of()), up.rows().get("t")); // [d] <u> at the top: [1] <>
        assertEquals(Row.empty(), up.rows().get("u"));
    }

    @Test
    void computedOnceAndEqualAcrossSolves() {
        String text = "[a] <r> <= [3] <s>\n<s> ~ [b, 2]\n";
        SolvedForm one = solve(text), two = solve(text);
        assertEquals(one.upward(), two.upward());
        assertEquals(one, two);
        org.junit.jupiter.api.Assertions.assertSame(one.upward(), one.upward());
    }
}
