package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.shapeforge.semantics.RowOrder;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Prop. 2.7: any two rows have a least upper bound — flanks of the shorter lengths aligned from
 * the outer edges, joined pointwise in {@code D}. Upper bounds are built by construction (an
 * upper row first, then two rows below it), and the join is also compared with the least upper
 * bound found by enumerating a finite universe.
 */
class Prop2_7Properties {

    @Provide
    Arbitrary<Tuple.Tuple2<Row.Closed, Row.Closed>> pairs() {
        return Combinators.combine(Ground.closed(), Ground.closed()).as(Tuple::of);
    }

    /** {@code (R₁, R₂, U)} with {@code R₁, R₂ ⊑ U} by construction. */
    @Provide
    Arbitrary<List<Row.Closed>> boundedPairs() {
        return Combinators.combine(Ground.closed(), Below.recipes(), Below.recipes())
                .as((u, b1, b2) -> List.of(b1.marked(u), b2.marked(u), u));
    }

    @Property(tries = 1000)
    void joinIsAnUpperBound(@ForAll("pairs") Tuple.Tuple2<Row.Closed, Row.Closed> p) {
        Row.Closed j = RowOrder.join(p.get1(), p.get2());
        assertTrue(RowOrder.le(p.get1(), j), () -> p.get1() + " ⋢ " + j);
        assertTrue(RowOrder.le(p.get2(), j), () -> p.get2() + " ⋢ " + j);
        assertEquals(j, RowOrder.join(p.get2(), p.get1()), "commutative");
    }

    @Property(tries = 1000)
    void joinIsBelowEveryUpperBound(@ForAll("boundedPairs") List<Row.Closed> t) {
        Row.Closed r1 = t.get(0), r2 = t.get(1), u = t.get(2);
        assertTrue(RowOrder.le(r1, u) && RowOrder.le(r2, u), "constructed upper bound");
        assertTrue(RowOrder.le(RowOrder.join(r1, r2), u), () -> "join " + RowOrder.join(r1, r2) + " ⋢ " + u);
    }

    /** Flank lengths are the minima; joined entries are aligned from the outer edges. */
    @Property(tries = 1000)
    void joinShapeIsOuterEdgeAligned(@ForAll("pairs") Tuple.Tuple2<Row.Closed, Row.Closed> p) {
        Row.Closed a = p.get1(), b = p.get2(), j = RowOrder.join(a, b);
        assertEquals(Math.min(a.lead().size(), b.lead().size()), j.lead().size());
        assertEquals(Math.min(a.trail().size(), b.trail().size()), j.trail().size());
        for (int i = 0; i < j.lead().size(); i++)
            assertEquals(a.lead().get(i).equals(b.lead().get(i)) ? a.lead().get(i) : Dim.unit(), j.lead().get(i));
        for (int k = 1; k <= j.trail().size(); k++) {
            Dim x = a.trail().get(a.trail().size() - k), y = b.trail().get(b.trail().size() - k);
            assertEquals(x.equals(y) ? x : Dim.unit(), j.trail().get(j.trail().size() - k));
        }
    }

    /** Exhaustively: the join of any two rows of the universe is its least upper bound there. */
    @Example
    void joinIsTheLeastUpperBoundInAFiniteUniverse() {
        FinitePoset<Row.Closed> u = Universes.marked();
        BitSet[] up = u.ups();
        java.util.Map<Row.Closed, Integer> index = new java.util.HashMap<>();
        for (int i = 0; i < u.elems().size(); i++) index.put(u.elems().get(i), i);
        for (int i = 0; i < u.elems().size(); i++)
            for (int k = 0; k < u.elems().size(); k++) {
                Integer j = index.get(RowOrder.join(u.elems().get(i), u.elems().get(k)));
                assertTrue(j != null, "the universe is closed under joins");
                BitSet ub = (BitSet) up[i].clone();
                ub.and(up[k]);
                assertTrue(ub.get(j), "join is an upper bound");
                ub.andNot(up[j]);
                assertTrue(ub.isEmpty(), "join is below every upper bound");
            }
    }
}
