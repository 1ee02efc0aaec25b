package org.shapeforge.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;

/** The statistics decorator counts every call by answer and passes answers through unchanged. */
class SolverStatisticsTest {
    private static Problem p(String text) {
        return Parser.parse("t.shc", text);
    }

    @Test
    void countsSolvesByAnswerAcrossDecoratorsSharingCounters() throws InterruptedException {
        var counters = new SolverStatistics.Counters();
        ShapeSolver a = new SolverStatistics(new NativeSolver(), counters);
        ShapeSolver b = new SolverStatistics(new NativeSolver(), counters);
        Thread t = new Thread(() -> {
            for (int i = 0; i < 10; i++) b.solve(p("a = 3\na <= b"), SolveOptions.defaults());
        });
        t.start();
        assertTrue(a.solve(p("a = 3\na = 4"), SolveOptions.defaults()) instanceof Outcome.Unsat);
        assertTrue(a.solve(p("<r> ~ [3, 5]\n[3] <> [9, 5] <= <r>"), SolveOptions.defaults()) instanceof Outcome.Unknown);
        t.join();
        var s = counters.snapshot("native");
        assertEquals(12, s.solves());
        assertEquals(10, s.sat());
        assertEquals(1, s.unsat());
        assertEquals(1, s.unknown());
        assertTrue(s.maxSolveMillis() > 0 && s.solveMillis() >= s.maxSolveMillis(), s.line());
        assertTrue(s.line().startsWith("native: 12 solves (sat 10, unsat 1, unknown 1)"), s.line());
    }

    @Test
    void answersAndExceptionsPassThrough() {
        var counters = new SolverStatistics.Counters();
        Outcome fixed = new Outcome.Unknown("stub", new org.shapeforge.solver.Stats(0, 0, 0));
        ShapeSolver ok = new SolverStatistics(new ShapeSolver() {
            public String name() {
                return "stub";
            }

            public Outcome solve(Problem problem, SolveOptions options) {
                return fixed;
            }
        }, counters);
        assertSame(fixed, ok.solve(p("a = 1"), SolveOptions.defaults()));
        assertEquals("stub", ok.name());
        ShapeSolver bad = new SolverStatistics(new ShapeSolver() {
            public String name() {
                return "bad";
            }

            public Outcome solve(Problem problem, SolveOptions options) {
                throw new IllegalStateException("boom");
            }
        }, counters);
        assertThrows(IllegalStateException.class, () -> bad.solve(p("a = 1"), SolveOptions.defaults()));
        var s = counters.snapshot("both");
        assertEquals(2, s.solves());
        assertEquals(1, s.unknown());
        assertEquals(1, s.thrown());
    }
}
