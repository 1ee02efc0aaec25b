package org.shapeforge.onnx;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.StringStringEntryProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.shapeforge.term.sym.SymCondition;

/**
 * The model annotated with what import inferred ({@code import model.onnx -o annotated.onnx}), as
 * {@code onnx.shape_inference.infer_shapes} writes it: every node output's shape in
 * {@code value_info} (replacing an entry of the same name) and the graph outputs' types, each axis
 * ({@link InferredDim}) a {@code dim_value} when it is a number, neither when it is undetermined,
 * and a {@code dim_param} otherwise — the dim_param's name ({@code batch}) or our printed
 * expression ({@code batch * 4}). Element types come from
 * {@link ElemTypes} (a declared one is kept). The domain where the shapes hold (the import's
 * {@code requires}) is the model's {@code metadata_props} entry {@value #REQUIRES_KEY}, one condition
 * a line (an earlier entry of that key replaced; none when the domain is every binding); the upper
 * bounds of data-dependent sizes (seed 004's {@code UpperBound}: NonZero at most its input's element
 * count, TopK's K, NonMaxSuppression's count, {@link Gap.Kind#UPPER_BOUND}) are the entry
 * {@value #BOUNDS_KEY}, one {@code extent <= bound} a line ({@code nz_3 <= n * 2}), the extent being
 * the {@code dim_param} its axes carry. Graph inputs, initializers and nodes are unchanged.
 */
public final class AnnotatedModel {
    /** The {@code metadata_props} key of the domain conditions. */
    public static final String REQUIRES_KEY = "shapeforge.requires";
    /** The {@code metadata_props} key of the data-dependent sizes' upper bounds. */
    public static final String BOUNDS_KEY = "shapeforge.bounds";

    private AnnotatedModel() {}

    /** {@code m} with {@code shapes} and the domain {@code requires} written into it. */
    public static ModelProto of(ModelProto m, Map<String, List<InferredDim>> shapes, List<SymCondition> requires) {
        return of(m, shapes, requires, List.of());
    }

    /** {@code m} annotated with an import's answer: its shapes, its domain and its gaps' upper bounds. */
    public static ModelProto of(ModelProto m, ImportResult r) {
        return of(m, r.values(), r.requires(), r.gaps());
    }

    private static ModelProto of(ModelProto m, Map<String, List<InferredDim>> shapes, List<SymCondition> requires, List<Gap> gaps) {
        ModelProto.Builder b = of(m, shapes).toBuilder().clearMetadataProps();
        for (StringStringEntryProto p : m.getMetadataPropsList())
            if (!p.getKey().equals(REQUIRES_KEY) && !p.getKey().equals(BOUNDS_KEY)) b.addMetadataProps(p);
        if (!requires.isEmpty())
            b.addMetadataProps(StringStringEntryProto.newBuilder().setKey(REQUIRES_KEY)
                    .setValue(String.join("\n", requires.stream().map(SymCondition::toString).toList())));
        Set<String> bounds = new LinkedHashSet<>(); // one line per extent, in graph order
        for (Gap g : gaps) if (g.kind() == Gap.Kind.UPPER_BOUND) bounds.add(g.extent() + " <= " + g.bound().orElseThrow());
        if (!bounds.isEmpty()) b.addMetadataProps(StringStringEntryProto.newBuilder().setKey(BOUNDS_KEY).setValue(String.join("\n", bounds)));
        return b.build();
    }

    /** {@code m} with {@code shapes} (an {@link ImportResult}'s {@link ImportResult#values() values}) written into it. */
    public static ModelProto of(ModelProto m, Map<String, List<InferredDim>> shapes) {
        GraphProto g = m.getGraph();
        Map<String, Integer> types = ElemTypes.of(g);
        GraphProto.Builder b = g.toBuilder().clearValueInfo();
        Set<String> outputs = new HashSet<>();
        Set<String> inputs = new HashSet<>();
        g.getInputList().forEach(v -> inputs.add(v.getName()));
        for (int i = 0; i < g.getOutputCount(); i++) {
            ValueInfoProto v = g.getOutput(i);
            outputs.add(v.getName());
            List<InferredDim> s = shapes.get(v.getName());
            if (s != null) b.setOutput(i, annotated(v, s, types));
        }
        Set<String> written = new HashSet<>();
        for (var n : g.getNodeList())
            for (String out : n.getOutputList()) {
                List<InferredDim> s = shapes.get(out);
                if (out.isEmpty() || s == null || outputs.contains(out) || inputs.contains(out) || !written.add(out)) continue;
                ValueInfoProto old = g.getValueInfoList().stream().filter(v -> v.getName().equals(out)).findFirst()
                        .orElse(ValueInfoProto.newBuilder().setName(out).build());
                b.addValueInfo(annotated(old, s, types));
            }
        // declarations of values import did not infer (subgraph values) stay as they were
        for (ValueInfoProto v : g.getValueInfoList()) if (!written.contains(v.getName())) b.addValueInfo(v);
        return m.toBuilder().setGraph(b).build();
    }

    private static ValueInfoProto annotated(ValueInfoProto v, List<InferredDim> dims, Map<String, Integer> types) {
        TypeProto.Tensor.Builder t = v.getType().getTensorType().toBuilder().clearShape();
        if (t.getElemType() == 0) t.setElemType(types.getOrDefault(v.getName(), 0));
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
        for (InferredDim d : dims)
            s.addDim(switch (d) {
                case InferredDim.Known(long n) -> TensorShapeProto.Dimension.newBuilder().setDimValue(n);
                case InferredDim.Undetermined u -> TensorShapeProto.Dimension.newBuilder(); // unknown: neither value nor param
                case InferredDim.Symbolic sym -> TensorShapeProto.Dimension.newBuilder().setDimParam(sym.printed());
                case InferredDim.Residual r -> TensorShapeProto.Dimension.newBuilder().setDimParam(r.printed());
            });
        t.setShape(s);
        return v.toBuilder().setType(v.getType().toBuilder().setTensorType(t)).build();
    }
}
