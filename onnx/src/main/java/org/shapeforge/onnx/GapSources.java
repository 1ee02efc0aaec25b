package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.shapeforge.term.sym.SymSize;

/**
 * Where an import's gaps come from ({@link Gap}): each unknown extent's name with the node that
 * minted it, and each value of unknown rank with the node that made it. {@link #read} places them
 * in the shapes a solve gave: an extent is listed at the first value (graph order) and axis whose
 * size mentions it, and not at all where the constraints made it a number or it reaches no shape.
 */
public record GapSources(Map<String, Source> extents, Map<String, Source> unranked) {

    /**
     * One gap's origin: the node, what is known, why; for an upper bound, the value whose element
     * count ({@code axes} empty) or whose axes' product bounds the extent.
     */
    public record Source(NodeOrigin node, Gap.Kind kind, Optional<Bound> bound, String why, Optional<RealSize> computed) {
        public Source(NodeOrigin node, Gap.Kind kind, Optional<Bound> bound, String why) {
            this(node, kind, bound, why, Optional.empty());
        }
    }

    /** The product of {@code value}'s axes {@code axes} (every axis when empty), as inferred. */
    public record Bound(String value, List<Integer> axes) {
        public Bound {
            axes = List.copyOf(axes);
        }
    }

    /** No gaps. */
    public static final GapSources NONE = new GapSources(Map.of(), Map.of());

    public GapSources {
        extents = Collections.unmodifiableMap(new LinkedHashMap<>(extents));
        unranked = Collections.unmodifiableMap(new LinkedHashMap<>(unranked));
    }

    /** The gaps of the shapes {@code values} (graph order), extents in the order they were minted, then the unranked values. */
    public List<Gap> read(Map<String, List<InferredDim>> values) {
        Map<String, String> firstValue = new LinkedHashMap<>();
        Map<String, Integer> firstAxis = new LinkedHashMap<>();
        values.forEach((name, dims) -> {
            for (int a = 0; a < dims.size(); a++)
                if (dims.get(a) instanceof InferredDim.Symbolic(SymSize s))
                    for (String v : s.vars())
                        if (extents.containsKey(v) && !firstValue.containsKey(v)) {
                            firstValue.put(v, name);
                            firstAxis.put(v, a);
                        }
        });
        List<Gap> out = new ArrayList<>();
        extents.forEach((name, src) -> {
            if (!firstValue.containsKey(name)) return;
            Optional<String> bound = src.bound().flatMap(b -> bound(b, values));
            Gap.Kind kind = src.kind() == Gap.Kind.UPPER_BOUND && bound.isEmpty() ? Gap.Kind.UNKNOWN : src.kind();
            out.add(new Gap(src.node(), firstValue.get(name), OptionalInt.of(firstAxis.get(name)), kind, name,
                    kind == Gap.Kind.UPPER_BOUND ? bound : Optional.empty(), src.why(), src.computed()));
        });
        unranked.forEach((value, src) -> out.add(new Gap(src.node(), value, OptionalInt.empty(), Gap.Kind.UNKNOWN_RANK, "",
                Optional.empty(), src.why())));
        return List.copyOf(out);
    }

    /** The bound's product as printed, where every axis it multiplies is a number or a symbolic size. */
    private static Optional<String> bound(Bound b, Map<String, List<InferredDim>> values) {
        List<InferredDim> dims = values.get(b.value());
        if (dims == null) return Optional.empty();
        SymSize p = SymSize.constant(1);
        for (int a = 0; a < dims.size(); a++) {
            if (!b.axes().isEmpty() && !b.axes().contains(a)) continue;
            switch (dims.get(a)) {
                case InferredDim.Known(long n) -> p = p.times(n);
                case InferredDim.Symbolic(SymSize s) -> p = p.times(s);
                case InferredDim.Residual r -> { return Optional.empty(); }
                case InferredDim.Undetermined u -> { return Optional.empty(); }
            }
        }
        return Optional.of(p.toString());
    }
}
