package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.shapeforge.semantics.DimOrder;
import org.shapeforge.semantics.Expansion;
import org.shapeforge.semantics.RowOrder;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Lemma 2.4 (expansion monotonicity): if {@code R₂ ⊑ R₁} then for every {@code n ≥ rank(R₂)},
 * {@code R₂↑n [i] ⊑ R₁↑n [i]} for all {@code i}. Pairs are built related (upper first, then a
 * row below it by construction), with {@code n} up to three beyond the lower rank.
 */
class Lemma2_4Properties {

    @Provide
    Arbitrary<Tuple.Tuple3<Row.Closed, Row.Closed, Integer>> relatedPairAndRank() {
        return Combinators.combine(Ground.closed(), Below.recipes(), Arbitraries.integers().between(0, 3))
                .as((upper, below, extra) -> {
                    Row.Closed lower = below.marked(upper);
                    return Tuple.of(lower, upper, lower.knownRank() + extra);
                });
    }

    @Property(tries = 1000)
    void expansionIsMonotone(@ForAll("relatedPairAndRank") Tuple.Tuple3<Row.Closed, Row.Closed, Integer> t) {
        Row.Closed lower = t.get1(), upper = t.get2();
        int n = t.get3();
        assertTrue(RowOrder.le(lower, upper), "constructed pair is related");
        List<Dim> lo = Expansion.expand(lower, n), up = Expansion.expand(upper, n);
        assertEquals(n, lo.size());
        assertEquals(n, up.size());
        for (int i = 0; i < n; i++) assertTrue(DimOrder.le(lo.get(i), up.get(i)), "axis " + i + " of " + lo + " vs " + up);
    }

    /** Def. 2.2 itself: padding sits at the marker, and own-rank expansion is flattening. */
    @Property(tries = 500)
    void expansionPadsAtTheMarker(@ForAll("rowsAndExtra") Tuple.Tuple2<Row.Closed, Integer> t) {
        Row.Closed r = t.get1();
        int k = t.get2(), n = r.knownRank() + k;
        List<Dim> e = Expansion.expand(r, n);
        assertEquals(r.lead(), e.subList(0, r.lead().size()));
        assertEquals(r.trail(), e.subList(n - r.trail().size(), n));
        assertTrue(e.subList(r.lead().size(), n - r.trail().size()).stream().allMatch(d -> d instanceof Dim.Unit));
        assertEquals(r.flat(), Expansion.expand(r, r.knownRank()));
    }

    @Provide
    Arbitrary<Tuple.Tuple2<Row.Closed, Integer>> rowsAndExtra() {
        return Combinators.combine(Ground.closed(), Arbitraries.integers().between(0, 3)).as(Tuple::of);
    }
}
