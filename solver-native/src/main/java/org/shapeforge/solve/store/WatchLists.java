package org.shapeforge.solve.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The per-variable lists of stored facts that mention a variable (the watch lists of Def. 4.1's
 * bound store), pooled: one array of facts and one of links for all variables, each list a chain
 * through them kept in insertion order by a head and a tail index in its slot. Taking a list
 * (the variable was bound) hands its live facts back and returns its entries to a free chain,
 * so the pool holds about as many entries as there are live watches.
 *
 * <p>Why not an {@code ArrayList} per variable: at 10^6 constraints there are over a million
 * such lists alive mid-solve, two objects each, about 60 MB that the collector copies; here they
 * are two arrays (issue 12, docs/performance.md "Memory").
 */
final class WatchLists {
    static final int NONE = -1;
    private Stored[] items = new Stored[1024];
    private int[] next = new int[1024];
    private int used, free = NONE;

    /** Appends {@code s} after entry {@code tail} ({@link #NONE} for an empty list); returns the new entry. */
    int append(int tail, Stored s) {
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
        if (tail != NONE) next[tail] = e;
        return e;
    }

    /**
     * The live facts of the list starting at {@code head}, in insertion order, each marked dead
     * (it is re-emitted once); the entries are freed.
     */
    List<Stored> take(int head) {
        List<Stored> out = new ArrayList<>();
        for (int e = head; e != NONE; ) {
            Stored s = items[e];
            if (s.alive) {
                s.alive = false;
                out.add(s);
            }
            int n = next[e];
            items[e] = null;
            next[e] = free;
            free = e;
            e = n;
        }
        return out;
    }
}
