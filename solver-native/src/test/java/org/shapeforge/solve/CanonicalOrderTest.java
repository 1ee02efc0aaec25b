package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.solve.Solve.det;
import static org.shapeforge.solve.Solve.problem;
import static org.shapeforge.solve.Solve.sat;
import static org.shapeforge.solve.Solve.unsat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Printer;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.term.Dim;

/** The canonical order and names the native solver solves in (issue 10; docs/solver.md, "Order and names"). */
class CanonicalOrderTest {

    /** Found by the fuzzer (seed 1): r3's marker came from whichever open–open equality was met first. */
    @Test
    void openOpenPlacementIsTheSameInEveryOrderAndNaming() {
        var a = sat(det("[d] <r1> ~ <r3>", "[a, 3:rgb, 3:rgb] <> <= [b, 3:rgb] <>", "5 <= 5", "[a] <r1> [2] ~ [a] <r3>",
                "[] ~ []", "<r1> [3] ~ [2, 3] <>", "[2, 2] <r2> [2] <= <r3> [2]"));
        var b = sat(det("[x] <s1> [2] ~ [x] <s3>", "[] ~ []", "<s1> [3] ~ [2, 3] <>", "5 <= 5",
                "[2, 2] <s2> [2] <= <s3> [2]", "[e] <s1> ~ <s3>", "[x, 3:rgb, 3:rgb] <> <= [y, 3:rgb] <>"));
        var ren = java.util.Map.of("d", "e", "a", "x", "b", "y");
        a.model().dims().forEach((v, val) -> assertEquals(val, b.model().dims().get(ren.get(v)), v));
        a.model().rows().forEach((v, val) -> assertEquals(val, b.model().rows().get("s" + v.substring(1)), v));
        assertEquals(Dim.atom(2), a.model().rows().get("r2").flat().getLast());
        assertEquals(1, a.model().rows().get("r2").flat().size());
    }

    /** The answer is in the user's names, variables in order of first sight, as if solved as given. */
    @Test
    void answerUsesTheUsersNamesAndOrder() {
        var s = sat(det("zeta = 3", "alpha <= zeta", "<rows> ~ [alpha, 2]"));
        assertEquals(List.of("zeta", "alpha"), List.copyOf(s.model().dims().keySet()));
        assertEquals(List.of("rows"), List.copyOf(s.model().rows().keySet()));
        assertEquals(Dim.atom(3), s.solved().orElseThrow().dimBindings().get("zeta"));
        assertFalse(Printer.print(s.model()).matches("(?s).*[\u023B\u023C].*"), Printer.print(s.model()));
    }

    /** A failure names the user's variables and lists the user's constraints in source order. */
    @Test
    void failureInTheUsersNamesAndSourceOrder() {
        var p = problem("width = 3", "height = 4", "width = height");
        var f = unsat(new NativeSolver().solve(p, org.shapeforge.solver.SolveOptions.defaults())).failure();
        assertEquals(FailureKind.SEMANTIC, f.kind());
        assertFalse(f.message().matches("(?s).*[\u023B\u023C].*"), f.message());
        assertEquals(p.constraints(), f.constraints());
        for (int i = 0; i < f.constraints().size(); i++) assertTrue(f.constraints().get(i) == p.constraints().get(i));
    }

    /**
     * a and b are interchangeable (the two sums swap them), and a + b = 5 has no solution with
     * a = b: any answer would pick one of two symmetric models by order or names, so none is
     * picked — a policy failure naming both, the same in every order.
     */
    @Test
    void symmetricChoiceIsRefusedAsPolicy() {
        for (String[] lines : new String[][] {{"5 = a ^ b", "5 = b ^ a"}, {"5 = b ^ a", "5 = a ^ b"}}) {
            Outcome o = det(lines);
            var f = unsat(o).failure();
            assertEquals(FailureKind.POLICY, f.kind(), o::toString);
            assertTrue(f.message().startsWith("symmetric choice: no constraint tells a, b apart, but their closed values would differ (1 / 4)"), f.message());
            assertEquals(2, f.constraints().size());
        }
    }

    /** Symmetric variables with equal closed values are answered: nothing had to be chosen. */
    @Test
    void symmetricVariablesWithEqualValuesAreAnswered() {
        var s = sat(det("a <= 4", "b <= 4", "leaf a, b"));
        assertEquals(Dim.atom(4), s.model().dims().get("a"));
        assertEquals(Dim.atom(4), s.model().dims().get("b"));
    }

    /** Positions are structure: in 3 = a ^ d the first part is told apart from the second, whatever the names. */
    @Test
    void concatPartsAreNotSymmetric() {
        var s = sat(det("3 = a ^ d"));
        var t = sat(det("3 = z ^ b"));
        assertEquals(s.model().dims().get("a"), t.model().dims().get("z"));
        assertEquals(s.model().dims().get("d"), t.model().dims().get("b"));
    }
}
