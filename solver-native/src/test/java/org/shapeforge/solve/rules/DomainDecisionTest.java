package org.shapeforge.solve.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * The domain of a symbolic answer is decided, not sampled: witnesses far from small numbers (197
 * tokens, a minimum length of 436 samples), products of two dynamic dims, an empty domain
 * refuted, and the same answer whatever order the conditions come in. Every witness is checked
 * here against the conditions again.
 */
class DomainDecisionTest {
    private static final SymSize BATCH = SymSize.name("batch"), SH = SymSize.name("sh"), SAMPLES = SymSize.name("samples"),
            SRC = SymSize.name("src"), N = SymSize.name("n");
    private static final SymSize ZERO = SymSize.constant(0), ONE = SymSize.constant(1);

    private static List<Map<String, Long>> witnesses(List<SymCondition> cs, Set<String> names) {
        var d = DomainDecision.decide(cs, List.of(), names, List.of(), 3);
        var w = assertInstanceOf(DomainDecision.Decision.Witnesses.class, d, d::toString);
        for (Map<String, Long> b : w.bindings()) {
            assertTrue(b.keySet().containsAll(names), b::toString);
            for (SymCondition c : cs) assertTrue(c.holds(b), () -> c + " fails at " + b);
        }
        return w.bindings();
    }

    @Test
    void aClassTokensSizeIsReached() {
        // sh = 197 · batch: no binding with every name among small numbers satisfies it
        List<SymCondition> cs = List.of(new SymCondition(SH.minus(BATCH.times(197)), Rel.EQ, ZERO));
        List<Map<String, Long>> w = witnesses(cs, Set.of("sh", "batch"));
        assertEquals(Map.of("batch", 1L, "sh", 197L), w.getFirst());
        assertTrue(w.size() >= 2, "several bindings to check at: " + w);
        assertTrue(w.get(1).get("batch") > 1, "the next binding moves every name it can: " + w);
    }

    @Test
    void aMinimumLengthIsPropagatedThroughTheFloorDivisions() {
        List<SymCondition> cs = List.of(
                new SymCondition(SAMPLES.plus(12).floorDiv(16), Rel.GE, ONE),
                new SymCondition(SAMPLES.plus(76).floorDiv(512), Rel.GE, ONE),
                new SymCondition(SAMPLES.plus(268).floorDiv(512).minus(SymSize.constant(2)), Rel.GE, ONE));
        assertEquals(1268L, witnesses(cs, Set.of("samples")).getFirst().get("samples"), "the least length of the domain");
    }

    @Test
    void aProductOfTwoDynamicDimsGetsAnExactWitness() {
        List<SymCondition> cs = List.of(new SymCondition(SH.minus(SRC.times(BATCH)), Rel.EQ, ZERO),
                new SymCondition(SH, Rel.GE, SymSize.constant(6)), new SymCondition(SRC, Rel.GE, SymSize.constant(2)),
                new SymCondition(BATCH, Rel.GE, SymSize.constant(2)));
        witnesses(cs, Set.of("sh", "src", "batch")); // each witness re-checked there: sh is exactly src · batch
    }

    @Test
    void anEmptyDomainIsRefuted() {
        // n even and n + 1 even: no n
        List<SymCondition> cs = List.of(new SymCondition(N.mod(2), Rel.EQ, ZERO), new SymCondition(N.plus(1).mod(2), Rel.EQ, ZERO));
        var d = DomainDecision.decide(cs, List.of(), Set.of("n"), List.of(), 3);
        assertInstanceOf(DomainDecision.Decision.Empty.class, d, d::toString);
        // a product relaxed away cannot refute what only the product excludes: sh = src · batch with sh prime
        // has witnesses (src = 1), and is never called empty
        List<SymCondition> prime = List.of(new SymCondition(SH.minus(SRC.times(BATCH)), Rel.EQ, ZERO),
                new SymCondition(SH, Rel.EQ, SymSize.constant(7)));
        witnesses(prime, Set.of("sh", "src", "batch"));
    }

