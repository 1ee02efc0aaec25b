package org.shapeforge.codegen.program;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.shapeforge.project.Index;

/**
 * One access's index maps resolved to point slots, for {@link GeneralReference}: per axis either
 * the non-zero terms of an affine map ({@code offset + Σ coeff·point[slot]}) or a Concat index's
 * parts. {@link #offset} gives the row-major cell, {@link #OUTSIDE} (a margin read: 0) or
 * {@link #ABSENT} (a part it names is not active). Its cost per point is the number of terms,
 * plus one lookup per entry a Concat index spans, never the number of slots.
 */
final class Access {
    static final int ABSENT = -2, OUTSIDE = -1;

    private final int[][] slots;
    private final long[][] coeffs;
    private final long[] constant;
    private final ConcatAxis[] concat;
    private final int[] entryOf;

    /** A Concat index: its parts, the offset where each begins, the entries they belong to, a part's position by slot. */
    private record ConcatAxis(int[] parts, long[] before, int[] entries, Map<Integer, Integer> position) {}

    private Access(int[][] slots, long[][] coeffs, long[] constant, ConcatAxis[] concat, int[] entryOf) {
        this.slots = slots;
        this.coeffs = coeffs;
        this.constant = constant;
        this.concat = concat;
        this.entryOf = entryOf;
    }

    static Access of(List<Index> ix, Map<String, Integer> slot, long[] extent, int[] entryOf) {
        int n = ix.size();
        int[][] slots = new int[n][];
        long[][] coeffs = new long[n][];
        long[] constant = new long[n];
        ConcatAxis[] concat = new ConcatAxis[n];
        for (int a = 0; a < n; a++) {
            Map<Integer, Long> terms = new TreeMap<>();
            switch (ix.get(a)) {
                case Index.Iter(var s) -> terms.put(slot.get(s), 1L);
                case Index.Fixed(var c) -> constant[a] = c;
                case Index.Affine(var ts, var o) -> {
                    for (Index.Term t : ts) terms.merge(slot.get(t.symbol()), t.coeff(), Long::sum);
                    constant[a] = o;
                }
                case Index.Concat(var parts) -> {
                    int[] ps = parts.stream().mapToInt(slot::get).toArray();
                    long[] before = new long[ps.length];
                    Map<Integer, Integer> position = new HashMap<>();
                    Set<Integer> es = new LinkedHashSet<>();
                    for (int i = 0; i < ps.length; i++) {
                        before[i] = i == 0 ? 0 : before[i - 1] + extent[ps[i - 1]];
                        position.putIfAbsent(ps[i], i);
                        es.add(entryOf[ps[i]]);
                    }
                    concat[a] = new ConcatAxis(ps, before, es.stream().mapToInt(Integer::intValue).toArray(), position);
                }
                case Index.External(var s) -> throw new IllegalArgumentException("no reference for the runtime index $" + s);
            }
            terms.values().removeIf(c -> c == 0);
            slots[a] = terms.keySet().stream().mapToInt(Integer::intValue).toArray();
            coeffs[a] = terms.values().stream().mapToLong(Long::longValue).toArray();
        }
        return new Access(slots, coeffs, constant, concat, entryOf);
    }

    /**
     * A slot of a sequential entry (one with several parts) that an affine term of this access
     * mentions, or -1: the access is absent unless that part is active.
     */
    int requiredSequential(List<int[]> entries) {
        for (int[] ss : slots)
            for (int f : ss) if (entries.get(entryOf[f]).length > 1) return f;
        return -1;
    }

    /** The cell at {@code point}, where {@code bound} marks each entry's active part ({@code active}). */
    int offset(long[] point, boolean[] bound, int[] active, List<int[]> entries, List<Integer> dims) {
        long cell = 0;
        boolean outside = false;
        for (int a = 0; a < dims.size(); a++) {
            long x;
            if (concat[a] != null) {
                ConcatAxis c = concat[a];
                int first = Integer.MAX_VALUE;
                for (int e : c.entries()) {
                    Integer i = c.position().get(entries.get(e)[active[e]]);
                    if (i != null && i < first) first = i;
                }
                if (first == Integer.MAX_VALUE) return ABSENT;
                x = c.before()[first] + point[c.parts()[first]];
            } else {
                x = constant[a];
                int[] ss = slots[a];
                for (int t = 0; t < ss.length; t++) {
                    if (!bound[ss[t]]) return ABSENT;
                    x += coeffs[a][t] * point[ss[t]];
                }
            }
            if (x < 0 || x >= dims.get(a)) outside = true;
            cell = cell * dims.get(a) + x;
        }
        return outside ? OUTSIDE : Math.toIntExact(cell);
    }
}
