package org.shapeforge.oracle.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.Backend;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/** A claim holds only with evidence: with nothing to check it is skipped, and says how much there was (issue 27). */
class ClaimsEvidenceTest {
    static final SolveOptions SMT = SolveOptions.defaults().withSemantics(Semantics.FLAT).withTimeoutMs(5_000);

    static Claim claim(String text, String name) {
        Problem p = Parser.parse("c.shc", text);
        var smt = Backend.SMT.create();
        Outcome nat = Backend.NATIVE.checked().solve(p, SolveOptions.defaults());
        return Claims.check(p, nat, smt.solve(p, SMT), smt, SMT).stream().filter(c -> c.name().startsWith(name)).findFirst()
                .orElseThrow();
    }

    @Test
    void noGuessingWithNoBindingIsSkipped() {
        // 3 <= a binds nothing in σ⋆: there is no binding to confirm
        Claim c = claim("3 <= a\n", "Thm5.6(2)");
        assertEquals(Claim.Status.SKIPPED, c.status(), c::toString);
        assertTrue(c.detail().startsWith("0 of 0 bindings"), c::detail);
    }

    @Test
    void noGuessingWithAnEntailedBindingHolds() {
        Claim c = claim("a = 3\n", "Thm5.6(2)");
        assertEquals(Claim.Status.HOLDS, c.status(), c::toString);
        assertTrue(c.detail().startsWith("1 of 1 bindings entailed"), c::detail);
    }
}
