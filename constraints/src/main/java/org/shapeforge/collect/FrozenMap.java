package org.shapeforge.collect;

import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.IntFunction;

/**
 * An unmodifiable, insertion-ordered map with no null keys or values, filled once by a
 * {@link Builder} that then hands it over. Immutable values ({@code Assignment},
 * {@code SolvedForm}) take a map through {@link #copyOf}, which copies anything else but accepts a
 * {@code FrozenMap} as is: a solver that builds a model of 10^5 variables with a builder pays for
 * one map, not three. Nobody can reach the backing arrays, so sharing them is safe.
 *
 * <p>Layout (a "compact dict", as CPython's): keys and values interleaved in one array in
 * insertion order, and a {@link PackedIndex} at a load of at most 1/2. A lookup reads one index cache line and, on a hash match, the entry (key and value on
 * one line): as many memory accesses as a {@code LinkedHashMap}, without its entry object per key —
 * a model of 10^6 variables is otherwise 10^6 {@code Entry} objects for the collector to copy
 * (issue 12). fastutil's linked map was tried: it has no entry objects but reads three arrays per
 * lookup, and cost about 0.9 s more on a 10^6-constraint solve (docs/performance.md, "Memory").
 *
 * <p>The index is built when a key is first looked up, from the keys' hashes kept beside the
 * entries: a map only iterated, or read by position ({@link #getAt}), never builds it. Building
 * it inserts every key at a random position — at 10^6 keys a cache miss each — and a solver's
 * model is mostly read by position (its variables' ids are their entries' positions, issue 12).
 * Concurrent first lookups may each build it; the builds are equal and published through a
 * volatile field.
 */
public final class FrozenMap<K, V> extends AbstractMap<K, V> {
    private static final FrozenMap<?, ?> EMPTY = new FrozenMap<>(new Object[0], new int[0], null, 0);

    /** key0, value0, key1, value1, … in insertion order. */
    private final Object[] kv;
    /** {@code PackedIndex.hash} of each key, in insertion order. */
    private final int[] hashes;
    /** Null until a key is first looked up. */
    private volatile PackedIndex index;
    private final int size;

    private FrozenMap(Object[] kv, int[] hashes, PackedIndex index, int size) {
        this.kv = kv;
        this.hashes = hashes;
        this.index = index;
        this.size = size;
    }

    private PackedIndex index() {
        PackedIndex ix = index;
        if (ix == null) index = ix = indexOf(hashes, size);
        return ix;
    }

    private static PackedIndex indexOf(int[] hashes, int size) {
        PackedIndex ix = new PackedIndex(size, 0.5f);
        for (int i = 0; i < size; i++) ix.add(hashes[i], i);
        return ix;
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

    /** The entry number of {@code key} in {@code kv}, or -1. */
    private static int find(Object[] kv, PackedIndex index, Object key) {
        int h = PackedIndex.hash(key);
        for (int p = index.candidate(h, index.home(h)); p >= 0; p = index.candidate(h, index.after(p))) {
            int n = index.entry(p);
            Object k = kv[2 * n];
            if (k == key || k.equals(key)) return n;
        }
        return -1;
    }

    /** Collects entries in insertion order (a later put for a key replaces its value in place). */
    public static final class Builder<K, V> {
        private Object[] kv;
        private int[] hashes;
        /** Built on the first {@link #put} (a builder fed by {@link #putNew} only never needs it). */
        private PackedIndex index;
        private int size;
        private boolean built;

        private Builder(int expected) {
            int n = Math.max(2, expected);
            kv = new Object[2 * n];
            hashes = new int[n];
        }

        public Builder<K, V> put(K key, V value) {
            if (built) throw new IllegalStateException("builder already built");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
            if (index == null) index = indexOf(hashes, size);
            int n = find(kv, index, key);
            if (n >= 0) {
                kv[2 * n + 1] = value;
                return this;
            }
            return append(key, PackedIndex.hash(key), value);
        }

        private Builder<K, V> append(K key, int hash, V value) {
            if (2 * size == kv.length) kv = Arrays.copyOf(kv, 2 * (size + (size >> 1) + 1));
            if (size == hashes.length) hashes = Arrays.copyOf(hashes, kv.length / 2);
            kv[2 * size] = key;
            kv[2 * size + 1] = value;
            hashes[size] = hash;
            if (index != null) index.add(hash, size);
            size++;
            return this;
        }

        /**
         * Adds an entry whose key the builder does not hold yet, under its precomputed
         * {@code hash == PackedIndex.hash(key)}: no probe for an earlier entry and no read of the key
         * object — for callers that hold distinct keys with their hashes (the native solver's
         * slots), where at 10^6 entries each avoided probe is a cache miss (issue 12). A key already
         * present, or a wrong hash, breaks the map (checked with assertions enabled).
         */
        public Builder<K, V> putNew(K key, int hash, V value) {
            if (built) throw new IllegalStateException("builder already built");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
            assert hash == PackedIndex.hash(key) && absent(key) : "putNew: wrong hash or key present: " + key;
            return append(key, hash, value);
        }

        /** Whether {@code key} is not in the builder yet (assertions only: it keeps an index from then on). */
        private boolean absent(K key) {
            if (index == null) index = indexOf(hashes, size);
            return find(kv, index, key) < 0;
        }

        /** The frozen map; the builder cannot be used afterwards. */
        public FrozenMap<K, V> build() {
            if (built) throw new IllegalStateException("builder already built");
            built = true;
            FrozenMap<K, V> f = size == 0 ? of() : new FrozenMap<>(kv, hashes, index, size);
            kv = null;
            hashes = null;
            index = null;
            return f;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(Object key) {
        if (key == null || size == 0) return null;
        int n = find(kv, index(), key);
        return n < 0 ? null : (V) kv[2 * n + 1];
    }

    /**
     * {@link #get get(key)}, trying entry number {@code position} first: when the entry there has
     * {@code key} itself (the same instance) its value is returned without touching the index.
     * For callers that know where a key was put, e.g. by an id it carries (issue 12).
     */
    @SuppressWarnings("unchecked")
    public V getAt(int position, Object key) {
        if (position >= 0 && position < size && kv[2 * position] == key) return (V) kv[2 * position + 1];
        return get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return key != null && size > 0 && find(kv, index(), key) >= 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void forEach(BiConsumer<? super K, ? super V> action) {
        for (int i = 0; i < size; i++) action.accept((K) kv[2 * i], (V) kv[2 * i + 1]);
    }

    @Override
    @SuppressWarnings("unchecked")
    public V getOrDefault(Object key, V defaultValue) {
        V v = get(key);
        return v != null ? v : defaultValue;
    }

    /** Iterates entry numbers 0..size-1 mapped through {@code at}. */
    private <T> Iterator<T> iterator(IntFunction<T> at) {
        return new Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
                return i < size;
            }

            @Override
            public T next() {
                if (i >= size) throw new NoSuchElementException();
                return at.apply(i++);
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public Set<Entry<K, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<K, V>> iterator() {
                return FrozenMap.this.iterator(i -> new SimpleImmutableEntry<>((K) kv[2 * i], (V) kv[2 * i + 1]));
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public Set<K> keySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<K> iterator() {
                return FrozenMap.this.iterator(i -> (K) kv[2 * i]);
            }

            @Override
            public boolean contains(Object o) {
                return containsKey(o);
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public Collection<V> values() {
        return new AbstractCollection<>() {
            @Override
            public Iterator<V> iterator() {
                return FrozenMap.this.iterator(i -> (V) kv[2 * i + 1]);
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
