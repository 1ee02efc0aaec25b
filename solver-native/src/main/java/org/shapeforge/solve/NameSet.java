package org.shapeforge.solve;

import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import org.shapeforge.collect.PackedIndex;

/**
 * The variable names of a problem in order of first sight, each kept as one canonical
 * {@code String} instance ({@link #addOrGet}): {@link Canon}'s table. The names sit in an array
 * in order, found through a {@link PackedIndex} as in {@code collect.FrozenMap}: no entry object
 * per name (a {@code LinkedHashMap} here was a million entries at 10^6 constraints, issue 12), and
 * a lookup reads one index line and, on a hash match, the name. Read-only as a {@link java.util.Set} (a live view: later additions show).
 */
final class NameSet extends AbstractSet<String> {
    private String[] names;
    private final PackedIndex index;
    private int size;

    NameSet(int expected) {
        names = new String[Math.max(16, expected)];
        index = new PackedIndex(expected, 0.5f);
    }

    /** The position of {@code s}, or -1. */
    private int find(String s, int h) {
        for (int p = index.candidate(h, index.home(h)); p >= 0; p = index.candidate(h, index.after(p))) {
            String k = names[index.entry(p)];
            if (k == s || k.equals(s)) return index.entry(p);
        }
        return -1;
    }

    /**
     * The last two names {@link #addOrGet} returned: consecutive constraints mention the same few
     * variables, and at 10^6 names every probe of the index is a cache miss (issue 12).
     */
    private String recent0, recent1;

    private int recentId0 = -1, recentId1 = -1;

    /**
     * The position of {@code s}'s name — its id, in order of first sight — recording {@code s} as
     * the name's instance if it is new. {@link #get} then gives the recorded instance.
     */
    int intern(String s) {
        if (s == recent0) return recentId0; // the recorded instance itself
        if (s == recent1) return recentId1;
        int h = PackedIndex.hash(s), n = find(s, h);
        recent1 = recent0;
        recentId1 = recentId0;
        if (n >= 0) {
            recent0 = names[n];
            return recentId0 = n;
        }
        recent0 = s;
        if (size == names.length) names = Arrays.copyOf(names, size + (size >> 1));
        names[size] = s;
        index.add(h, size);
        return recentId0 = size++;
    }

    /** The instance already recorded for {@code s}'s name, or {@code s} itself, now recorded last. */
    String addOrGet(String s) {
        int id = intern(s); // first: interning may grow the array
        return names[id];
    }

    /** The name with id {@code id}. */
    String get(int id) {
        return names[id];
    }

    @Override
    public boolean contains(Object o) {
        return o instanceof String s && find(s, PackedIndex.hash(s)) >= 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Iterator<String> iterator() {
        return Arrays.asList(names).subList(0, size).iterator(); // read-only: the list's remove is unsupported
    }
}
