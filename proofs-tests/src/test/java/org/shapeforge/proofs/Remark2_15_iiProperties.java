package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.FlatEquiv;
import org.shapeforge.semantics.Grounding;
import org.shapeforge.semantics.OneShotOrder;
import org.shapeforge.semantics.RowOrder;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Remark 2.15(ii): the one-shot order {@code X ⊑¹ Y ⟺ flat(X)• ⊑ Y}. Mutual {@code ⊑¹} is
 * exactly ≈; it strips flank-fit off the lower side (the witness {@code [3]⟨ρ⟩[4]} vs
 * {@code []◇[3,5,4]}), and equals "some marker placement of the lower row fits in the marked
 * order".
 */
class Remark2_15_iiProperties {

    @Provide
    Arbitrary<Tuple.Tuple2<Row, Row>> pairs() {
        Arbitrary<Row> tiny = Ground.twoSorted(Ground.tinyDims());
        Arbitrary<Tuple.Tuple2<Row, Row>> remarked = Combinators.combine(Ground.seq(Ground.dims(), 4),
                Arbitraries.integers().between(0, 4), Arbitraries.of(false, true)).as((f, k, rigid) -> {
                    List<Row.Closed> ps = Ground.placements(f);
                    Row other = rigid ? new Row.Rigid(f) : ps.get(k % ps.size());
                    return Tuple.of(ps.get(0), other);
                });
        Arbitrary<Tuple.Tuple2<Row, Row>> related = Combinators.combine(Ground.twoSorted(Ground.dims()), Below.recipes())
                .as((u, b) -> Tuple.of(b.twoSorted(u), u));
        return Arbitraries.oneOf(remarked, related, related.map(t -> Tuple.of(t.get2(), t.get1())),
                Combinators.combine(tiny, tiny).as(Tuple::of));
    }

    @Property(tries = 1000)
    void mutualOneShotIsFlatEquivalence(@ForAll("pairs") Tuple.Tuple2<Row, Row> p) {
        Row x = p.get1(), y = p.get2();
        assertEquals(FlatEquiv.equivalent(x, y), OneShotOrder.le(x, y) && OneShotOrder.le(y, x));
    }

    @Property(tries = 1000)
    void oneShotIsSomeMarkerPlacementFitting(@ForAll("pairs") Tuple.Tuple2<Row, Row> p) {
        assertEquals(Brute.oneShotLe(p.get1(), p.get2()), OneShotOrder.le(p.get1(), p.get2()));
    }

    /** The marked order implies the one-shot order (it only adds flank-fit). */
    @Property(tries = 1000)
    void markedOrderIsStrongerThanOneShot(@ForAll("pairs") Tuple.Tuple2<Row, Row> p) {
        if (p.get1() instanceof Row.Closed x && p.get2() instanceof Row.Closed y && RowOrder.le(x, y))
            assertTrue(OneShotOrder.le(x, y));
    }

    @Example
    void witnessOneShotAdmitsTheIntendedMatchTheMarkedOrderRejects() {
        Row.Open template = new Row.Open(List.of(Dim.atom(3)), "rho", List.of(Dim.atom(4)));
        Row.Closed literal = Row.literal(List.of(Dim.atom(3), Dim.atom(5), Dim.atom(4)));
        Row rho5 = Grounding.row(template, Assignment.empty().withRow("rho", Row.literal(List.of(Dim.atom(5)))),
                Semantics.FLAT);
        assertTrue(OneShotOrder.le(rho5, literal), "ρ = [5] satisfies ⊑¹");
        assertFalse(RowOrder.le((Row.Closed) rho5, literal), "but not the marked order");
        // No rank-3 grounding satisfies the marked order: flank-fit needs three trailing axes.
        for (Dim d : List.of(Dim.unit(), Dim.atom(5), Dim.atom(3)))
            for (Row.Closed v : Ground.placements(List.of(d))) {
                Row g = Grounding.row(template, Assignment.empty().withRow("rho", v), Semantics.FLAT);
                assertFalse(RowOrder.le((Row.Closed) g, literal), () -> "rank-3 value " + v);
            }
        // Rank 4 does (w18): ρ = []◇[3, 5] grounds to [3]◇[3,5,4], below [1∅,3,5,4]; the template's
        // own 3 faces the padding.
        Row g4 = Grounding.row(template,
                Assignment.empty().withRow("rho", Row.literal(List.of(Dim.atom(3), Dim.atom(5)))), Semantics.FLAT);
        assertTrue(RowOrder.le((Row.Closed) g4, literal));
        Row g4bad = Grounding.row(template,
                Assignment.empty().withRow("rho", Row.literal(List.of(Dim.atom(7), Dim.atom(5)))), Semantics.FLAT);
        assertFalse(RowOrder.le((Row.Closed) g4bad, literal), "7 ⋢ 3");
    }
}
