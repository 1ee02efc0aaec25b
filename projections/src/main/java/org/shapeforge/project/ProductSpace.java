package org.shapeforge.project;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The reference semantics of a product space and its index maps (Def. 7.3): enumeration of the
 * points and evaluation of an index at a point. A single-factor entry is a nested loop; a Concat
 * entry runs its factors one after the other, so at a point exactly one of its symbols is bound.
 * Used by the properties of Thm. 7.8 and Prop. 7.6, and by any reference interpreter.
 */
public final class ProductSpace {
    private ProductSpace() {}

    /** Calls {@code visit} once per point; the map is reused between calls (copy it to keep it). */
    public static void forEach(List<Factor.Entry> product, Consumer<Map<String, Long>> visit) {
        walk(product, 0, new HashMap<>(), visit);
    }

    private static void walk(List<Factor.Entry> product, int at, Map<String, Long> point, Consumer<Map<String, Long>> visit) {
        if (at == product.size()) {
            visit.accept(point);
            return;
        }
        for (Factor f : product.get(at).factors()) {
            for (long v = 0; v < f.extent(); v++) {
                point.put(f.symbol(), v);
                walk(product, at + 1, point, visit);
            }
            point.remove(f.symbol());
        }
    }

    /** The number of points: the product over entries of the sum of each entry's extents. */
    public static long size(List<Factor.Entry> product) {
        long n = 1;
        for (Factor.Entry e : product) n = Math.multiplyExact(n, e.factors().stream().mapToLong(Factor::extent).sum());
        return n;
    }

    /**
     * The value of {@code index} at {@code point}; {@code extents} gives every symbol's extent (for
     * Concat offsets). External symbols are looked up in {@code point} as {@code $name}.
     */
    public static long at(Index index, Map<String, Long> point, Map<String, Long> extents) {
        return switch (index) {
            case Index.Iter i -> get(point, i.symbol());
            case Index.Fixed f -> f.index();
            case Index.External x -> get(point, "$" + x.symbol());
            case Index.Affine a -> {
                long v = a.offset();
                for (Index.Term t : a.terms()) v += t.coeff() * get(point, t.symbol());
                yield v;
            }
            case Index.Concat c -> {
                long before = 0;
                for (String s : c.symbols()) {
                    Long v = point.get(s);
                    if (v != null) yield before + v;
                    before += extents.get(s);
                }
                throw new IllegalArgumentException("no part of " + c.render() + " is active at " + point);
            }
        };
    }

    /**
     * Whether a tensor with these indices is accessed at {@code point}: inside a Concat entry only
     * the active part's tensors are (every Iter / Affine symbol bound, some part of each Concat bound).
     */
    public static boolean accessed(List<Index> indices, Map<String, Long> point) {
        for (Index i : indices) {
            if (i instanceof Index.Concat c) {
                if (c.symbols().stream().noneMatch(point::containsKey)) return false;
            } else for (String s : i.symbols()) if (!point.containsKey(s)) return false;
        }
        return true;
    }

    /** Every factor's extent by symbol. */
    public static Map<String, Long> extents(List<Factor.Entry> product) {
        Map<String, Long> m = new HashMap<>();
        for (Factor.Entry e : product) for (Factor f : e.factors()) m.put(f.symbol(), f.extent());
        return m;
    }

    /**
     * The least and greatest value of {@code index} over the product space ({@code extents} by
     * symbol): exact, since every term ranges independently over {@code 0..extent−1}; null when an
     * external symbol occurs (its range is the caller's premise, Thm. 7.8).
     */
    public static long[] range(Index i, Map<String, Long> extent) {
        return switch (i) {
            case Index.Iter it -> new long[] {0, extent.get(it.symbol()) - 1};
            case Index.Fixed f -> new long[] {f.index(), f.index()};
            case Index.External x -> null;
            case Index.Concat c -> new long[] {0, c.symbols().stream().mapToLong(extent::get).sum() - 1};
            case Index.Affine a -> {
                long lo = a.offset(), hi = a.offset();
                for (Index.Term t : a.terms()) {
                    Long n = extent.get(t.symbol());
                    if (n == null) yield null;
                    long far = t.coeff() * (n - 1);
                    lo += Math.min(0, far);
                    hi += Math.max(0, far);
                }
                yield new long[] {lo, hi};
            }
        };
    }

    private static long get(Map<String, Long> point, String symbol) {
        Long v = point.get(symbol);
        if (v == null) throw new IllegalArgumentException("symbol " + symbol + " is not bound at " + point);
        return v;
    }
}
