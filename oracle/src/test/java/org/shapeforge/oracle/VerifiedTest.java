package org.shapeforge.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.render.OutcomeView;
import org.shapeforge.semantics.Admissible;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Outcome;

/** Verified inference: native first, SMT fallback on policy failures, errors naming the user's lines. */
class VerifiedTest {

    @Test
    void aPolicyFailureFallsBackToTheSmtModel() {
        Problem p = Parser.parse("w01.shc", "<r> ~ [3, 5]\n[3] <> [9, 5] <= <r>\n");
        Verified.Result r = Verified.solve(p, 10_000);
        assertTrue(r.fallback());
        Outcome.Sat s = assertInstanceOf(Outcome.Sat.class, r.outcome(), r::toString);
        assertTrue(Admissible.solves(p, s.model(), Semantics.FLAT));
        assertTrue(s.notes().stream().anyMatch(n -> n.startsWith("fallback")), s.notes()::toString);
        assertEquals(3, OutcomeView.exitCode(new Outcome.Unknown("x", s.stats())));
    }

    @Test
    void aNativeModelNeedsNoFallback() {
        Verified.Result r = Verified.solve(Parser.parse("ok.shc", "3 <= a\na <= b\n"), 10_000);
        assertFalse(r.fallback());
        assertInstanceOf(Outcome.Sat.class, r.outcome());
    }

    @Test
    void anUnsatisfiableInputIsAnErrorNamingTheUsersLines() {
        // in this order native fails by policy (a placement first); SMT proves it unsat (line 2 needs
        // at least 4 axes on the left and has 3 on the right once line 3 binds <w>)
        Problem p = Parser.parse("bad.shc", "[2] <> [2, 2] <= <w>\n[e, c] <r3> [c, 3] ~ [d] <w>\n<w> ~ [2, 2]\n");
        assertInstanceOf(Outcome.Unknown.class, Backend.NATIVE.create().solve(p, org.shapeforge.solver.SolveOptions.defaults()));
        Verified.Result r = Verified.solve(p, 10_000);
        Outcome.Unsat u = assertInstanceOf(Outcome.Unsat.class, r.outcome(), r::toString);
        assertTrue(r.fallback());
        assertTrue(u.core().origins().containsAll(List.of("bad.shc:2", "bad.shc:3")), u.core().origins()::toString);
        String text = OutcomeView.text(u);
        assertTrue(text.contains("bad.shc:2:1: [e, c] <r3> [c, 3] ~ [d] <w>") && text.contains("hint: "), text);
        assertEquals(1, OutcomeView.exitCode(u));
    }
}
