package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.shapeforge.semantics.DimOrder;
import org.shapeforge.semantics.Expansion;
import org.shapeforge.semantics.TwoSortedOrder;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Prop. 2.13: the two-sorted order of Def. 2.12 is a partial order; the empty marked row is
 * still the unique top; clause (d) is forced — admitting even rank-equal {@code R ⊑ F•} breaks
 * transitivity.
 */
class Prop2_13Properties {

    @Provide
    Arbitrary<Row> rows() {
        return Ground.twoSorted(Ground.dims());
    }

    @Provide
    Arbitrary<Tuple.Tuple2<Row, Row>> pairs() {
        Arbitrary<Row> tiny = Ground.twoSorted(Ground.tinyDims());
        Arbitrary<Tuple.Tuple2<Row, Row>> related =
                Combinators.combine(rows(), Below.recipes()).as((u, b) -> Tuple.of(b.twoSorted(u), u));
        Arbitrary<Tuple.Tuple2<Row, Row>> flattened = Ground.closed().map(r -> Tuple.of(new Row.Rigid(r.flat()), r));
        return Arbitraries.oneOf(related, related.map(t -> Tuple.of(t.get2(), t.get1())), flattened,
                flattened.map(t -> Tuple.of(t.get2(), t.get1())), Combinators.combine(tiny, tiny).as(Tuple::of));
    }

    @Provide
    Arbitrary<List<Row>> chains() {
        return Combinators.combine(rows(), Below.recipes(), Below.recipes()).as((r1, b2, b3) -> {
            Row r2 = b2.twoSorted(r1);
            return List.of(b3.twoSorted(r2), r2, r1);
        });
    }

    @Property(tries = 1000)
    void reflexive(@ForAll("rows") Row r) {
        assertTrue(TwoSortedOrder.le(r, r));
    }

    @Property(tries = 1000)
    void antisymmetric(@ForAll("pairs") Tuple.Tuple2<Row, Row> p) {
        if (TwoSortedOrder.le(p.get1(), p.get2()) && TwoSortedOrder.le(p.get2(), p.get1()))
            assertEquals(p.get1(), p.get2());
    }

    @Property(tries = 1000)
    void transitive(@ForAll("chains") List<Row> c) {
        assertTrue(TwoSortedOrder.le(c.get(0), c.get(1)), "constructed link");
        assertTrue(TwoSortedOrder.le(c.get(1), c.get(2)), "constructed link");
        assertTrue(TwoSortedOrder.le(c.get(0), c.get(2)), () -> "transitivity on " + c);
    }

    @Property(tries = 1000)
    void agreesWithTheClausesOfDef2_12(@ForAll("pairs") Tuple.Tuple2<Row, Row> p) {
        assertEquals(Brute.twoSortedLe(p.get1(), p.get2()), TwoSortedOrder.le(p.get1(), p.get2()));
    }

    /** Every marked row sits directly above its flattening ({@code flat(R)• ⊑ R}, clause (c)). */
    @Property(tries = 500)
    void everyMarkedRowIsAboveItsFlattening(@ForAll("rows") Row r) {
        if (r instanceof Row.Closed c) assertTrue(TwoSortedOrder.le(new Row.Rigid(c.flat()), c));
    }

    @Property(tries = 1000)
    void clauseD_nothingMarkedIsBelowARigidRow(@ForAll("rows") Row a, @ForAll("rows") Row b) {
        if (a instanceof Row.Closed && b instanceof Row.Rigid) assertFalse(TwoSortedOrder.le(a, b));
        assertTrue(TwoSortedOrder.le(a, Row.empty()), "the empty marked row is a top");
        if (!a.equals(Row.empty())) assertFalse(TwoSortedOrder.le(Row.empty(), a), "and the only one");
    }

    @Example
    void partialOrderWithUniqueTopOnAFiniteUniverse() {
        FinitePoset<Row> u = Universes.twoSorted();
        assertEquals(Optional.empty(), u.partialOrderViolation());
        assertEquals(List.of(Row.empty()), u.tops().stream().map(u.elems()::get).toList());
    }

    /**
     * Clause (d) is forced: with rank-equal pointwise {@code R ⊑ F•} admitted, the chain
     * {@code [5]◇[3] ⊑ []◇[3] ⊑ [3]•} would demand {@code [5]◇[3] ⊑ [3]•}, a rank mismatch.
     */
    @Example
    void clauseD_isForcedByTransitivity() {
        Row.Closed a = new Row.Closed(List.of(Dim.atom(5)), List.of(Dim.atom(3)));
        Row.Closed b = Row.literal(List.of(Dim.atom(3)));
        Row.Rigid c = new Row.Rigid(List.of(Dim.atom(3)));
        assertTrue(weakened(a, b), "[5]◇[3] ⊑ []◇[3]");
        assertTrue(weakened(b, c), "[]◇[3] ⊑ [3]• once admitted");
        assertFalse(weakened(a, c), "[5]◇[3] ⊑ [3]• fails: rank 2 vs rigid rank 1");
        assertFalse(TwoSortedOrder.le(b, c), "clause (d) keeps the real order transitive");
    }

    /** Def. 2.12 with clause (d) weakened to "rank-equal with pointwise refinement". */
    private static boolean weakened(Row lower, Row upper) {
        if (lower instanceof Row.Closed l && upper instanceof Row.Rigid f && l.knownRank() == f.axes().size()) {
            List<Dim> e = Expansion.expand(l, l.knownRank());
            for (int i = 0; i < e.size(); i++) if (!DimOrder.le(e.get(i), f.axes().get(i))) return false;
            return true;
        }
        return TwoSortedOrder.le(lower, upper);
    }
}
