package org.shapeforge.solve;

import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The variable names of a problem in order of first sight, each kept as one canonical
 * {@code String} instance ({@link #addOrGet}): {@link Canon}'s table. Open addressing over one
 * {@code long[]} that packs a name's hash with its position in the order array, as
 * {@code collect.FrozenMap} does: no entry object per name (a {@code LinkedHashMap} here was a
 * million entries at 10^6 constraints, issue 12), and a lookup reads one index line and, on a
 * hash match, the name. Read-only as a {@link java.util.Set} (a live view: later additions show).
 */
final class NameSet extends AbstractSet<String> {
    private String[] names;
    private long[] index;
    private int size;

    NameSet(int expected) {
        names = new String[Math.max(16, expected)];
        index = indexFor(Math.max(16, expected));
    }

    private static long[] indexFor(int entries) {
        int cap = 16;
        while (cap < 2 * entries) cap <<= 1;
        return new long[cap];
    }

    private static int hash(String s) {
        int h = s.hashCode() * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** The position of {@code s}, or -1. */
    private int find(String s, int h) {
        int mask = index.length - 1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            long e = index[i];
            if (e == 0) return -1;
            if ((int) (e >>> 32) == h) {
                String k = names[(int) e - 1];
                if (k == s || k.equals(s)) return (int) e - 1;
            }
        }
    }

    private static void insert(long[] index, int h, int n) {
        int mask = index.length - 1, i = h & mask;
        while (index[i] != 0) i = (i + 1) & mask;
        index[i] = (long) h << 32 | (n + 1L);
    }

    /** The instance already recorded for {@code s}'s name, or {@code s} itself, now recorded last. */
    String addOrGet(String s) {
        int h = hash(s), n = find(s, h);
        if (n >= 0) return names[n];
        if (size == names.length) names = Arrays.copyOf(names, size + (size >> 1));
        if (2 * (size + 1) > index.length) {
            index = indexFor(size + 1);
            for (int i = 0; i < size; i++) insert(index, hash(names[i]), i);
        }
        names[size] = s;
        insert(index, h, size++);
        return s;
    }

    @Override
    public boolean contains(Object o) {
        return o instanceof String s && find(s, hash(s)) >= 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Iterator<String> iterator() {
        return new Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
                return i < size;
            }

            @Override
            public String next() {
                if (i >= size) throw new NoSuchElementException();
                return names[i++];
            }
        };
    }
}
