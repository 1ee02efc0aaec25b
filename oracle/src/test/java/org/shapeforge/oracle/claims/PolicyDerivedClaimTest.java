package org.shapeforge.oracle.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.collect.Lazy;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.Backend;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.solver.Stats;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;

/**
 * Thm. 5.6(2) and Cor. 5.8 on hand-built native answers: a guessed binding ({@code d = 5} where
 * {@code 5 <= d} leaves d free) fails both claims when σ⋆ presents it as an ordinary binding, and
 * is left out — counted in the detail — when σ⋆ names it as derived through a policy step (the
 * theorem's caveat: placement-discriminated inputs, {@code SolvedForm.policyDims}).
 */
class PolicyDerivedClaimTest {
    static final SolveOptions SMT = SolveOptions.defaults().withSemantics(Semantics.FLAT).withTimeoutMs(5_000);

    private static List<Claim> claims(Problem p, Set<String> policyDims) {
        Assignment closed = Assignment.empty().withDim("d", Dim.atom(5));
        SolvedForm sf = new SolvedForm(Map.of("d", Dim.atom(5)), Map.of(), List.of(), true, Lazy.known(closed), Set.of(), policyDims);
        Outcome nat = new Outcome.Sat(closed, Optional.of(sf), List.of(), new Stats(p.constraints().size(), 0, 0));
        ShapeSolver smt = Backend.SMT.create();
        // an SMT model other than the guess, so that Cor. 5.8 has something to disagree with
        Problem pinned = Parser.parse("other.shc", "5 <= d\nd = 1\n");
        return Claims.check(p, nat, smt.solve(pinned, SMT), smt, SMT);
    }

    private static Claim named(List<Claim> cs, String prefix) {
        return cs.stream().filter(c -> c.name().startsWith(prefix)).findFirst().orElseThrow();
    }

    @Test
    void aGuessPresentedAsABindingFailsBothClaims() {
        List<Claim> cs = claims(Parser.parse("free.shc", "5 <= d\n"), Set.of());
        assertEquals(Claim.Status.FAILS, named(cs, "Thm5.6(2)").status(), () -> named(cs, "Thm5.6(2)").detail());
        assertEquals(Claim.Status.FAILS, named(cs, "Cor5.8").status(), () -> named(cs, "Cor5.8").detail());
    }

    @Test
    void aPolicyDerivedBindingIsLeftOutAndCounted() {
        List<Claim> cs = claims(Parser.parse("free.shc", "5 <= d\n"), Set.of("d"));
        Claim t = named(cs, "Thm5.6(2)"), p = named(cs, "Cor5.8");
        assertEquals(Claim.Status.SKIPPED, t.status(), t::detail);
        assertTrue(t.detail().contains("1 derived through a policy step"), t::detail);
        assertEquals(Claim.Status.SKIPPED, p.status(), p::detail);
        assertTrue(p.detail().contains("1 derived through a policy step"), p::detail);
    }
}