    @Test
    void theAnswerDoesNotDependOnTheConditionsOrder() {
        List<SymCondition> cs = new ArrayList<>(List.of(
                new SymCondition(SH.minus(BATCH.times(197)), Rel.EQ, ZERO),
                new SymCondition(SAMPLES.plus(76).floorDiv(512), Rel.GE, ONE),
                new SymCondition(N.mod(4), Rel.EQ, ZERO),
                new SymCondition(N, Rel.LE, SymSize.constant(64))));
        Set<String> names = Set.of("sh", "batch", "samples", "n");
        List<Map<String, Long>> first = witnesses(cs, names);
        Random rnd = new Random(7);
        for (int i = 0; i < 4; i++) {
            Collections.shuffle(cs, rnd);
            assertEquals(first, witnesses(cs, names), cs::toString);
        }
    }

    @Test
    void aProductWithAPositiveFactorIsSolvedAsItsOtherFactor() {
        // a raw-audio front end: f = (samples + 240) // 320 with f - 1 >= 1, and
        // 32·(f - 1)·(sh - 4·batch) == 0, batch·slice - 128·batch == 0, batch·(f - 1) >= 1 (products of a
        // floor and the dims): only sh = 4·batch and slice = 128 satisfy them
        SymSize f = SAMPLES.plus(240).floorDiv(320), slice = SymSize.name("slice");
        List<SymCondition> cs = List.of(
                new SymCondition(f.minus(ONE), Rel.GE, ONE),
                new SymCondition(SAMPLES.floorDiv(5).minus(ONE), Rel.GE, ONE),
                new SymCondition(BATCH.times(f).minus(BATCH), Rel.GE, ONE),
                new SymCondition(BATCH.times(f).times(-128).plus(SH.times(f).times(32)).plus(BATCH.times(128)).minus(SH.times(32)), Rel.EQ, ZERO),
                new SymCondition(BATCH.times(slice).minus(BATCH.times(128)), Rel.EQ, ZERO));
        List<Map<String, Long>> w = witnesses(cs, Set.of("sh", "batch", "samples", "slice"));
        assertEquals(Map.of("batch", 1L, "sh", 4L, "samples", 400L, "slice", 128L), w.getFirst(), "the least binding: f = 2");
        for (Map<String, Long> b : w) {
            assertEquals(4 * b.get("batch"), b.get("sh"), b::toString);
            assertEquals(128L, b.get("slice"), b::toString);
        }
        // with sh = 5·batch forced as well, the domain is empty (4·batch = 5·batch has no size batch): refuted
        List<SymCondition> bad = new ArrayList<>(cs);
        bad.add(new SymCondition(SH, Rel.EQ, BATCH.times(5)));
        var d = DomainDecision.decide(bad, List.of(), Set.of("sh", "batch", "samples", "slice"), List.of(), 3);
        assertInstanceOf(DomainDecision.Decision.Empty.class, d, d::toString);
    }

    @Test
    void onlyAFactorKnownPositiveIsDividedOut() {
        // (n - 2)·(sh - 4·batch) == 0 with no bound on n - 2: n = 2 is a solution with sh free, so sh != 4·batch
        // must stay satisfiable; dividing by n - 2 would wrongly refute it (undecided is honest, empty is wrong)
        List<SymCondition> cs = List.of(
                new SymCondition(N.minus(SymSize.constant(2)).times(SH.minus(BATCH.times(4))), Rel.EQ, ZERO),
                new SymCondition(SH, Rel.EQ, BATCH.times(5)));
        var d = DomainDecision.decide(cs, List.of(), Set.of("sh", "batch", "n"), List.of(), 3);
        assertFalse(d instanceof DomainDecision.Decision.Empty, d::toString);
        assertTrue(DomainDecision.holds(cs, Map.of("n", 2L, "sh", 5L, "batch", 1L)), "a binding inside the domain");
    }
}
