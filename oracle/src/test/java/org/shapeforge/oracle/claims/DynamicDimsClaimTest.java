package org.shapeforge.oracle.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.Backend;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;

/**
 * Dynamic dims stay symbols (issue 31): a number native gives a dynamic dim holds only when the
 * constraints force it; a model that closes one where nothing does fails the claim.
 */
class DynamicDimsClaimTest {
    static final SolveOptions SMT = ClaimsEvidenceTest.SMT;

    static Problem problem(String... lines) {
        return Parser.parse("d.shc", String.join("\n", lines) + "\n");
    }

    static Outcome.Sat nativeSat(Problem p) {
        return (Outcome.Sat) Backend.NATIVE.checked().solve(p, SolveOptions.defaults());
    }

    static Claim claim(Problem p, Outcome nat) {
        ShapeSolver smt = Backend.SMT.create();
        Claim c = Claims.check(p, nat, smt.solve(p, SMT), smt, SMT).stream().filter(x -> x.name().equals(DynamicDimsClaim.NAME))
                .findFirst().orElseThrow();
        assertEquals(c, Claims.dynamicDims(p, nat, smt, SMT));
        return c;
    }

    @Test
    void aForcedDynamicDimHolds() {
        // size(y) = 2 * 16 forces batch = 32: native binds it, and SMT confirms both numbers entailed
        Problem p = problem("dynamic batch", "y = batch", "size(a) * size(b) == size(y)", "a = 2", "b = 16");
        Claim c = claim(p, nativeSat(p));
        assertEquals(Claim.Status.HOLDS, c.status(), c::toString);
        assertTrue(c.detail().startsWith("2 of 2 numbers"), c::detail);
    }

    @Test
    void aSymbolicAnswerIsSkippedWithNothingToAsk() {
        // a stride-2 conv, then a ceil-mode pool over dynamic h: every size stays a function of h
        Problem p = problem("dynamic h", "size(r1) in 1..2", "size(h) + 5 == 2 * size(e) + size(3) + size(r1)",
                "size(r2) in 1..2", "size(e) + size(r2) + 1 == 2 * size(y) + 2");
        Outcome.Sat s = nativeSat(p);
        assertTrue(s.solved().orElseThrow().symbolicSizes().sizes().containsKey("y"), s::toString);
        Claim c = claim(p, s);
        assertEquals(Claim.Status.SKIPPED, c.status(), c::toString);
        assertTrue(c.detail().startsWith("no dynamic dim or symbolic size fixed"), c::detail);
    }

    @Test
    void noDynamicDimsIsSkipped() {
        Problem p = problem("a = 3");
        assertEquals(Claim.skipped(DynamicDimsClaim.NAME, "no dynamic dims"), claim(p, nativeSat(p)));
    }

    @Test
    void aDynamicDimClosedToOneFails() {
        // planted: the model closes b to 1, which nothing forces ([y] <= [b] admits b = 2)
        Problem p = problem("dynamic b", "[y] <= [b]");
        Outcome.Sat s = nativeSat(p);
        Outcome.Sat planted = new Outcome.Sat(s.model().withDim("b", Dim.atom(1)).withDim("y", Dim.atom(1)), s.solved(), s.notes(), s.stats());
        Claim own = claim(p, s);
        assertNotEquals(Claim.Status.FAILS, own.status(), own::toString); // native itself keeps b a symbol
        Claim c = claim(p, planted);
        assertEquals(Claim.Status.FAILS, c.status(), c::toString);
        assertTrue(c.detail().startsWith("native fixes size(b) == 1, which the constraints do not force"), c::detail);
    }
}
