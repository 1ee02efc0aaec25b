package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/** The README's "Using shapeforge as a library" snippet, verbatim, so that the README stays true. */
class EmbeddingExampleTest {
    @Test
    void readmeSnippetRuns() {
        Problem p = Parser.parse("model.shc", "<x> ~ [b, 3]\n<x> <= [8, 3]\n");   // ParseError: file:line:col
        Outcome o = new NativeSolver().solve(p, SolveOptions.defaults().withTimeoutMs(2_000));
        String answer = switch (o) {
            case Outcome.Sat s -> "sat " + Printer.print(s.model());                // b = 8
            case Outcome.Unsat u -> "unsat: " + u.core().message();
            case Outcome.Unknown u -> "unknown: " + u.reason();
        };
        assertEquals("sat b = 8, <x> = [8, 3]", answer);
    }
}
