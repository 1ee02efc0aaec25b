package org.shapeforge.solve.store;

import java.util.Arrays;

/**
 * The store's slots by variable name, without an entry object per variable: open addressing with
 * linear probing over one {@code long[]} whose entries pack a name's hash (high half) with its
 * slot's index (low half, plus one: 0 is empty) into an array of the slots in insertion order. A
 * probe reads consecutive longs and compares hashes, so passing other entries costs no memory
 * access beyond the probed cache line; a hash match reads the slot (which the caller wants
 * anyway) and confirms the name by identity before contents (the solver's names are canonical
 * instances).
 *
 * <p>Why not a library map: a {@code HashMap} holds a node per variable (10^6 objects at scale
 * for the collector to copy, issue 12); fastutil's {@code Object2ObjectOpenHashMap} reads a key
 * array and a value array and calls {@code equals} on every key it passes, and a table of the
 * slots themselves dereferences every slot a probe passes — both measured slower than
 * {@code HashMap} on the whole solve at 10^6 (docs/performance.md, "Memory"). Load factor at most
 * 3/4. Slots are never removed.
 */
final class SlotTable<S extends Named> {
    private long[] table;
    private Named[] slots;
    private int size, mask;

    /** An empty table with room for about {@code expected} slots before it grows. */
    SlotTable(int expected) {
        int cap = 16;
        while (cap / 4 * 3 < expected) cap <<= 1;
        table = new long[cap];
        slots = new Named[Math.max(16, expected)];
        mask = cap - 1;
    }

    /** The hash of a name as the table uses it (Fibonacci hashing with the high half folded in). */
    static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** The slot of {@code name}, or null. */
    @SuppressWarnings("unchecked")
    S get(String name) {
        int h = mix(name.hashCode());
        for (int i = h & mask; ; i = (i + 1) & mask) {
            long e = table[i];
            if (e == 0) return null;
            if ((int) (e >>> 32) == h) {
                Named s = slots[(int) e - 1];
                if (s.name() == name || s.name().equals(name)) return (S) s;
            }
        }
    }

    /** Records {@code slot}, whose name must not be present. */
    void put(S slot) {
        if (size + 1 > table.length / 4 * 3) grow();
        if (size == slots.length) slots = Arrays.copyOf(slots, size + (size >> 1));
        slots[size] = slot;
        insert(table, mask, slot.hash, size);
        size++;
    }

    private static void insert(long[] t, int mask, int hash, int index) {
        int i = hash & mask;
        while (t[i] != 0) i = (i + 1) & mask;
        t[i] = (long) hash << 32 | (index + 1L);
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        mask = table.length - 1;
        for (long e : old) if (e != 0) insert(table, mask, (int) (e >>> 32), (int) e - 1);
    }
}
