package org.shapeforge.reason;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.statistics.Statistics;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.oracle.Backend;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * Every verdict agrees with brute force on a box of bindings: random relations over two dims
 * (sums, constant multiples, a product, floor division and remainder by small constants, every
 * comparison) as assumptions and a query, each verdict checked against every binding of
 * {@code a, b} in {@code 1..BOX}. TRUE: no binding in the box satisfies the assumptions and
 * violates the query; FALSE: none satisfies both; CONTRADICTION: none satisfies the assumptions;
 * a counterexample satisfies the assumptions and violates the query. The box only refutes, so
 * the property is soundness; the statistics show how often each verdict is reached.
 */
class ReasonerSoundnessProperties {
    static final int BOX = 14;
    static final Reasoner R = Backend.reasoner().withTimeoutMs(1_000);

    record Case(List<SymCondition> assumptions, SymCondition query) {}

    @Provide
    Arbitrary<Case> cases() {
        return Combinators.combine(relation().list().ofMinSize(0).ofMaxSize(3), relation()).as(Case::new);
    }

    static Arbitrary<SymSize> expr(int depth) {
        Arbitrary<SymSize> leaf = Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.of("a", "b").map(SymSize::name)),
                Tuple.of(1, Arbitraries.longs().between(0, 9).map(SymSize::constant)));
        if (depth == 0) return leaf;
        Arbitrary<SymSize> sub = expr(depth - 1);
        return Arbitraries.frequencyOf(
                Tuple.of(3, leaf),
                Tuple.of(3, Combinators.combine(sub, sub).as(SymSize::plus)),
                Tuple.of(2, Combinators.combine(sub, sub).as(SymSize::minus)),
                Tuple.of(2, Combinators.combine(sub, Arbitraries.longs().between(-3, 4)).as(SymSize::times)),
                Tuple.of(1, Combinators.combine(sub, sub).as(SymSize::times)),
                Tuple.of(2, Combinators.combine(sub.filter(s -> s.range().lo() >= 0), Arbitraries.longs().between(2, 4)).as(SymSize::floorDiv)),
                Tuple.of(2, Combinators.combine(sub, Arbitraries.longs().between(2, 4)).as(SymSize::mod)));
    }

    static Arbitrary<SymCondition> relation() {
        return Combinators.combine(expr(2).filter(e -> !e.vars().isEmpty()), Arbitraries.of(Rel.values()), expr(1)).as(SymCondition::new);
    }

    @Property(tries = 200, seed = "20260427", edgeCases = EdgeCasesMode.NONE)
    void everyVerdictAgreesWithBruteForce(@ForAll("cases") Case c) {
        Reasoner r = R;
        for (SymCondition a : c.assumptions()) r = r.assume(a);
        Proof p = r.prove(c.query());
        Statistics.collect(p.verdict(), p.fallback() ? "fallback" : p.decidedBy().equals(Proof.TERMS) ? "terms" : "native");
        SymCondition not = Chain.negation(c.query());
        for (long a = 1; a <= BOX; a++)
            for (long b = 1; b <= BOX; b++) {
                Map<String, Long> at = new TreeMap<>(Map.of("a", a, "b", b));
                if (!Chain.holds(c.assumptions(), at)) continue;
                String where = " at " + at + " for " + c + ": " + p;
                switch (p.verdict()) {
                    case CONTRADICTION -> throw new AssertionError("the assumptions hold" + where);
                    case TRUE -> assertFalse(Chain.holds(List.of(not), at), "the query fails" + where);
                    case FALSE -> assertFalse(Chain.holds(List.of(c.query()), at), "the query holds" + where);
                    case UNKNOWN -> { }
                }
            }
        p.counterexample().ifPresent(w -> {
            Map<String, Long> full = new TreeMap<>(w);
            assertTrue(Chain.holds(c.assumptions(), full), "the counterexample " + w + " violates the assumptions of " + c);
            assertTrue(Chain.holds(List.of(not), full), "the counterexample " + w + " satisfies the query of " + c);
        });
    }

    @Property(tries = 40, seed = "20260428", edgeCases = EdgeCasesMode.NONE)
    void theVerdictDoesNotDependOnTheOrderOfAssumptions(@ForAll("cases") Case c) {
        Reasoner forward = R, backward = R;
        List<SymCondition> rev = new ArrayList<>(c.assumptions());
        Collections.reverse(rev);
        for (SymCondition a : c.assumptions()) forward = forward.assume(a);
        for (SymCondition a : rev) backward = backward.assume(a);
        Proof f = forward.prove(c.query()), b = backward.prove(c.query());
        assertTrue(f.verdict() == b.verdict() && f.counterexample().equals(b.counterexample()), f + " vs " + b + " for " + c);
    }
}
