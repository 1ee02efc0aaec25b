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
 * a 20,000-part flat sum {@code a = 3 ^ 3 ^ …} is solved, and so is a 20,000-part sum of distinct
 * variables {@code a = v0 ^ … ^ v19999} (closing binds its parts one by one: each binding must
 * cost O(log n), not a re-derivation of the sum — it was quadratic, minutes). The inputs are
 * generated here; no time is asserted (the figures are in docs/performance.md).
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
        // Built directly: the parser refuses this depth already (lang.NestingLimit, 256 levels).
        Outcome.Sat s = assertInstanceOf(Outcome.Sat.class,
                new NativeSolver().solve(nestedProblem(TermDepth.LIMIT - 2), SolveOptions.defaults()));
        assertEquals(Dim.atom(3L * (TermDepth.LIMIT - 1)), s.model().dims().get("a"));
    }

    static String distinct(int n) {
        StringBuilder b = new StringBuilder("a = v0");
        for (int i = 1; i < n; i++) b.append(" ^ v").append(i);
        return b.toString();
    }

    @Test
    void longSumOfDistinctVariablesIsClosedToTheLeastMaterialModel() {
        Outcome.Sat s = Solve.sat(Solve.det(distinct(N)));
        assertEquals(Dim.atom(N), s.model().dims().get("a"));
        assertEquals(Dim.unit(), s.model().dims().get("v0"));
        assertEquals(Dim.unit(), s.model().dims().get("v" + (N - 1)));
    }

    @Test
    void longSumOfDistinctVariablesWithATotalIsSolved() {
        // size(a) = 2N over N parts of size >= 1: least material puts the surplus on one part.
        Outcome.Sat s = Solve.sat(Solve.det(distinct(N), "size(a) == " + 2 * N));
        assertEquals(Dim.atom(2L * N), s.model().dims().get("a"));
        long sum = 0;
        for (int i = 0; i < N; i++) sum += org.shapeforge.semantics.Sizes.size(s.model().dims().get("v" + i));
        assertEquals(2L * N, sum);
    }

    @Test
    void longSumOfDistinctVariablesUnderItsPartCountIsUnsat() {
        Solve.Failed f = Solve.unsat(Solve.det(distinct(N), "size(a) == " + (N - 1)));
        assertInstanceOf(Outcome.Unsat.class, f.outcome());
    }

    @Test
    void longSumOfDistinctVariablesBoundOneByOneStaysExact() {
        // Every part but the last is fixed by its own line, in reverse order: the sum solves the last.
        String[] lines = new String[N + 1];
        lines[0] = distinct(N);
        lines[1] = "a = " + (N + 41);
        for (int i = 0; i < N - 1; i++) lines[i + 2] = "v" + (N - 2 - i) + " = 1";
        Outcome.Sat s = Solve.sat(Solve.det(lines));
        assertEquals(Dim.atom(42), s.model().dims().get("v" + (N - 1)));
    }

    @Test
    void anOpenSumFollowsMergesAndCancellations() {
        // x = z cancels across the sides (the incremental form drops both), then y's value leaves w alone.
        for (String[] lines : new String[][] {{"x ^ y = z ^ w", "x = z", "y = 5"}, {"y = 5", "x = z", "x ^ y = z ^ w"}}) {
            Outcome.Sat s = Solve.sat(Solve.det(lines));
            assertEquals(Dim.atom(5), s.model().dims().get("w"));
        }
        Solve.Failed f = Solve.unsat(Solve.det("x ^ y ^ q = z ^ w", "x = z", "q = 2", "y = 5", "size(w) == 8"));
        assertTrue(f.failure().message().contains("z + 7 ≠ z + 8"), f.failure().message());
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
