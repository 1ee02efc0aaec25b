package org.shapeforge.semantics;

import java.util.Optional;
import org.shapeforge.term.Dim;

/**
 * The broadcast order on ground dimensions (Def. 1.2) and the lattice operations of
 * Prop. 1.3. {@code d1 ⊑ d2} iff {@code d2 = 1∅} or {@code d1 = d2}: the unit is the top, atoms
 * form an antichain. Joins stay in {@code D} (two distinct atoms join to {@code 1∅}); meets may
 * reach the adjoined bottom {@code ⊥}, represented by {@link Optional#empty()}.
 *
 * <p>Ground means {@link Dim.Unit} or {@link Dim.Atom}; anything else is a caller bug
 * ({@link IllegalArgumentException}). Atoms are compared as values: {@code 1_default} (an atom)
 * is distinct from the unit {@code 1∅}, and {@code 3_rgb} from {@code 3_default}.
 */
public final class DimOrder {
    private DimOrder() {}

    /** {@code d1 ⊑ d2} (Def. 1.2): {@code d2} is the unit, or the two are identical. */
    public static boolean le(Dim d1, Dim d2) {
        requireGround(d1);
        requireGround(d2);
        return d2 instanceof Dim.Unit || d1.equals(d2);
    }

    /**
     * The least upper bound (Prop. 1.3): {@code d ∨ d = d}, {@code d ∨ 1∅ = 1∅}, distinct
     * atoms join to {@code 1∅}. Always an element of {@code D}.
     */
    public static Dim join(Dim d1, Dim d2) {
        requireGround(d1);
        requireGround(d2);
        return d1.equals(d2) ? d1 : Dim.Unit.INSTANCE;
    }

    /**
     * The greatest lower bound in {@code D_⊥} (Prop. 1.3): {@code d ∧ d = d},
     * {@code d ∧ 1∅ = d}, distinct atoms meet at {@code ⊥} (empty).
     */
    public static Optional<Dim> meet(Dim d1, Dim d2) {
        requireGround(d1);
        requireGround(d2);
        if (d1.equals(d2) || d2 instanceof Dim.Unit) return Optional.of(d1);
        if (d1 instanceof Dim.Unit) return Optional.of(d2);
        return Optional.empty();
    }

    /** The order extended to {@code D_⊥} (Def. 1.2): {@code ⊥} (empty) is below everything. */
    public static boolean le(Optional<Dim> d1, Optional<Dim> d2) {
        if (d1.isEmpty()) return true;
        return d2.isPresent() && le(d1.get(), d2.get());
    }

    /** Join on {@code D_⊥}: {@code d ∨ ⊥ = d}. */
    public static Optional<Dim> join(Optional<Dim> d1, Optional<Dim> d2) {
        if (d1.isEmpty()) return d2;
        if (d2.isEmpty()) return d1;
        return Optional.of(join(d1.get(), d2.get()));
    }

    /** Meet on {@code D_⊥}: {@code d ∧ ⊥ = ⊥}. */
    public static Optional<Dim> meet(Optional<Dim> d1, Optional<Dim> d2) {
        if (d1.isEmpty() || d2.isEmpty()) return Optional.empty();
        return meet(d1.get(), d2.get());
    }

    static void requireGround(Dim d) {
        if (!d.isGround()) throw new IllegalArgumentException("not a ground dimension: " + d);
    }
}
