package org.shapeforge.onnx;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.List;
import onnx.Onnx.GraphProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.ValueInfoProto;
import org.shapeforge.term.Dim;

/**
 * The gaps of an import as it goes ({@link GapSources} is the finished, immutable form): the node
 * being translated ({@link #at}, set by {@link Importer} before each node's shape logic), each
 * unknown extent minted there ({@link ShapeOps#unknownExtent}), the values whose rank is unknown,
 * and the shapes the file declares (what {@link Fallback} gives an output no shape logic shapes).
 */
final class GapLog {
    /** Why a data-dependent size is unknown, where its shape logic says no more. */
    static final String DATA = "the size depends on the data (known only at run time)";

    private final Map<String, GapSources.Source> extents = new LinkedHashMap<>();
    private final Map<String, GapSources.Source> unranked = new LinkedHashMap<>();
    /** Axis variables equal to an empty extent ({@link #alsoEmpty}). */
    private final Set<String> emptyAxes = new HashSet<>();
    private NodeOrigin at = NodeOrigin.ofValue("graph", "");
    /** The ranks the file declares (graph outputs, then value_info; the first declaration of a name counts). */
    private final Map<String, List<TensorShapeProto.Dimension>> declared = new LinkedHashMap<>();

    /** Reads the shapes {@code g} declares for its outputs and value_info (a type without a shape declares none). */
    void declare(GraphProto g) {
        for (ValueInfoProto v : g.getOutputList()) shape(v);
        for (ValueInfoProto v : g.getValueInfoList()) shape(v);
    }

    private void shape(ValueInfoProto v) {
        if (v.hasType() && v.getType().hasTensorType() && v.getType().getTensorType().hasShape())
            declared.putIfAbsent(v.getName(), List.copyOf(v.getType().getTensorType().getShape().getDimList()));
    }

    /** The shape the file declares for {@code value} (its rank, and per axis a dim_value, a dim_param or neither), if it declares one. */
    Optional<List<TensorShapeProto.Dimension>> declared(String value) {
        return Optional.ofNullable(declared.get(value));
    }

    /** The node whose shape logic runs now: the extents minted until the next call are its. */
    void at(NodeOrigin node) {
        at = node.bare();
    }

    /** Extent {@code name}, minted at the current node: {@code kind} with {@code bound}, for reason {@code why}. */
    void extent(String name, Gap.Kind kind, Optional<GapSources.Bound> bound, String why) {
        extents.put(name, new GapSources.Source(at, kind, bound, why));
    }

    /** Extent {@code name}, minted at the current node: a size computed in floating point, {@code computed}. */
    void computed(String name, RealSize computed, String why) {
        extents.put(name, new GapSources.Source(at, Gap.Kind.COMPUTED, Optional.empty(), why, Optional.of(computed)));
    }

    /** Whether {@code d} is an {@link Gap.Kind#EMPTY} extent, or an axis equal to one: 0 elements, known at import time. */
    boolean empty(Dim d) {
        return d instanceof Dim.Var(String name, var basis) && (emptyAxes.contains(name)
                || extents.get(name) instanceof GapSources.Source s && s.kind() == Gap.Kind.EMPTY);
    }

    /** Axis {@code d} (a variable) equals an {@link Gap.Kind#EMPTY} extent just minted. */
    void alsoEmpty(Dim d) {
        if (d instanceof Dim.Var(String name, var basis)) emptyAxes.add(name);
    }

    /** Value {@code value}, made at the current node, has an unknown rank, for reason {@code why}. */
    void unranked(String value, String why) {
        unranked.put(value, new GapSources.Source(at, Gap.Kind.UNKNOWN_RANK, Optional.empty(), why));
    }

    /** Why {@code value} has an unknown rank, if it has. */
    Optional<GapSources.Source> unranked(String value) {
        return Optional.ofNullable(unranked.get(value));
    }

    GapSources sources() {
        return new GapSources(extents, unranked);
    }
}
