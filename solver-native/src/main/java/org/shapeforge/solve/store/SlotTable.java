package org.shapeforge.solve.store;

import java.util.Arrays;

/**
 * The store's slots by variable name: open addressing with linear probing over parallel arrays
 * of names, their hashes and the slots — no entry object per variable (a {@code HashMap} of 10^6
 * variables is 10^6 nodes for the collector to trace and copy, issue 12).
 *
 * <p>Why not a library map: fastutil's {@code Object2ObjectOpenHashMap} (on the build for
 * {@code FrozenMap} and {@code Canon}) was measured 15% slower on the whole solve at 10^5
 * (docs/performance.md, "Memory"): its probes call {@code equals} on every key they pass, which
 * dereferences each passed name. Here a probe compares the cached hash first and the name only on
 * a hash match, and by identity before contents (the solver's names are canonical instances).
 * Load factor at most 3/4 (the hash compare keeps long probe runs cheap: sequential int reads).
 * Keys are never removed.
 */
final class SlotTable<S> {
    private String[] keys;
    private int[] hashes;
    private Object[] slots;
    private int size, mask;

    /** An empty table with room for about {@code expected} names before it grows. */
    SlotTable(int expected) {
        int cap = 16;
        while (cap / 4 * 3 < expected) cap <<= 1;
        keys = new String[cap];
        hashes = new int[cap];
        slots = new Object[cap];
        mask = cap - 1;
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** The slot of {@code name}, or null. */
    @SuppressWarnings("unchecked")
    S get(String name) {
        int h = mix(name.hashCode());
        for (int i = h & mask; ; i = (i + 1) & mask) {
            String k = keys[i];
            if (k == null) return null;
            if (hashes[i] == h && (k == name || k.equals(name))) return (S) slots[i];
        }
    }

    /** Records {@code slot} for {@code name}, which must not be present. */
    void put(String name, S slot) {
        if (size + 1 > keys.length / 4 * 3) grow();
        int h = mix(name.hashCode());
        int i = h & mask;
        while (keys[i] != null) i = (i + 1) & mask;
        keys[i] = name;
        hashes[i] = h;
        slots[i] = slot;
        size++;
    }

    int size() {
        return size;
    }

    private void grow() {
        String[] ok = keys;
        int[] oh = hashes;
        Object[] os = slots;
        int cap = ok.length * 2;
        keys = new String[cap];
        hashes = new int[cap];
        slots = new Object[cap];
        mask = cap - 1;
        for (int j = 0; j < ok.length; j++) {
            if (ok[j] == null) continue;
            int i = oh[j] & mask;
            while (keys[i] != null) i = (i + 1) & mask;
            keys[i] = ok[j];
            hashes[i] = oh[j];
            slots[i] = os[j];
        }
        assert Arrays.stream(keys).filter(k -> k != null).count() == size;
    }
}
