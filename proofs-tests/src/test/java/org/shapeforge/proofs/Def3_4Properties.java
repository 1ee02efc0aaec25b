package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Span;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.OneShotOrder;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Truth;
import org.shapeforge.semantics.TwoSortedOrder;
import org.shapeforge.term.Row;

/**
 * Def. 3.4: ground row equality is ≈, "equivalently, identity of the rigidifications
 * {@code flat(·)•}, equivalently mutual ⊑¹; the three formulations coincide"; and the evaluator
 * judges ground row constraints by the relation its semantics names ({@code language.md}).
 */
class Def3_4Properties {

    @Provide
    Arbitrary<Tuple.Tuple2<Row.Closed, Row.Closed>> pairs() {
        Arbitrary<Row.Closed> tiny = Ground.closed(Ground.tinyDims());
        Arbitrary<Tuple.Tuple2<Row.Closed, Row.Closed>> remarked = Combinators.combine(Ground.seq(Ground.dims(), 4),
                Arbitraries.integers().between(0, 4), Arbitraries.integers().between(0, 4)).as((f, i, k) -> {
                    List<Row.Closed> ps = Ground.placements(f);
                    return Tuple.of(ps.get(i % ps.size()), ps.get(k % ps.size()));
                });
        Arbitrary<Tuple.Tuple2<Row.Closed, Row.Closed>> related =
                Combinators.combine(Ground.closed(), Below.recipes()).as((u, b) -> Tuple.of(b.marked(u), u));
        return Arbitraries.oneOf(remarked, related, Combinators.combine(tiny, tiny).as(Tuple::of));
    }

    @Property(tries = 1000)
    void threeFormulationsOfRowEqualityCoincide(@ForAll("pairs") Tuple.Tuple2<Row.Closed, Row.Closed> p) {
        Row.Closed a = p.get1(), b = p.get2();
        boolean approx = holds(new Constraint.RowEq(a, b, Span.NONE), Semantics.FLAT);
        boolean rigidIdentity = new Row.Rigid(a.flat()).equals(new Row.Rigid(b.flat()));
        boolean mutualOneShot = OneShotOrder.le(a, b) && OneShotOrder.le(b, a);
        assertEquals(rigidIdentity, approx);
        assertEquals(mutualOneShot, approx);
    }

    @Property(tries = 1000)
    void evaluatorReadsEachSemanticsByItsRelation(@ForAll("pairs") Tuple.Tuple2<Row.Closed, Row.Closed> p) {
        Row.Closed a = p.get1(), b = p.get2();
        Constraint eq = new Constraint.RowEq(a, b, Span.NONE), le = new Constraint.RowLe(a, b, Span.NONE);
        Constraint leOne = new Constraint.RowLeOne(a, b, Span.NONE);
        boolean approx = a.flat().equals(b.flat());
        assertEquals(approx, holds(eq, Semantics.FLAT));
        assertEquals(approx, holds(eq, Semantics.CONTENT));
        assertEquals(approx, holds(eq, Semantics.RIGID));
        assertEquals(a.equals(b), holds(eq, Semantics.MARKED));
        assertEquals(Brute.markedLe(a, b), holds(le, Semantics.FLAT));
        assertEquals(Brute.markedLe(a, b), holds(le, Semantics.MARKED));
        assertEquals(Brute.markedLe(a, b), holds(le, Semantics.RIGID), "closed literals stay marked");
        assertEquals(Brute.oneShotLe(a, b), holds(le, Semantics.CONTENT));
        for (Semantics s : Semantics.values()) assertEquals(Brute.oneShotLe(a, b), holds(leOne, s));
        assertEquals(TwoSortedOrder.le(a, b), Brute.markedLe(a, b));
    }

    private static boolean holds(Constraint c, Semantics s) {
        Truth t = Evaluator.judge(c, Assignment.empty(), s).truth();
        if (t == Truth.UNDEFINED) throw new IllegalStateException("ground constraint undefined: " + c);
        return t == Truth.HOLDS;
    }
}
