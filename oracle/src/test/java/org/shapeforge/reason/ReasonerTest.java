package org.shapeforge.reason;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.oracle.Backend;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * Each verdict of the reasoning service, with who reached it: TRUE and FALSE by the term algebra
 * and by the native solver, a contingent UNKNOWN with its counterexample, an UNKNOWN no engine
 * decides (never FALSE), CONTRADICTION of inconsistent assumptions, unify, simplify, checkpoint and
 * rollback, and a question native leaves open that Z3 decides, flagged as a fallback.
 */
class ReasonerTest {
    static final SymSize H = SymSize.name("h"), W = SymSize.name("w"), B = SymSize.name("batch");
    static final Reasoner R = Backend.reasoner();

    static SymSize k(long v) {
        return SymSize.constant(v);
    }

    /** {@code h >= 32}, {@code h % 8 == 0}: the domain of a model with three 2× pools and a minimum size. */
    static Reasoner pooled() {
        return R.assume(H, Rel.GE, k(32)).assume(H.mod(8), Rel.EQ, k(0));
    }

    @Test
    void trueWithoutASolverWhenTheTermsDecide() {
        Proof p = R.prove(H.plus(1).floorDiv(2), Rel.GE, k(1));
        assertEquals(Verdict.TRUE, p.verdict(), p.toString());
        assertEquals(Proof.TERMS, p.decidedBy());
        assertFalse(p.fallback());
    }

    @Test
    void trueByTheNativeSolverUnderAssumptions() {
        Proof p = pooled().prove(H.floorDiv(2), Rel.GE, k(16));
        assertEquals(Verdict.TRUE, p.verdict(), p.toString());
        assertEquals("native", p.decidedBy());
        assertFalse(p.fallback());
        assertTrue(p.counterexample().isEmpty());
    }

    @Test
    void falseCarriesACounterexampleInsideTheAssumptions() {
        Reasoner r = pooled();
        Proof p = r.prove(H, Rel.EQ, k(33));
        assertEquals(Verdict.FALSE, p.verdict(), p.toString());
        assertEquals("native", p.decidedBy());
        Map<String, Long> c = p.counterexample().orElseThrow();
        assertTrue(Chain.holds(r.assumptions(), c), "the counterexample satisfies the assumptions: " + c);
        assertFalse(new SymCondition(H, Rel.EQ, k(33)).holds(c));
    }

    @Test
    void contingentIsUnknownWithBothSidesShown() {
        Reasoner r = pooled();
        Proof p = r.prove(H, Rel.GE, k(40));
        assertEquals(Verdict.UNKNOWN, p.verdict(), p.toString());
        Map<String, Long> c = p.counterexample().orElseThrow();
        assertTrue(Chain.holds(r.assumptions(), c));
        assertTrue(c.get("h") < 40, c.toString());
        assertTrue(p.refutable());
    }

    @Test
    void whatNoEngineDecidesIsUnknownNeverFalse() {
        // x² = 2·y² has no solution in positive integers, which neither the native solver nor a
        // bounded Z3 proves: x % 2 == 0 holds vacuously, and no verdict may say it fails.
        Reasoner r = Backend.reasoner().withTimeoutMs(300).assume(SymSize.name("x").times(SymSize.name("x")), Rel.EQ,
                SymSize.name("y").times(SymSize.name("y")).times(2));
        Proof p = r.prove(SymSize.name("x").mod(2), Rel.EQ, k(0));
        assertEquals(Verdict.UNKNOWN, p.verdict(), p.toString());
        assertTrue(p.counterexample().isEmpty(), "no binding satisfies the assumptions, so none can be shown: " + p);
        assertEquals(Verdict.UNKNOWN, r.consistency().verdict());
    }

    @Test
    void inconsistentAssumptionsAreAContradictionForEveryRelation() {
        Reasoner r = pooled().assume(H, Rel.LT, k(32));
        for (SymCondition q : List.of(new SymCondition(H, Rel.EQ, W), new SymCondition(H, Rel.GE, k(1)), new SymCondition(H, Rel.LT, k(0)))) {
            Proof p = r.prove(q);
            assertEquals(Verdict.CONTRADICTION, p.verdict(), q + ": " + p);
        }
        assertEquals(Verdict.CONTRADICTION, r.consistency().verdict());
        assertEquals(Verdict.TRUE, pooled().consistency().verdict());
    }

    @Test
    void rollbackReturnsToTheCheckpointAndTheOldReasonerIsUnchanged() {
        Reasoner base = pooled();
        Reasoner hypo = base.checkpoint().assume(H, Rel.LT, k(32));
        assertEquals(1, hypo.checkpoints());
        assertEquals(Verdict.CONTRADICTION, hypo.prove(H, Rel.EQ, W).verdict());
        Reasoner back = hypo.rollback();
        assertEquals(base.assumptions(), back.assumptions());
        assertEquals(0, back.checkpoints());
        assertEquals(Verdict.UNKNOWN, back.prove(H, Rel.EQ, W).verdict());
        assertEquals(Verdict.CONTRADICTION, hypo.prove(H, Rel.EQ, W).verdict(), "a reasoner is a value: rollback made a new one");
        assertThrows(IllegalStateException.class, back::rollback);
    }

