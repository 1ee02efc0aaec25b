package org.shapeforge.solve.store;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.shapeforge.term.Row;

/**
 * The row variables' slots ({@link Slots}), with each one's placement flag (a policy-chosen
 * marker split, Def. 4.3(b)/(c)), its caps {@code R ⊑ ⟨ρ⟩} and how many were ever stored — past
 * a few, a hub row's caps are also indexed by their lower row, for the duplicate check.
 */
final class RowSlots extends Slots {
    /** A byte per variable, as {@link Slots}' flags. */
    boolean[] placement;
    long[] caps;
    int[] capCount;
    /** The caps of hub rows (a batch row with a cap per layer) by their lower row; null for the others. */
    Map<Row, Stored>[] capsByLower;

    @SuppressWarnings("unchecked")
    RowSlots(int expected) {
        super(expected);
        placement = new boolean[names.length];
        caps = filled(names.length);
        capCount = new int[names.length];
        capsByLower = new Map[names.length];
    }

    @Override
    void grow(int n) {
        super.grow(n);
        placement = Arrays.copyOf(placement, n);
        caps = grown(caps, n);
        capCount = Arrays.copyOf(capCount, n);
        capsByLower = Arrays.copyOf(capsByLower, n);
    }

    /** The bare variable {@code ⟨ρ⟩} as a term carrying its id (one instance per variable). */
    Row.Open term(int id) {
        Object t = terms[id];
        if (t == null) terms[id] = t = new Row.Open(List.of(), names[id], List.of(), id);
        return (Row.Open) t;
    }

    Row value(int id) {
        return (Row) values[id];
    }
}
