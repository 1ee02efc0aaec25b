package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.shapeforge.semantics.DimOrder;
import org.shapeforge.term.Dim;

/**
 * Prop. 1.3: {@code (D_⊥, ⊑)} is a bounded lattice of height 2 — top {@code 1∅}, bottom
 * {@code ⊥}, atoms an antichain — with the displayed table of meets and joins. {@code ⊥} is
 * {@link Optional#empty()}.
 */
class Prop1_3Properties {

    @Provide
    Arbitrary<Dim> dims() {
        return Ground.dims();
    }

    @Provide
    Arbitrary<Optional<Dim>> dimsBottom() {
        return Ground.dimsBottom();
    }

    @Property(tries = 1000)
    void orderIsDef1_2(@ForAll("dims") Dim a, @ForAll("dims") Dim b) {
        assertEquals(Brute.dimLe(a, b), DimOrder.le(a, b));
    }

    @Property(tries = 1000)
    void orderIsPartialOnDBottom(@ForAll("dimsBottom") Optional<Dim> a, @ForAll("dimsBottom") Optional<Dim> b,
            @ForAll("dimsBottom") Optional<Dim> c) {
        assertTrue(DimOrder.le(a, a));
        if (DimOrder.le(a, b) && DimOrder.le(b, a)) assertEquals(a, b);
        if (DimOrder.le(a, b) && DimOrder.le(b, c)) assertTrue(DimOrder.le(a, c));
        assertTrue(DimOrder.le(Optional.empty(), a), "⊥ is the bottom");
        assertTrue(DimOrder.le(a, Optional.of(Dim.unit())), "1∅ is the top");
    }

    /** Join and meet against least/greatest bounds found by enumerating a universe containing both. */
    @Property(tries = 1000)
    void joinAndMeetAreLeastAndGreatestBoundsByEnumeration(@ForAll("dimsBottom") Optional<Dim> a,
            @ForAll("dimsBottom") Optional<Dim> b) {
        List<Optional<Dim>> universe = universeWith(a, b);
        Optional<Dim> join = DimOrder.join(a, b), meet = DimOrder.meet(a, b);
        assertTrue(DimOrder.le(a, join) && DimOrder.le(b, join), "join is an upper bound");
        assertTrue(DimOrder.le(meet, a) && DimOrder.le(meet, b), "meet is a lower bound");
        for (Optional<Dim> c : universe) {
            if (DimOrder.le(a, c) && DimOrder.le(b, c)) assertTrue(DimOrder.le(join, c), "join below upper bound " + c);
            if (DimOrder.le(c, a) && DimOrder.le(c, b)) assertTrue(DimOrder.le(c, meet), "meet above lower bound " + c);
        }
    }

    @Property(tries = 1000)
    void latticeLaws(@ForAll("dimsBottom") Optional<Dim> a, @ForAll("dimsBottom") Optional<Dim> b,
            @ForAll("dimsBottom") Optional<Dim> c) {
        assertEquals(DimOrder.join(a, b), DimOrder.join(b, a));
        assertEquals(DimOrder.meet(a, b), DimOrder.meet(b, a));
        assertEquals(DimOrder.join(a, DimOrder.join(b, c)), DimOrder.join(DimOrder.join(a, b), c));
        assertEquals(DimOrder.meet(a, DimOrder.meet(b, c)), DimOrder.meet(DimOrder.meet(a, b), c));
        assertEquals(a, DimOrder.join(a, DimOrder.meet(a, b)), "absorption");
        assertEquals(a, DimOrder.meet(a, DimOrder.join(a, b)), "absorption");
        assertEquals(DimOrder.le(a, b), DimOrder.join(a, b).equals(b), "a ⊑ b iff a ∨ b = b");
        assertEquals(DimOrder.le(a, b), DimOrder.meet(a, b).equals(a), "a ⊑ b iff a ∧ b = a");
    }

    /** The displayed table, case by case. */
    @Property(tries = 1000)
    void meetsAndJoinsTable(@ForAll("dims") Dim d, @ForAll("dims") Dim e) {
        Dim unit = Dim.unit();
        assertEquals(Optional.of(d), DimOrder.meet(d, d));
        assertEquals(Optional.of(d), DimOrder.meet(d, unit));
        assertEquals(d, DimOrder.join(d, d));
        assertEquals(Optional.of(d), DimOrder.join(Optional.of(d), Optional.empty()));
        assertEquals(Optional.empty(), DimOrder.meet(Optional.of(d), Optional.empty()));
        if (d instanceof Dim.Atom && e instanceof Dim.Atom && !d.equals(e)) {
            assertEquals(Optional.empty(), DimOrder.meet(d, e), "distinct atoms meet at ⊥");
            assertEquals(unit, DimOrder.join(d, e), "distinct atoms join to 1∅, never ⊥");
        }
    }

    /** Height 2: each atom covers ⊥ and is covered by 1∅; the atoms are an antichain. */
    @Property(tries = 500)
    void atomsFormAnAntichainOfHeightTwo(@ForAll("dims") Dim d, @ForAll("dims") Dim e) {
        if (!(d instanceof Dim.Atom)) return;
        for (Optional<Dim> c : universeWith(Optional.of(d), Optional.of(e))) {
            boolean strictlyBelow = DimOrder.le(c, Optional.of(d)) && !c.equals(Optional.of(d));
            boolean strictlyAbove = DimOrder.le(Optional.of(d), c) && !c.equals(Optional.of(d));
            if (strictlyBelow) assertEquals(Optional.empty(), c, "only ⊥ is strictly below an atom");
            if (strictlyAbove) assertEquals(Optional.of(Dim.unit()), c, "only 1∅ is strictly above an atom");
        }
        if (e instanceof Dim.Atom && !d.equals(e)) assertTrue(!DimOrder.le(d, e) && !DimOrder.le(e, d));
    }

    @Example
    void oneDefaultIsAnAtomBelowTheUnit() {
        Dim oneDefault = new Dim.Atom(1);
        assertTrue(DimOrder.le(oneDefault, Dim.unit()));
        assertTrue(!DimOrder.le(Dim.unit(), oneDefault));
        assertEquals(Dim.unit(), DimOrder.join(oneDefault, Dim.atom(2)));
    }

    static List<Optional<Dim>> universeWith(Optional<Dim> a, Optional<Dim> b) {
        List<Optional<Dim>> u = new ArrayList<>(List.of(Optional.empty(), Optional.of(Dim.unit()),
                Optional.of(new Dim.Atom(1)), Optional.of(Dim.atom(2)), Optional.of(new Dim.Atom(2, "rgb")),
                Optional.of(new Dim.Atom(0, "x"))));
        u.add(a);
        u.add(b);
        return u;
    }
}
