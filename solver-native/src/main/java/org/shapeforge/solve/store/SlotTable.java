package org.shapeforge.solve.store;

import java.util.Arrays;
import org.shapeforge.collect.PackedIndex;

/**
 * The store's slots by variable name, without an entry object per variable: the slots in an
 * array in insertion order, found through a {@link PackedIndex} (load at most 3/4). A probe reads
 * consecutive longs and touches a slot only on a hash match; the name is confirmed by identity
 * before contents (the solver's names are canonical instances).
 *
 * <p>Why not a library map: a {@code HashMap} holds a node per variable (10^6 objects at scale
 * for the collector to copy, issue 12); fastutil's {@code Object2ObjectOpenHashMap} reads a key
 * array and a value array and calls {@code equals} on every key it passes, and a table of the
 * slots themselves dereferences every slot a probe passes — both measured slower than
 * {@code HashMap} on the whole solve at 10^6 (docs/performance.md, "Memory"). Slots are never
 * removed.
 *
 * <p>The index is built on the first lookup by name: the solver finds its slots by the ids their
 * terms carry ({@link Registry}), and for an interned problem may never ask by name — then the
 * million random insertions into the index at 10^6 variables are never made (issue 12).
 */
final class SlotTable<S extends Named> {
    /** Null until the first lookup by name. */
    private PackedIndex index;
    private Named[] slots;
    private int size;

    /** An empty table with room for about {@code expected} slots before it grows. */
    SlotTable(int expected) {
        slots = new Named[Math.max(16, expected)];
    }

    private PackedIndex index() {
        if (index == null) {
            PackedIndex ix = new PackedIndex(Math.max(size, slots.length), 0.75f);
            for (int i = 0; i < size; i++) ix.add(slots[i].hash, i);
            index = ix;
        }
        return index;
    }

    /**
     * The last two slots found, matched by name identity: one step asks for the same few
     * variables again and again (its rank facts, the substitution, the binding, the store), and at
     * 10^6 variables every probe of the index is a cache miss (issue 12). Slots are never removed,
     * and a slot's name is final, so a remembered slot stays right — also for readers on other
     * threads (each field is one reference, read once).
     */
    private Named slot0, slot1;

    /** The slot of {@code name}, or null. */
    @SuppressWarnings("unchecked")
    S get(String name) {
        Named r0 = slot0;
        if (r0 != null && r0.name() == name) return (S) r0;
        Named r1 = slot1;
        if (r1 != null && r1.name() == name) return (S) r1;
        int h = PackedIndex.hash(name);
        PackedIndex index = index();
        for (int p = index.candidate(h, index.home(h)); p >= 0; p = index.candidate(h, index.after(p))) {
            Named s = slots[index.entry(p)];
            if (s.name() == name || s.name().equals(name)) {
                slot1 = r0;
                slot0 = s;
                return (S) s;
            }
        }
        return null;
    }

    /** Records {@code slot}, whose name must not be present. */
    void put(S slot) {
        if (size == slots.length) slots = Arrays.copyOf(slots, size + (size >> 1));
        slots[size] = slot;
        if (index != null) index.add(slot.hash, size);
        size++;
    }

    int size() {
        return size;
    }
}
