package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Span;
import org.junit.jupiter.api.Test;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;

/**
 * Issue 13 item 1: input-controlled term depth never overflows the stack. A 20,000-deep nesting
 * {@code a = (3 ^ (3 ^ … 3))} is refused with a clear reason (the native solver's depth limit);
 * a 20,000-part flat sum {@code a = 3 ^ 3 ^ …} is solved. The inputs are generated here.
 */
class DeepTermsTest {
    static final int N = 20_000;

    static String flat(int n) {
        return "a = " + String.join(" ^ ", Collections.nCopies(n, "3"));
    }

    /** {@code a = (3 ^ (3 ^ … 3))} built directly (the parser's own depth guard is not under test here). */
    static Problem nestedProblem(int n) {
        Dim d = Dim.atom(3);
        for (int i = 0; i < n; i++) d = new Dim.Concat(List.of(Dim.atom(3), d));
        return new Problem("deep.shc", List.of(new Constraint.DimEq(Dim.var("a"), d, new Span("deep.shc", 1, 1))));
    }

    @Test
    void deepNestingIsUnknownWithTheLimitNamed() {
        Outcome o = new NativeSolver().solve(nestedProblem(N), SolveOptions.defaults());
        Outcome.Unknown u = assertInstanceOf(Outcome.Unknown.class, o);
        assertTrue(u.reason().contains("nested more than " + TermDepth.LIMIT + " levels deep at deep.shc:1:1"), u.reason());
        assertInstanceOf(Entailment.Undetermined.class, new NativeSolver().entails(nestedProblem(N),
                org.shapeforge.lang.Parser.parseConstraint("a = 3"), SolveOptions.defaults()));
    }

    @Test
    void nestingWithinTheLimitIsSolved() {
        // built directly: the parser refuses nesting beyond its own, lower limit (NestingLimit)
        Outcome.Sat s = Solve.sat(new NativeSolver().solve(nestedProblem(TermDepth.LIMIT - 2), SolveOptions.defaults()));
        assertEquals(Dim.atom(3L * (TermDepth.LIMIT - 1)), s.model().dims().get("a"));
    }

    @Test
    void longFlatSumIsSolved() {
        Outcome.Sat s = Solve.sat(Solve.det(flat(N)));
        assertEquals(Dim.atom(3L * N), s.model().dims().get("a"));
    }

    @Test
    void longFlatSumWithAnUnknownPartIsSolvedBackwards() {
        Outcome.Sat s = Solve.sat(Solve.det(flat(N) + " ^ b", "a = " + (3L * N + 7)));
        assertEquals(Dim.atom(7), s.model().dims().get("b"));
    }
}
