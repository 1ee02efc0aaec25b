package org.shapeforge.project;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.shapeforge.collect.FrozenMap;

/**
 * What code generation receives for one operation (Defs. 7.3, 7.5; Prop. 7.6; Prop. 8.1):
 *
 * <ul>
 *   <li>{@code product}: the product space, one entry per loop (a Concat component is one entry
 *       whose factors run sequentially), in order of first use (LHS axes first);
 *   <li>{@code lhs}, {@code rhs}: the index maps {@code π_T}, one index per axis of each tensor
 *       occurrence in storage order {@code batch @ output @ input}; {@code lhsAxes} /
 *       {@code rhsAxes} name those axes and give their sizes;
 *   <li>{@code reductions}: the factors absent from {@code π_LHS} (Def. 7.5);
 *   <li>{@code accumulate}: a read-modify-write is needed (a reduction exists, Prop. 7.6(iii));
 *       {@code initialize}: the LHS must be set to the neutral element first (an erasing
 *       operation whose {@code π_LHS} is non-surjective or non-injective);
 *   <li>{@code padding}: this operation's margins per tensor axis in padded convolution mode;
 *       indices are logical, so a padded index may be negative or reach past the axis by at most
 *       these margins. A tensor's buffer margins are the max over operations (Prop. 8.1):
 *       {@link ProgramProjections#padding}.
 * </ul>
 */
public record Projections(
        String operation,
        List<Factor.Entry> product,
        List<Index> lhs,
        List<List<Index>> rhs,
        List<TensorAxis> lhsAxes,
        List<List<TensorAxis>> rhsAxes,
        List<String> reductions,
        boolean injective,
        boolean surjective,
        boolean accumulate,
        boolean initialize,
        Map<AxisRef, Padding> padding) {

    public Projections {
        Objects.requireNonNull(operation);
        product = List.copyOf(product);
        lhs = List.copyOf(lhs);
        rhs = rhs.stream().map(List::copyOf).toList();
        lhsAxes = List.copyOf(lhsAxes);
        rhsAxes = rhsAxes.stream().map(List::copyOf).toList();
        reductions = List.copyOf(reductions);
        padding = FrozenMap.copyOf(padding);
    }

    /** All factors of the product space, entries flattened. */
    public List<Factor> factors() {
        List<Factor> out = new ArrayList<>();
        for (Factor.Entry e : product) out.addAll(e.factors());
        return List.copyOf(out);
    }

    /**
     * The JSON-friendly form ({@code programs.md}, "projections"): {@code product} as
     * {@code [symbol, extent]} pairs (a Concat component as a list of such pairs), {@code lhs} and
     * {@code rhs} as rendered indices ({@link Index#render}), {@code accumulate}, {@code initialize};
     * then {@code reduction} and, when non-empty, {@code padding} as {@code axis → [left, right]}.
     * Plain maps, lists, strings, numbers and booleans, in a fixed key order.
     */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> prod = new ArrayList<>();
        for (Factor.Entry e : product) {
            List<Object> pairs = e.factors().stream().map(f -> (Object) List.of(f.symbol(), f.extent())).toList();
            prod.add(e.sequential() ? pairs : pairs.getFirst());
        }
        m.put("product", prod);
        m.put("lhs", lhs.stream().map(Index::render).toList());
        m.put("rhs", rhs.stream().map(r -> r.stream().map(Index::render).toList()).toList());
        m.put("accumulate", accumulate);
        m.put("initialize", initialize);
        m.put("reduction", reductions);
        if (!padding.isEmpty()) {
            Map<String, Object> pad = new LinkedHashMap<>();
            padding.entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> pad.put(e.getKey().toString(), List.of(e.getValue().left(), e.getValue().right())));
            m.put("padding", pad);
        }
        return m;
    }

    /** One line per part, for reports and golden tests: {@code product [i:2, j:3] lhs [i, j] rhs [[i, 0]] …}. */
    public String summary() {
        StringBuilder sb = new StringBuilder("product [");
        for (int i = 0; i < product.size(); i++) {
            if (i > 0) sb.append(", ");
            List<String> fs = product.get(i).factors().stream().map(f -> f.symbol() + ":" + f.extent()).toList();
            sb.append(product.get(i).sequential() ? "(" + String.join(" ; ", fs) + ")" : fs.getFirst());
        }
        sb.append("] lhs ").append(lhs.stream().map(Index::render).toList());
        sb.append(" rhs ").append(rhs.stream().map(r -> r.stream().map(Index::render).toList()).toList());
        sb.append(" reduce ").append(reductions);
        sb.append(accumulate ? " accumulate" : "").append(initialize ? " initialize" : "");
        if (!padding.isEmpty()) {
            List<String> ps = padding.entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .map(e -> e.getKey() + "=" + e.getValue().left() + "/" + e.getValue().right()).toList();
            sb.append(" pad ").append(ps);
        }
        return sb.toString();
    }
}
