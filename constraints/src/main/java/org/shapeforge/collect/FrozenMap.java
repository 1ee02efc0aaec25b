package org.shapeforge.collect;

import java.util.AbstractMap;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import it.unimi.dsi.fastutil.objects.Object2ObjectLinkedOpenHashMap;

/**
 * An unmodifiable, insertion-ordered map with no null keys or values, filled once by a
 * {@link Builder} that then hands it over. Immutable values ({@code Assignment},
 * {@code SolvedForm}) take a map through {@link #copyOf}, which copies anything else but accepts a
 * {@code FrozenMap} as is: a solver that builds a model of 10^5 variables with a builder pays for
 * one map, not three. Nobody can reach the backing map, so sharing it is safe.
 *
 * <p>The backing map is fastutil's {@code Object2ObjectLinkedOpenHashMap} (open addressing, keys and
 * values in arrays, the insertion order in a {@code long[]} of links) rather than a
 * {@code LinkedHashMap}: no entry object per key, about a third of the bytes, and nothing for the
 * collector to trace per entry — a model of 10^6 variables is otherwise 10^6 {@code Entry} objects
 * (issue 12, docs/performance.md "Memory").
 */
public final class FrozenMap<K, V> extends AbstractMap<K, V> {
    private static final FrozenMap<?, ?> EMPTY = new FrozenMap<>(new Object2ObjectLinkedOpenHashMap<>());

    private final Map<K, V> m;

    private FrozenMap(Object2ObjectLinkedOpenHashMap<K, V> m) {
        this.m = m;
    }

    /** The empty frozen map. */
    @SuppressWarnings("unchecked")
    public static <K, V> FrozenMap<K, V> of() {
        return (FrozenMap<K, V>) EMPTY;
    }

    /** {@code map} itself when frozen, else an insertion-ordered copy; null keys or values are refused. */
    @SuppressWarnings("unchecked")
    public static <K, V> FrozenMap<K, V> copyOf(Map<? extends K, ? extends V> map) {
        if (map instanceof FrozenMap<?, ?> f) return (FrozenMap<K, V>) f;
        Builder<K, V> b = builder(map.size());
        map.forEach(b::put);
        return b.build();
    }

    /** A builder expecting about {@code expected} entries. */
    public static <K, V> Builder<K, V> builder(int expected) {
        return new Builder<>(expected);
    }

    /** Collects entries in insertion order (a later put for a key replaces its value in place). */
    public static final class Builder<K, V> {
        private Object2ObjectLinkedOpenHashMap<K, V> m;

        private Builder(int expected) {
            m = new Object2ObjectLinkedOpenHashMap<>(Math.max(0, expected));
        }

        public Builder<K, V> put(K key, V value) {
            if (m == null) throw new IllegalStateException("builder already built");
            m.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** The frozen map; the builder cannot be used afterwards. */
        public FrozenMap<K, V> build() {
            if (m == null) throw new IllegalStateException("builder already built");
            FrozenMap<K, V> f = m.isEmpty() ? of() : new FrozenMap<>(m);
            m = null;
            return f;
        }
    }

    @Override
    public V get(Object key) {
        return m.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return m.containsKey(key);
    }

    @Override
    public boolean containsValue(Object value) {
        return m.containsValue(value);
    }

    @Override
    public int size() {
        return m.size();
    }

    @Override
    public boolean isEmpty() {
        return m.isEmpty();
    }

    @Override
    public Set<Entry<K, V>> entrySet() {
        return Collections.unmodifiableMap(m).entrySet();
    }

    @Override
    public Set<K> keySet() {
        return Collections.unmodifiableSet(m.keySet());
    }

    @Override
    public Collection<V> values() {
        return Collections.unmodifiableCollection(m.values());
    }

    @Override
    public void forEach(BiConsumer<? super K, ? super V> action) {
        m.forEach(action);
    }

    @Override
    public V getOrDefault(Object key, V defaultValue) {
        return m.getOrDefault(key, defaultValue);
    }
}
