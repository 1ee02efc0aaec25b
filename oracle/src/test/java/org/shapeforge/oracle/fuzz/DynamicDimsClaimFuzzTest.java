package org.shapeforge.oracle.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.Backend;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;

/**
 * The campaign counts the claim that dynamic dims stay symbols (issue 31): a native {@code Sat}
 * closing a dynamic dim to a number nothing forces is a {@link Klass#CLAIM} violation; today's
 * native answer on the same inputs is not.
 */
class DynamicDimsClaimFuzzTest {
    static final SolveOptions SMT = SolveOptions.defaults().withSemantics(Semantics.FLAT).withTimeoutMs(5_000);

    @Test
    void aModelClosingADynamicDimIsAClaimViolation() {
        Problem p = Parser.parse("d.shc", "dynamic b\n[y] <= [b]\n");
        ShapeSolver smt = Backend.SMT.create();
        Outcome.Sat s = (Outcome.Sat) Backend.NATIVE.checked().solve(p, SolveOptions.defaults());
        assertEquals(Optional.empty(), Fuzzer.claimViolation(p, s, smt, SMT));
        Outcome.Sat planted = new Outcome.Sat(s.model().withDim("b", Dim.atom(1)).withDim("y", Dim.atom(1)), s.solved(), s.notes(), s.stats());
        Classifier.Verdict v = Fuzzer.claimViolation(p, planted, smt, SMT).orElseThrow();
        assertEquals(Klass.CLAIM, v.klass());
        assertTrue(v.klass().isViolation());
        assertTrue(v.detail().startsWith("dynamic dims stay symbols: native fixes size(b) == 1"), v::detail);
    }

    @Test
    void aForcedDynamicDimIsNoViolationInTheCampaign() {
        Fuzzer.Runner r = new Fuzzer.Runner(new Fuzzer.Config(1, 0, 1, Set.of(), 1, 5_000, Set.of(), false));
        Problem p = Parser.parse("d.shc", "dynamic batch\ny = batch\nsize(a) * size(b) == size(y)\na = 2\nb = 16\n");
        Classifier.Verdict v = r.judge(p, Optional.empty(), 7);
        assertEquals(Klass.AGREE, v.klass(), v::toString);
    }
}
