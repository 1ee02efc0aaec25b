package org.shapeforge.collect;

/**
 * An open-addressing index from hashes to entry numbers, for tables that keep their entries in
 * their own arrays in insertion order ({@link FrozenMap}, the native solver's slot and name
 * tables): one {@code long[]} whose slots pack a hash (high half) with an entry number plus one
 * (low half; 0 is empty), probed linearly. A lookup reads consecutive longs and stops only at
 * slots whose hash matches, so the caller compares keys (its own arrays) only on a hash match;
 * no object per entry. Growing rehashes from the packed hashes alone. Entries are never removed.
 *
 * <p>Callers scan the candidates without allocating:
 * {@code for (int p = ix.candidate(h, ix.home(h)); p >= 0; p = ix.candidate(h, ix.after(p)))}
 * and read {@link #entry(int)} at each.
 */
public final class PackedIndex {
    private final float maxLoad;
    private long[] table;
    private int size, mask, limit;

    /** An empty index with room for about {@code expected} entries at a load of at most {@code maxLoad}. */
    public PackedIndex(int expected, float maxLoad) {
        this.maxLoad = maxLoad;
        int cap = 16;
        while (cap * maxLoad < expected) cap <<= 1;
        allocate(cap);
    }

    private void allocate(int cap) {
        table = new long[cap];
        mask = cap - 1;
        limit = (int) (cap * maxLoad);
    }

    /** The hash a key is indexed under (Fibonacci hashing with the high half folded in). */
    public static int hash(Object key) {
        int h = key.hashCode() * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** Where the probe for hash {@code h} starts. */
    public int home(int h) {
        return h & mask;
    }

    /** The position after {@code pos} (wrapping). */
    public int after(int pos) {
        return (pos + 1) & mask;
    }

    /** The first position from {@code pos} on that holds hash {@code h}, or -1 once the probe meets an empty slot. */
    public int candidate(int h, int pos) {
        for (int i = pos; ; i = (i + 1) & mask) {
            long e = table[i];
            if (e == 0) return -1;
            if ((int) (e >>> 32) == h) return i;
        }
    }

    /** The entry number at position {@code pos}. */
    public int entry(int pos) {
        return (int) table[pos] - 1;
    }

    /** Indexes entry number {@code entry} (not yet indexed) under hash {@code h}. */
    public void add(int h, int entry) {
        if (size + 1 > limit) {
            long[] old = table;
            allocate(old.length * 2);
            for (long e : old) if (e != 0) place(e);
        }
        place((long) h << 32 | (entry + 1L));
        size++;
    }

    private void place(long packed) {
        int i = (int) (packed >>> 32) & mask;
        while (table[i] != 0) i = (i + 1) & mask;
        table[i] = packed;
    }
}
