package org.shapeforge.solve.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.term.Dim;

/** The store's compact tables (issue 12): {@link Slots} and {@link Chains}. */
class CompactTablesTest {

    /** "Aa" and "BB" share a hash code: lookups by name must still tell them apart, across growth, before and after the index is built. */
    @Test
    void slotsFindEveryVariableThroughCollisionsAndGrowth() {
        RowSlots t = new RowSlots(4); // row names may start upper-case
        List<String> all = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            String a = "Aa".repeat(1 + i % 3) + i, b = "BB".repeat(1 + i % 3) + i; // equal hashes pairwise
            for (String n : List.of(a, b)) {
                assertEquals(all.size(), t.add(n, null));
                all.add(n);
                if (all.size() == 5_000) assertEquals(4_999, t.find(n)); // builds the index mid-way
            }
        }
        assertEquals(all.size(), t.count);
        for (int id = 0; id < all.size(); id++) {
            String n = all.get(id);
            assertEquals(id, t.find(n));
            assertEquals(id, t.find(new String(n))); // by contents, not only identity
            assertEquals(id, t.find(n, id));
            assertEquals(id, t.find(n, (id + 1) % all.size()), "a wrong hint falls back to the name");
            assertEquals(id, t.term(id).varId());
        }
        assertEquals(-1, t.find("Aa-absent"));
        assertEquals(-1, t.find("zz"));
    }

    private static Stored stored(Store st, String v) {
        int a = st.dimSlotOrNew(v), b = st.dimSlotOrNew(v + "'");
        return st.bound().storeAdjacency(new Fact.DimLe(st.dimTerm(a), st.dimTerm(b)), Why.NONE, a, b);
    }

    private static List<Stored> take(Store st, String v) {
        int s = st.dimSlot(v);
        return s == Store.NONE ? List.of() : st.bound().takeDimWatchers(s);
    }

    /** Watch lists hand back live facts in insertion order, once; freed entries are reused without touching other lists. */
    @Test
    void watchListsKeepOrderSkipDeadAndReuseFreedEntries() {
        Store st = new Store();
        List<Stored> a = new ArrayList<>(), b = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            a.add(stored(st, "a"));
            b.add(stored(st, "b"));
        }
        st.bound().kill(a.get(1));
        List<Stored> takenA = take(st, "a");
        assertEquals(List.of(a.get(0), a.get(2), a.get(3), a.get(4)), takenA);
        for (Stored s : takenA) assertFalse(s.alive());
        assertEquals(List.of(), take(st, "a"));
        // new facts on another variable reuse a's entries; b's list is intact
        List<Stored> c = new ArrayList<>();
        for (int i = 0; i < 7; i++) c.add(stored(st, "c"));
        assertEquals(b, take(st, "b"));
        assertEquals(c, take(st, "c"));
        assertTrue(take(st, "never-seen").isEmpty());
    }

    /** Adjacency lists read live facts in order and drop dead ones for good; other chains are untouched. */
    @Test
    void adjacencyChainsPruneDeadEntries() {
        Store st = new Store();
        List<Stored> up = new ArrayList<>();
        for (int i = 0; i < 4; i++) up.add(stored(st, "a")); // a <= a' four times: a's up list, a''s down list
        Stored other = stored(st, "z");
        st.bound().kill(up.get(0));
        st.bound().kill(up.get(2));
        assertEquals(List.of(up.get(1), up.get(3)), st.bound().upAdjacencies("a"));
        assertEquals(List.of(up.get(1), up.get(3)), st.bound().downAdjacencies("a'"));
        st.bound().kill(up.get(3));
        assertEquals(List.of(up.get(1)), st.bound().upAdjacencies("a"));
        Stored later = stored(st, "a"); // appended after pruning: the chain's tail is right
        assertEquals(List.of(up.get(1), later), st.bound().upAdjacencies("a"));
        assertEquals(List.of(other), st.bound().upAdjacencies("z"));
        st.bound().kill(up.get(1));
        st.bound().kill(later);
        assertTrue(st.bound().upAdjacencies("a").isEmpty());
        assertEquals(List.of(other), st.bound().upAdjacencies("z"));
    }
}
