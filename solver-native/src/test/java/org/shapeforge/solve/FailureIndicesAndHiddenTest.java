package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.solver.Failure;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * A native failure carries typed data for front ends (issue 30): the indices of its constraints
 * in the user's problem (mapped back through the canonical order, so they do not depend on the
 * order the solver worked in) and the parameter variable of a hidden dimension, in the user's
 * name — so no front end reads the message or looks a constraint object up.
 */
class FailureIndicesAndHiddenTest {
    static Failure failure(String text) {
        Problem p = Parser.parse("t.shc", text);
        Outcome o = new NativeSolver().solve(p, SolveOptions.defaults());
        return o.failure().orElseThrow(() -> new AssertionError("no failure: " + o));
    }

    static BitSet bits(int... is) {
        BitSet b = new BitSet();
        for (int i : is) b.set(i);
        return b;
    }

    @Test
    void aParameterRowWithAHoleIsNamedAsTheHiddenVariable() {
        Failure f = failure("param <weights>\nleaf <weights>\nq = 7\n[a, 2] <= <weights>\n");
        assertEquals(FailureKind.ERROR, f.kind());
        assertEquals(Optional.of(new Declaration.VarRef("weights", true)), f.hidden());
        assertEquals(bits(1), f.indices());
    }

    @Test
    void anUndeterminedParameterDimensionIsNamedAsTheHiddenVariable() {
        Failure f = failure("param kernel\nleaf kernel\n[kernel] <= [kernel]\n");
        assertEquals(Optional.of(new Declaration.VarRef("kernel", false)), f.hidden());
    }

    @Test
    void aContradictionHasNoHiddenVariable() {
        Failure f = failure("width = 3\nheight = 4\nwidth = height\n");
        assertEquals(Optional.empty(), f.hidden());
    }

    /** The same contradiction in two orders: the indices name the user's constraints, whatever order the solver sorted them into. */
    @Test
    void indicesAreTheUsersPositionsInEveryOrder() {
        List<String> lines = List.of("u = 9", "width = 3", "v <= u", "height = 4", "width = height", "[u] <r> ~ [9, 2]");
        Failure f = failure(String.join("\n", lines) + "\n");
        assertEquals(bits(1, 3, 4), f.indices());
        List<String> reversed = lines.reversed();
        Failure g = failure(String.join("\n", reversed) + "\n");
        assertEquals(bits(1, 2, 4), g.indices());
        Problem p = Parser.parse("t.shc", String.join("\n", reversed) + "\n");
        for (int i = g.indices().nextSetBit(0), k = 0; i >= 0; i = g.indices().nextSetBit(i + 1), k++)
            assertEquals(p.constraints().get(i), g.constraints().get(k));
        assertInstanceOf(Outcome.Unsat.class, new NativeSolver().solve(p, SolveOptions.defaults()));
    }
}
