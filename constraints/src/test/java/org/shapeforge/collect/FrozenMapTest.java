package org.shapeforge.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FrozenMapTest {
    @Test
    void builderKeepsInsertionOrderAndRefusesNulls() {
        var b = FrozenMap.<String, Integer>builder(2).put("z", 1).put("a", 2).put("z", 3);
        assertThrows(NullPointerException.class, () -> b.put(null, 1));
        assertThrows(NullPointerException.class, () -> b.put("k", null));
        FrozenMap<String, Integer> m = b.build();
        assertEquals(List.of("z", "a"), List.copyOf(m.keySet()));
        assertEquals(3, m.get("z"));
        assertEquals(Map.of("z", 3, "a", 2), m); // Map equality, either way round
        assertEquals(m, Map.of("z", 3, "a", 2));
        assertThrows(IllegalStateException.class, b::build);
        assertThrows(IllegalStateException.class, () -> b.put("late", 4));
    }

    @Test
    void isUnmodifiableThroughEveryView() {
        FrozenMap<String, Integer> m = FrozenMap.<String, Integer>builder(1).put("a", 1).build();
        assertThrows(UnsupportedOperationException.class, () -> m.put("b", 2));
        assertThrows(UnsupportedOperationException.class, () -> m.remove("a"));
        assertThrows(UnsupportedOperationException.class, () -> m.entrySet().iterator().next().setValue(5));
        assertThrows(UnsupportedOperationException.class, () -> m.keySet().remove("a"));
        assertThrows(UnsupportedOperationException.class, () -> m.values().clear());
        assertThrows(UnsupportedOperationException.class, () -> m.merge("a", 1, Integer::sum));
        assertEquals(Map.of("a", 1), m);
    }

    @Test
    void copyOfSharesFrozenMapsAndCopiesOthers() {
        FrozenMap<String, Integer> m = FrozenMap.<String, Integer>builder(1).put("a", 1).build();
        assertSame(m, FrozenMap.copyOf(m));
        Map<String, Integer> src = new LinkedHashMap<>(Map.of("a", 1));
        FrozenMap<String, Integer> c = FrozenMap.copyOf(src);
        assertNotSame(src, c);
        src.put("b", 2); // the copy does not see later changes of its source
        assertEquals(Map.of("a", 1), c);
        Map<String, Integer> withNull = new LinkedHashMap<>();
        withNull.put("a", null);
        assertThrows(NullPointerException.class, () -> FrozenMap.copyOf(withNull));
    }

    /** The compact layout (issue 12): many keys, colliding hash codes, growth past the expected size, replacement in place. */
    @Test
    void largeMapsAgreeWithLinkedHashMap() {
        var b = FrozenMap.<String, Integer>builder(3);
        Map<String, Integer> ref = new LinkedHashMap<>();
        for (int i = 0; i < 50_000; i++) {
            String k = (i % 2 == 0 ? "Aa" : "BB") + (i / 2); // "Aa…" and "BB…" share hash codes
            b.put(k, i);
            ref.put(k, i);
        }
        b.put("Aa7", -1); // replaced in place: the order is unchanged
        ref.put("Aa7", -1);
        FrozenMap<String, Integer> m = b.build();
        assertEquals(ref.size(), m.size());
        assertEquals(List.copyOf(ref.keySet()), List.copyOf(m.keySet()));
        assertEquals(List.copyOf(ref.values()), List.copyOf(m.values()));
        assertEquals(ref, m);
        assertEquals(m, ref);
        assertEquals(ref.hashCode(), m.hashCode());
        for (var e : ref.entrySet()) assertEquals(e.getValue(), m.get(new String(e.getKey())));
        assertEquals(null, m.get("CC1"));
        assertEquals(7, m.getOrDefault("CC1", 7));
        assertEquals(false, m.containsKey(null));
        java.util.List<String> seen = new java.util.ArrayList<>();
        m.forEach((k, v) -> seen.add(k));
        assertEquals(List.copyOf(ref.keySet()), seen);
    }

    @Test
    void putNewWithTheHashBuildsTheSameMapAndChecksItsContract() {
        var a = FrozenMap.<String, Integer>builder(4);
        var b = FrozenMap.<String, Integer>builder(4);
        for (int i = 0; i < 1000; i++) {
            String k = "v" + i;
            a.put(k, i);
            b.putNew(k, PackedIndex.hash(k), i);
        }
        FrozenMap<String, Integer> x = a.build(), y = b.build();
        assertEquals(x, y);
        assertEquals(List.copyOf(x.keySet()), List.copyOf(y.keySet()));
        for (int i = 0; i < 1000; i++) assertEquals(i, y.get("v" + i));
        // surefire runs with assertions enabled: a key present or a wrong hash is refused
        var c = FrozenMap.<String, Integer>builder(2).putNew("k", PackedIndex.hash("k"), 1);
        assertThrows(AssertionError.class, () -> c.putNew("k", PackedIndex.hash("k"), 2));
        assertThrows(AssertionError.class, () -> c.putNew("j", PackedIndex.hash("k"), 2));
    }
}