    @Test
    void nestedCheckpointsRollBackOneAtATime() {
        Reasoner a = R.assume(H, Rel.GE, k(2)).checkpoint().assume(W, Rel.GE, k(3)).checkpoint().assume(B, Rel.EQ, k(4));
        assertEquals(2, a.checkpoints());
        Reasoner once = a.rollback();
        assertEquals(List.of(new SymCondition(H, Rel.GE, k(2)), new SymCondition(W, Rel.GE, k(3))), once.assumptions());
        assertEquals(List.of(new SymCondition(H, Rel.GE, k(2))), once.rollback().assumptions());
        assertEquals(Verdict.UNKNOWN, once.prove(B, Rel.EQ, k(4)).verdict());
        assertEquals(Verdict.TRUE, a.prove(B, Rel.EQ, k(4)).verdict());
    }

    @Test
    void unifyRecordsProvesOrRefuses() {
        Unified u = R.unify(H, W.times(2));
        assertEquals(Verdict.UNKNOWN, u.proof().verdict());
        assertTrue(u.recorded());
        assertEquals(W.times(3), u.reasoner().simplify(H.plus(W)));
        Unified again = u.reasoner().unify(W.times(2), H);
        assertEquals(Verdict.TRUE, again.proof().verdict(), again.proof().toString());
        assertFalse(again.recorded());
        Unified odd = u.reasoner().unify(H.mod(2), k(1));
        assertEquals(Verdict.CONTRADICTION, odd.proof().verdict(), odd.proof().toString());
        assertFalse(odd.recorded());
        assertEquals(u.reasoner().assumptions(), odd.reasoner().assumptions(), "a refuted equality is not recorded");
    }

    @Test
    void simplifyRewritesByTheEqualitiesWhateverTheirOrder() {
        Reasoner one = R.assume(H, Rel.EQ, W.plus(1)).assume(W, Rel.EQ, B.times(4));
        Reasoner two = R.assume(W, Rel.EQ, B.times(4)).assume(H, Rel.EQ, W.plus(1));
        SymSize e = H.times(2).plus(W).floorDiv(4);
        assertEquals(B.times(3), one.simplify(e), "(2·(4b + 1) + 4b) // 4 = (12b + 2) // 4 = 3b");
        assertEquals(one.simplify(e), two.simplify(e));
        assertEquals(e, R.simplify(e), "without assumptions an expression stays as it is");
    }

    @Test
    void answersDoNotDependOnTheOrderOfAssumptions() {
        SymCondition q = new SymCondition(H.floorDiv(4), Rel.GE, W);
        Reasoner a = R.assume(H, Rel.GE, k(16)).assume(W, Rel.LE, k(4)).assume(H.mod(4), Rel.EQ, k(0));
        Reasoner b = R.assume(H.mod(4), Rel.EQ, k(0)).assume(W, Rel.LE, k(4)).assume(H, Rel.GE, k(16));
        assertEquals(Verdict.TRUE, a.prove(q).verdict());
        assertEquals(a.prove(q), b.prove(q));
    }

    @Test
    void whatNativeLeavesUnknownZ3DecidesFlaggedAsFallback() {
        Reasoner nativeOnly = Reasoner.over(List.of(Backend.NATIVE.checked()));
        SymCondition divisible = new SymCondition(H.mod(4), Rel.EQ, k(0));
        // h % 8 == 0 entails h % 4 == 0: the native solver's != branches leave it open
        Proof alone = nativeOnly.assume(H.mod(8), Rel.EQ, k(0)).prove(divisible);
        assertEquals(Verdict.UNKNOWN, alone.verdict(), alone.toString());
        Proof both = R.assume(H.mod(8), Rel.EQ, k(0)).prove(divisible);
        assertEquals(Verdict.TRUE, both.verdict(), both.toString());
        assertEquals("z3", both.decidedBy());
        assertTrue(both.fallback());
        // a product of two dims: native relaxes it and cannot conclude; Z3 refutes the negation
        Reasoner area = R.assume(H.times(W), Rel.EQ, k(6)).assume(H, Rel.GE, k(2)).assume(W, Rel.GE, k(2));
        Proof sum = area.prove(H.plus(W), Rel.EQ, k(5));
        assertEquals(Verdict.TRUE, sum.verdict(), sum.toString());
        assertTrue(sum.fallback());
        Proof nat = Reasoner.over(List.of(Backend.NATIVE.checked())).assume(H.times(W), Rel.EQ, k(6)).assume(H, Rel.GE, k(2))
                .assume(W, Rel.GE, k(2)).prove(H.plus(W), Rel.EQ, k(5));
        assertEquals(Verdict.UNKNOWN, nat.verdict(), nat.toString());
    }
}
