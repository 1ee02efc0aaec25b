package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.shapeforge.semantics.DimOrder;
import org.shapeforge.term.Dim;

/**
 * Prop. 1.4 (as corrected in the notes): three distinct atoms with {@code ⊥} and {@code 1∅} form
 * a sublattice isomorphic to the diamond {@code M3}; it is not distributive, hence neither is
 * {@code D_⊥}. {@code M3} <em>is</em> modular — the struck claim — and so is {@code D_⊥}
 * (a height-2 lattice {@code M_n}); the modular law is checked, not assumed.
 */
class Prop1_4Properties {

    @Provide
    Arbitrary<Dim> atoms() {
        return Ground.atoms();
    }

    @Provide
    Arbitrary<Optional<Dim>> dimsBottom() {
        return Ground.dimsBottom();
    }

    @Property(tries = 1000)
    void threeDistinctAtomsFormANonDistributiveM3Sublattice(@ForAll("atoms") Dim a, @ForAll("atoms") Dim b,
            @ForAll("atoms") Dim c) {
        Assume.that(!a.equals(b) && !b.equals(c) && !a.equals(c));
        List<Optional<Dim>> m3 = m3(a, b, c);
        for (Optional<Dim> x : m3)
            for (Optional<Dim> y : m3) {
                assertTrue(m3.contains(DimOrder.join(x, y)), "closed under ∨");
                assertTrue(m3.contains(DimOrder.meet(x, y)), "closed under ∧");
            }
        Optional<Dim> oa = Optional.of(a), ob = Optional.of(b), oc = Optional.of(c);
        Optional<Dim> lhs = DimOrder.meet(oa, DimOrder.join(ob, oc));
        Optional<Dim> rhs = DimOrder.join(DimOrder.meet(oa, ob), DimOrder.meet(oa, oc));
        assertEquals(oa, lhs, "a ∧ (b ∨ c) = a ∧ 1∅ = a");
        assertEquals(Optional.empty(), rhs, "(a ∧ b) ∨ (a ∧ c) = ⊥ ∨ ⊥ = ⊥");
        assertNotEquals(lhs, rhs, "distributivity fails");
    }

    /** Exhaustively on M3: the modular law {@code x ⊑ z ⇒ x ∨ (y ∧ z) = (x ∨ y) ∧ z} holds. */
    @Property(tries = 300)
    void m3IsModular(@ForAll("atoms") Dim a, @ForAll("atoms") Dim b, @ForAll("atoms") Dim c) {
        Assume.that(!a.equals(b) && !b.equals(c) && !a.equals(c));
        List<Optional<Dim>> m3 = m3(a, b, c);
        int comparable = 0;
        for (Optional<Dim> x : m3)
            for (Optional<Dim> y : m3)
                for (Optional<Dim> z : m3)
                    if (DimOrder.le(x, z)) {
                        comparable++;
                        assertModular(x, y, z);
                    }
        assertEquals(5 * (5 + 2 + 2 + 2 + 1), comparable, "pairs x ⊑ z in M3 (x = ⊥, a, b, c, 1∅), times 5 choices of y");
    }

    /** On all of {@code D_⊥}, with {@code x ⊑ z} built by construction. */
    @Property(tries = 1000)
    void dBottomIsModular(@ForAll("dimsBottom") Optional<Dim> z, @ForAll("dimsBottom") Optional<Dim> y,
            @ForAll("dimsBottom") Optional<Dim> free, @ForAll boolean pickBottom) {
        Optional<Dim> x = z.isEmpty() || pickBottom ? Optional.empty()
                : z.get() instanceof Dim.Unit ? free : z;
        assertTrue(DimOrder.le(x, z));
        assertModular(x, y, z);
    }

    @Example
    void smallestDiamondIsNotDistributive() {
        Dim a = new Dim.Atom(1), b = Dim.atom(2), c = Dim.atom(3);
        assertEquals(Optional.of(a), DimOrder.meet(Optional.of(a), Optional.of(DimOrder.join(b, c))));
        assertEquals(Optional.empty(), DimOrder.join(DimOrder.meet(a, b), DimOrder.meet(a, c)));
    }

    private static void assertModular(Optional<Dim> x, Optional<Dim> y, Optional<Dim> z) {
        assertEquals(DimOrder.join(x, DimOrder.meet(y, z)), DimOrder.meet(DimOrder.join(x, y), z),
                () -> "modular law at x=" + x + ", y=" + y + ", z=" + z);
    }

    private static List<Optional<Dim>> m3(Dim a, Dim b, Dim c) {
        return List.of(Optional.empty(), Optional.of(a), Optional.of(b), Optional.of(c), Optional.of(Dim.unit()));
    }
}
