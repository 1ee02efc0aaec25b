package org.shapeforge.reason;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.Printer;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * The reasoning service without a solver ({@link Reasoner#termsOnly}): what the term algebra
 * decides alone, an UNKNOWN kept apart from FALSE where it cannot, and the problem a prover is
 * handed ({@link Encoding}): names numbered in sorted order, a floor division as an auxiliary.
 */
class ReasonerTermsTest {
    static final SymSize H = SymSize.name("h"), W = SymSize.name("w");
    static final Reasoner T = Reasoner.termsOnly();

    @Test
    void theTermsDecideWhatHoldsOrFailsEverywhere() {
        assertEquals(Verdict.TRUE, T.prove(H.mod(4), Rel.LT, SymSize.constant(4)).verdict());
        assertEquals(Verdict.FALSE, T.prove(H, Rel.EQ, SymSize.constant(0)).verdict());
        assertEquals(Verdict.TRUE, T.prove(H.times(2).plus(1).floorDiv(2), Rel.EQ, H).verdict(), "(2h + 1) // 2 is h in normal form");
    }

    @Test
    void withoutAProverAnOpenQuestionIsUnknownNotFalse() {
        Proof p = T.prove(H, Rel.GE, SymSize.constant(2));
        assertEquals(Verdict.UNKNOWN, p.verdict(), p.toString());
        assertEquals(Map.of("h", 1L), p.counterexample().orElseThrow(), "h = 1 is inside and violates it");
        Proof q = T.assume(H, Rel.GE, SymSize.constant(3)).prove(H, Rel.GE, SymSize.constant(2));
        assertEquals(Verdict.UNKNOWN, q.verdict(), "entailed, but only a solver sees it: " + q);
        assertTrue(q.counterexample().isEmpty());
    }

    @Test
    void aProverSeesSizePredicatesOverNumberedNamesAndAuxiliaryQuotients() {
        Encoding e = Encoding.of(List.of(new SymCondition(W, Rel.LE, H.floorDiv(2)), new SymCondition(H.mod(8), Rel.EQ, SymSize.constant(0))));
        List<String> printed = e.problem().constraints().stream().map(Printer::print).toList();
        assertEquals(List.of("size(d0) % 8 == 0", "size(d1) <= size(q0) - 1", "2 * size(q0) + size(d0) % 2 == size(d0) + 2"), printed);
        assertEquals("d0 = h, d1 = w, size(q0) - 1 = h // 2", e.legend());
        assertTrue(e.problem().constraints().stream().allMatch(c -> c instanceof Constraint.SizeRel));
    }
}
