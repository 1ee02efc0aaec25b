package org.shapeforge.cli;

import java.util.List;
import java.util.Map;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;

/** Small ONNX graphs with a non-trivial domain of their dim_params, and the same graphs at a binding of them. */
final class DomainModels {
    private DomainModels() {}

    /** {@code x.view(b, -1, 8)} of {@code x [batch, h]}: valid exactly where {@code h % 8 == 0}. */
    static ModelProto windows() {
        return model(List.of(input("x", "batch", "h")), List.of(int64s("t", 0, -1, 8)),
                List.of(node("view", "Reshape", List.of("x", "t"), List.of("y"))));
    }

    /** A strided Conv1d and two pools of a raw-audio front end: valid from a minimum length on. */
    static ModelProto longSignal() {
        return model(List.of(input("x", "batch", 1L, "samples")), List.of(weight("w1", 8, 1, 80), weight("w2", 8, 8, 3)),
                List.of(node("c1", "Conv", List.of("x", "w1"), List.of("a"), ints("kernel_shape", 80), ints("strides", 16), ints("pads", 38, 38)),
                        node("p1", "MaxPool", List.of("a"), List.of("b"), ints("kernel_shape", 4), ints("strides", 4)),
                        node("c2", "Conv", List.of("b", "w2"), List.of("c"), ints("kernel_shape", 3), ints("strides", 2), ints("pads", 1, 1)),
                        node("p2", "MaxPool", List.of("c"), List.of("d"), ints("kernel_shape", 4), ints("strides", 4)),
                        node("gap", "GlobalAveragePool", List.of("d"), List.of("e")),
                        node("flat", "Flatten", List.of("e"), List.of("y"))));
    }

    /** {@code m} with every graph input's dim_param in {@code binding} replaced by its number. */
    static ModelProto at(ModelProto m, Map<String, Long> binding) {
        GraphProto.Builder g = m.getGraph().toBuilder();
        for (ValueInfoProto.Builder v : g.getInputBuilderList())
            for (TensorShapeProto.Dimension.Builder d : v.getTypeBuilder().getTensorTypeBuilder().getShapeBuilder().getDimBuilderList())
                if (d.hasDimParam() && binding.containsKey(d.getDimParam())) d.setDimValue(binding.get(d.getDimParam()));
        return m.toBuilder().setGraph(g).build();
    }

    /** A float input; an entry is a number (dim_value) or a String (dim_param). */
    static ValueInfoProto input(String name, Object... dims) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
        for (Object d : dims)
            s.addDim(d instanceof String p ? TensorShapeProto.Dimension.newBuilder().setDimParam(p)
                    : TensorShapeProto.Dimension.newBuilder().setDimValue(((Number) d).longValue()));
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(s))).build();
    }

    private static NodeProto node(String name, String op, List<String> ins, List<String> outs, AttributeProto... attrs) {
        return NodeProto.newBuilder().setName(name).setOpType(op).addAllInput(ins).addAllOutput(outs).addAllAttribute(List.of(attrs)).build();
    }

    private static AttributeProto ints(String name, long... v) {
        AttributeProto.Builder b = AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INTS);
        for (long x : v) b.addInts(x);
        return b.build();
    }

    private static TensorProto int64s(String name, long... v) {
        TensorProto.Builder b = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.INT64_VALUE).addDims(v.length);
        for (long x : v) b.addInt64Data(x);
        return b.build();
    }

    private static TensorProto weight(String name, long... dims) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.FLOAT_VALUE);
        long n = 1;
        for (long d : dims) {
            t.addDims(d);
            n *= d;
        }
        for (long k = 0; k < n; k++) t.addFloatData(0.5f);
        return t.build();
    }

    private static ModelProto model(List<ValueInfoProto> inputs, List<TensorProto> inits, List<NodeProto> nodes) {
        GraphProto g = GraphProto.newBuilder().setName("g").addAllInput(inputs).addAllInitializer(inits).addAllNode(nodes)
                .addOutput(ValueInfoProto.newBuilder().setName("y")).build();
        return ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13)).setGraph(g).build();
    }
}
