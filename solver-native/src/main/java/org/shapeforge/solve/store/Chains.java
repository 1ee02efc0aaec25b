package org.shapeforge.solve.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * The store's per-variable lists of stored facts (Def. 4.1's bound store: the facts mentioning a
 * variable, its adjacencies, a row's caps), pooled: one array of facts and one of links for all
 * of them. A list is a chain through the pool, kept in insertion order and named by one
 * {@code long} handle packing its head and tail entries ({@link #EMPTY} for none), which its slot
 * holds. Entries of dead facts are unlinked and reused when a list is read ({@link #prune}) or
 * taken ({@link #take}), so the pool holds about as many entries as there are live facts in lists.
 *
 * <p>Why not an {@code ArrayList} per list: at 10^6 constraints there are over a million such
 * lists alive mid-solve and close to a million at its end, two objects each, which the collector
 * copies; here they are two arrays (issue 12, docs/performance.md "Memory").
 */
final class Chains {
    /** The empty list's handle. */
    static final long EMPTY = -1L;
    private static final int NONE = -1;
    private Stored[] items = new Stored[1024];
    private int[] next = new int[1024];
    private int used, free = NONE;

    private static long handle(int head, int tail) {
        return (long) head << 32 | (tail & 0xFFFFFFFFL);
    }

    private static int head(long h) {
        return (int) (h >>> 32);
    }

    private static int tail(long h) {
        return (int) h;
    }

    /** The list {@code chain} with {@code s} appended. */
    long append(long chain, Stored s) {
        int e;
        if (free != NONE) {
            e = free;
            free = next[e];
        } else {
            if (used == items.length) {
                int cap = used + (used >> 1);
                items = Arrays.copyOf(items, cap);
                next = Arrays.copyOf(next, cap);
            }
            e = used++;
        }
        items[e] = s;
        next[e] = NONE;
        if (chain == EMPTY) return handle(e, e);
        next[tail(chain)] = e;
        return handle(head(chain), e);
    }

    private void release(int e) {
        items[e] = null;
        next[e] = free;
        free = e;
    }

    /**
     * The live facts of {@code chain}, in insertion order, each marked dead (it is re-emitted
     * once); every entry is freed: the caller's list is empty afterwards.
     */
    List<Stored> take(long chain) {
        List<Stored> out = new ArrayList<>();
        for (int e = chain == EMPTY ? NONE : head(chain); e != NONE; ) {
            Stored s = items[e];
            if (s.alive) {
                s.alive = false;
                out.add(s);
            }
            int n = next[e];
            release(e);
            e = n;
        }
        return out;
    }

    /** Adds {@code chain}'s live facts to {@code out} in order and returns its handle without the dead ones (freed). */
    long prune(long chain, List<Stored> out) {
        if (chain == EMPTY) return EMPTY;
        int head = NONE, last = NONE;
        for (int e = head(chain); e != NONE; ) {
            int n = next[e];
            Stored s = items[e];
            if (s.alive) {
                out.add(s);
                if (last == NONE) head = e;
                else next[last] = e;
                last = e;
            } else {
                release(e);
            }
            e = n;
        }
        if (last == NONE) return EMPTY;
        next[last] = NONE;
        return handle(head, last);
    }

    /** The first live fact of {@code chain} satisfying {@code p}, or null (no allocation). */
    Stored findLive(long chain, Predicate<Stored> p) {
        for (int e = chain == EMPTY ? NONE : head(chain); e != NONE; e = next[e])
            if (items[e].alive && p.test(items[e])) return items[e];
        return null;
    }

    /** Every fact of {@code chain}, dead ones included, in order (the caller filters). */
    List<Stored> all(long chain) {
        List<Stored> out = new ArrayList<>();
        for (int e = chain == EMPTY ? NONE : head(chain); e != NONE; e = next[e]) out.add(items[e]);
        return out;
    }
}
