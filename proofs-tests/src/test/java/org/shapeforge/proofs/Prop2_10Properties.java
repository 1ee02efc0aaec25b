package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.shapeforge.semantics.Expansion;
import org.shapeforge.semantics.FlatEquiv;
import org.shapeforge.semantics.RowOrder;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Prop. 2.10: ≈ (Def. 2.9) versus the marked order. (i) mutual ⊑ is identity; (ii) distinct
 * ≈-related rows are ⊑-incomparable; (iii) ≈ is no congruence (the witness), indeed distinct rows
 * have distinct down-sets; (iv) ≈ is the kernel of expansion at own rank, and expansions at a
 * higher rank tell re-markings apart exactly when the shifted segment holds an atom (the aside).
 */
class Prop2_10Properties {

    /** Two re-markings of one flat sequence: {@code F[0..i)·◇·F[i..)} and {@code F[0..k)·◇·F[k..)}. */
    @Provide
    Arbitrary<Tuple.Tuple2<Row.Closed, Row.Closed>> remarkings() {
        return Combinators.combine(Ground.seq(Ground.dims(), 5), Arbitraries.integers().between(0, 5),
                Arbitraries.integers().between(0, 5)).as((f, i, k) -> {
                    List<Row.Closed> ps = Ground.placements(f);
                    return Tuple.of(ps.get(i % ps.size()), ps.get(k % ps.size()));
                });
    }

    /** Re-markings, related pairs, and random pairs over a tiny alphabet. */
    @Provide
    Arbitrary<Tuple.Tuple2<Row.Closed, Row.Closed>> pairs() {
        Arbitrary<Row.Closed> tiny = Ground.closed(Ground.tinyDims());
        Arbitrary<Tuple.Tuple2<Row.Closed, Row.Closed>> related =
                Combinators.combine(Ground.closed(), Below.recipes()).as((u, b) -> Tuple.of(b.marked(u), u));
        return Arbitraries.oneOf(remarkings(), related, Combinators.combine(tiny, tiny).as(Tuple::of));
    }

    @Property(tries = 1000)
    void i_mutualOrderIsIdentity(@ForAll("pairs") Tuple.Tuple2<Row.Closed, Row.Closed> p) {
        Row.Closed a = p.get1(), b = p.get2();
        assertEquals(a.equals(b), RowOrder.le(a, b) && RowOrder.le(b, a));
    }

    @Property(tries = 1000)
    void ii_distinctFlatEquivalentRowsAreIncomparable(@ForAll("remarkings") Tuple.Tuple2<Row.Closed, Row.Closed> p) {
        Row.Closed a = p.get1(), b = p.get2();
        assertTrue(FlatEquiv.equivalent(a, b));
        if (a.equals(b)) return;
        assertFalse(RowOrder.le(a, b), () -> a + " ⊑ " + b);
        assertFalse(RowOrder.le(b, a), () -> b + " ⊑ " + a);
    }

    @Example
    void iii_flatEquivalenceIsNoCongruence() {
        Dim d2 = Dim.atom(2), d3 = Dim.atom(3), d4 = Dim.atom(4);
        Row.Closed low = new Row.Closed(List.of(d3), List.of(d2, d4));
        Row.Closed split = new Row.Closed(List.of(d3), List.of(d4));
        Row.Closed front = new Row.Closed(List.of(d3, d4), List.of());
        assertTrue(RowOrder.le(low, split), "[3]◇[2,4] ⊑ [3]◇[4]");
        assertTrue(FlatEquiv.equivalent(split, front), "[3]◇[4] ≈ [3,4]◇[]");
        assertFalse(RowOrder.le(low, front), "[3]◇[2,4] ⋢ [3,4]◇[]: leading flank-fit needs |l| ≥ 2");
    }

    /** The general claim of (iii): distinct rows have distinct down-sets (here, within a finite universe). */
    @Example
    void iii_distinctRowsHaveDistinctDownSets() {
        FinitePoset<Row.Closed> u = Universes.marked();
        Set<java.util.BitSet> seen = new HashSet<>();
        for (java.util.BitSet d : u.down()) assertTrue(seen.add(d), "two rows share a down-set");
        assertEquals(u.elems().size(), seen.size());
    }

    @Property(tries = 1000)
    void iv_flatEquivalenceIsTheKernelOfOwnRankExpansion(@ForAll("pairs") Tuple.Tuple2<Row.Closed, Row.Closed> p) {
        Row.Closed a = p.get1(), b = p.get2();
        boolean kernel = a.knownRank() == b.knownRank()
                && Expansion.expand(a, a.knownRank()).equals(Expansion.expand(b, b.knownRank()));
        assertEquals(kernel, FlatEquiv.equivalent(a, b));
    }

    /** Aside to (iv): one rank up, re-markings coincide iff the segment between the markers is all units. */
    @Property(tries = 1000)
    void iv_higherRankExpansionSeparatesRemarkingsUnlessTheShiftIsUnits(
            @ForAll("remarkings") Tuple.Tuple2<Row.Closed, Row.Closed> p) {
        Row.Closed a = p.get1(), b = p.get2();
        int n = a.knownRank() + 1;
        int lo = Math.min(a.lead().size(), b.lead().size()), hi = Math.max(a.lead().size(), b.lead().size());
        boolean unitsBetween = a.flat().subList(lo, hi).stream().allMatch(d -> d instanceof Dim.Unit);
        assertEquals(unitsBetween, Expansion.expand(a, n).equals(Expansion.expand(b, n)));
    }
}
