package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.shapeforge.semantics.RowOrder;
import org.shapeforge.term.Row;

/**
 * Prop. 2.5: the marked row order (Def. 2.3) is a partial order; and it agrees with the
 * edge-aligned restatement of Def. 2.3 ({@link Brute#markedLe}). Checked on random and
 * constructed rows and exhaustively on all rows over {@code {1∅, 2, 3, 2_rgb}} with flanks of
 * length ≤ 2.
 */
class Prop2_5Properties {

    @Provide
    Arbitrary<Row.Closed> rows() {
        return Ground.closed();
    }

    /** Pairs that are related by construction half of the time, random over a tiny alphabet otherwise. */
    @Provide
    Arbitrary<Tuple.Tuple2<Row.Closed, Row.Closed>> pairs() {
        Arbitrary<Tuple.Tuple2<Row.Closed, Row.Closed>> related =
                Combinators.combine(Ground.closed(), Below.recipes()).as((u, b) -> Tuple.of(b.marked(u), u));
        Arbitrary<Row.Closed> tiny = Ground.closed(Ground.tinyDims());
        return Arbitraries.oneOf(related, related.map(t -> Tuple.of(t.get2(), t.get1())),
                Combinators.combine(tiny, tiny).as(Tuple::of));
    }

    @Provide
    Arbitrary<List<Row.Closed>> chains() {
        return Combinators.combine(Ground.closed(), Below.recipes(), Below.recipes()).as((r1, b2, b3) -> {
            Row.Closed r2 = b2.marked(r1);
            return List.of(b3.marked(r2), r2, r1);
        });
    }

    @Property(tries = 1000)
    void reflexive(@ForAll("rows") Row.Closed r) {
        assertTrue(RowOrder.le(r, r));
    }

    @Property(tries = 1000)
    void antisymmetric(@ForAll("pairs") Tuple.Tuple2<Row.Closed, Row.Closed> p) {
        if (RowOrder.le(p.get1(), p.get2()) && RowOrder.le(p.get2(), p.get1())) assertEquals(p.get1(), p.get2());
    }

    @Property(tries = 1000)
    void transitive(@ForAll("chains") List<Row.Closed> c) {
        assertTrue(RowOrder.le(c.get(0), c.get(1)), "constructed link");
        assertTrue(RowOrder.le(c.get(1), c.get(2)), "constructed link");
        assertTrue(RowOrder.le(c.get(0), c.get(2)), () -> "transitivity on " + c);
    }

    @Property(tries = 1000)
    void agreesWithEdgeAlignedRestatement(@ForAll("pairs") Tuple.Tuple2<Row.Closed, Row.Closed> p) {
        assertEquals(Brute.markedLe(p.get1(), p.get2()), RowOrder.le(p.get1(), p.get2()));
    }

    @Example
    void partialOrderOnAFiniteUniverse() {
        assertEquals(java.util.Optional.empty(), Universes.marked().partialOrderViolation());
    }
}
