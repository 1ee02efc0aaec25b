package org.shapeforge.collect;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value computed on first use, at most once, then kept (thread-safe: double-checked on a
 * volatile field; the computation must be pure). Two lazies are equal when their values are,
 * which computes both. For values that are part of an answer but that few callers read — the
 * solved form's γ↑ is a million-entry assignment at 10^6 constraints (issue 12). The JDK's
 * {@code StableValue} (JEP 502) is the library for this, but it is a preview API in Java 25.
 */
public final class Lazy<T> implements Supplier<T> {
    private Supplier<? extends T> compute;
    private volatile T value;

    private Lazy(Supplier<? extends T> compute, T value) {
        this.compute = compute;
        this.value = value;
    }

    /** A value computed by {@code compute} when first asked for (it must not return null). */
    public static <T> Lazy<T> of(Supplier<? extends T> compute) {
        return new Lazy<>(Objects.requireNonNull(compute, "compute"), null);
    }

    /** A value already known. */
    public static <T> Lazy<T> known(T value) {
        return new Lazy<>(null, Objects.requireNonNull(value, "value"));
    }

    @Override
    public T get() {
        T v = value;
        if (v != null) return v;
        synchronized (this) {
            if (value == null) {
                value = Objects.requireNonNull(compute.get(), "lazy value");
                compute = null; // what it captured may be collected
            }
            return value;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Lazy<?> l && get().equals(l.get());
    }

    @Override
    public int hashCode() {
        return get().hashCode();
    }

    @Override
    public String toString() {
        return String.valueOf(get());
    }
}
