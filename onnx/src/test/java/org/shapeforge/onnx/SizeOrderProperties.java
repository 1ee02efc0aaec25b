package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.reason.Verdict;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymSize;

/**
 * Comparisons of sizes at import time go through the reasoning service ({@link SizeOrder}); what
 * {@link SizeForm#atLeast}'s bounds decided before, it decides the same (so Equal, Less, …, Max and
 * Min fold as they did), and every verdict holds at each binding of the sizes in a box.
 */
class SizeOrderProperties {
    static final Emitter E = new Emitter("t.onnx", new NativeSolver());
    static final SizeForm S = SizeForm.of(new ShapeValue.Term(Dim.var("seq"))), B = SizeForm.of(new ShapeValue.Term(Dim.var("batch")));

    record Comparison(SizeForm a, Rel rel, SizeForm b) {}

    @Provide
    Arbitrary<Comparison> comparisons() {
        return Combinators.combine(form(2), Arbitraries.of(Rel.EQ, Rel.LT, Rel.LE, Rel.GT, Rel.GE), form(2)).as(Comparison::new);
    }

    static Arbitrary<SizeForm> form(int depth) {
        Arbitrary<SizeForm> leaf = Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.of(S, B)),
                Tuple.of(1, Arbitraries.longs().between(-2, 6).map(SizeForm::known)));
        if (depth == 0) return leaf;
        Arbitrary<SizeForm> sub = form(depth - 1);
        return Arbitraries.frequencyOf(Tuple.of(3, leaf),
                Tuple.of(2, Combinators.combine(sub, sub).as(SizeForm::plus)),
                Tuple.of(2, Combinators.combine(sub, sub).as(SizeForm::minus)),
                Tuple.of(1, Combinators.combine(sub, Arbitraries.longs().between(-2, 3)).as(SizeForm::times)),
                Tuple.of(2, Combinators.combine(sub, Arbitraries.longs().between(2, 4)).as(SizeForm::floorDiv)));
    }

    /** The verdict the bounds of {@link SizeForm#atLeast} alone reach (what Contents folded before the reasoning service). */
    static Verdict bounds(SizeForm a, Rel rel, SizeForm b) {
        SizeForm d = a.minus(b);
        boolean pos = d.atLeast(1), neg = d.times(-1).atLeast(1), zero = d.equals(SizeForm.known(0));
        boolean ge = pos || zero || d.atLeast(0), le = neg || zero || d.times(-1).atLeast(0);
        Boolean r = switch (rel) {
            case EQ -> zero ? Boolean.TRUE : pos || neg ? Boolean.FALSE : null;
            case LT -> neg ? Boolean.TRUE : ge ? Boolean.FALSE : null;
            case LE -> le ? Boolean.TRUE : pos ? Boolean.FALSE : null;
            case GT -> pos ? Boolean.TRUE : le ? Boolean.FALSE : null;
            case GE -> ge ? Boolean.TRUE : neg ? Boolean.FALSE : null;
            case NE -> null;
        };
        return r == null ? Verdict.UNKNOWN : r ? Verdict.TRUE : Verdict.FALSE;
    }

    @Property(tries = 300, seed = "4242", edgeCases = EdgeCasesMode.NONE)
    void decidesWhatTheBoundsDecidedAndEveryVerdictHoldsInABox(@ForAll("comparisons") Comparison c) {
        Verdict was = bounds(c.a(), c.rel(), c.b()), now = SizeOrder.decide(E, c.a(), c.rel(), c.b());
        Statistics.collect(was, now);
        String what = c.a().show() + " " + c.rel().symbol + " " + c.b().show();
        if (was != Verdict.UNKNOWN) assertEquals(was, now, what);
        if (now != Verdict.TRUE && now != Verdict.FALSE) return;
        SymSize x = SizeOrder.sym(c.a(), 0).orElseThrow(), y = SizeOrder.sym(c.b(), 0).orElseThrow();
        for (long s = 1; s <= 12; s++)
            for (long b = 1; b <= 12; b++) {
                Map<String, Long> at = Map.of("seq", s, "batch", b);
                assertEquals(now == Verdict.TRUE, c.rel().test(x.eval(at), y.eval(at)), what + " at " + at + ": " + now);
            }
    }

    @Example
    void aFloorAgainstItsNumeratorIsOrdered() {
        SizeForm half = S.plus(SizeForm.known(1)).floorDiv(2); // torch.chunk's split point
        assertEquals(Verdict.TRUE, SizeOrder.decide(E, half, Rel.LE, S));
        assertEquals(Verdict.FALSE, SizeOrder.decide(E, half, Rel.GT, S));
        assertEquals(Verdict.UNKNOWN, SizeOrder.decide(E, S, Rel.LE, B));
        assertTrue(SizeOrder.decide(E, S, Rel.EQ, SizeForm.known(-1)) == Verdict.FALSE, "a size is never -1 (expand's pattern)");
    }
}
