package org.shapeforge.onnx.values.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.shapeforge.onnx.values.Value;

/**
 * A model for the tests with a shape-static prefix and a tail whose sizes come from the data, x
 * {@code [1, 16]} → r = Relu(x·W) {@code [1, 16]} (a graph output computed by the prefix) and
 * y = 2·Gather(f, NonZero(f)) with f = r flattened: {@code [k]}, k the count of positive cells of
 * r, which changes with x.
 */
final class NonZeroTailModel {
    private NonZeroTailModel() {}

    /** The nodes, in graph order: 3 of the prefix (MatMul, Relu, Reshape), 4 of the tail. */
    static final List<String> NODES = List.of("h", "r", "f", "nz", "idx", "g", "y");

    static ModelProto build() {
        SplittableRandom rnd = new SplittableRandom(3);
        TensorProto.Builder w = TensorProto.newBuilder().setName("w").setDataType(TensorProto.DataType.FLOAT_VALUE).addDims(16).addDims(16);
        for (int i = 0; i < 256; i++) w.addFloatData((float) (rnd.nextDouble() * 2 - 1));
        List<TensorProto> inits = List.of(w.build(), int64s("flat", -1), TensorProto.newBuilder().setName("two")
                .setDataType(TensorProto.DataType.FLOAT_VALUE).addFloatData(2f).build());
        List<NodeProto> nodes = List.of(
                node("MatMul", List.of("x", "w"), "h"),
                node("Relu", List.of("h"), "r"),
                node("Reshape", List.of("r", "flat"), "f"),
                node("NonZero", List.of("f"), "nz"),
                node("Reshape", List.of("nz", "flat"), "idx"),
                node("Gather", List.of("f", "idx"), "g"),
                node("Mul", List.of("g", "two"), "y"));
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder()
                .addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(1))
                .addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(16));
        ValueInfoProto x = ValueInfoProto.newBuilder().setName("x").setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(shape))).build();
        GraphProto g = GraphProto.newBuilder().setName("nonzero_tail").addInput(x).addAllInitializer(inits).addAllNode(nodes)
                .addOutput(ValueInfoProto.newBuilder().setName("y")).addOutput(ValueInfoProto.newBuilder().setName("r")).build();
        return ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(17)).setGraph(g).build();
    }

    /**
     * x {@code [1, 16]} → h = x·W, y = If(ΣH > 0) then 2·h else −h: the If reads its condition in
     * Java (interpreted), and its branches read h from the enclosing graph, not as an input of the If.
     */
    static ModelProto branching() {
        ModelProto m = build();
        GraphProto then = GraphProto.newBuilder().setName("then").addNode(node("Mul", List.of("h", "two"), "t"))
                .addOutput(ValueInfoProto.newBuilder().setName("t")).build();
        GraphProto otherwise = GraphProto.newBuilder().setName("else").addNode(node("Neg", List.of("h"), "e"))
                .addOutput(ValueInfoProto.newBuilder().setName("e")).build();
        NodeProto branch = NodeProto.newBuilder().setName("y").setOpType("If").addInput("c").addOutput("y")
                .addAttribute(onnx.Onnx.AttributeProto.newBuilder().setName("then_branch").setType(onnx.Onnx.AttributeProto.AttributeType.GRAPH).setG(then))
                .addAttribute(onnx.Onnx.AttributeProto.newBuilder().setName("else_branch").setType(onnx.Onnx.AttributeProto.AttributeType.GRAPH).setG(otherwise))
                .build();
        GraphProto g = m.getGraph().toBuilder().clearNode().clearOutput()
                .addInitializer(TensorProto.newBuilder().setName("zero").setDataType(TensorProto.DataType.FLOAT_VALUE).addFloatData(0f))
                .addNode(m.getGraph().getNode(0))
                .addNode(NodeProto.newBuilder().setName("s").setOpType("ReduceSum").addInput("h").addOutput("s")
                        .addAttribute(onnx.Onnx.AttributeProto.newBuilder().setName("keepdims").setType(onnx.Onnx.AttributeProto.AttributeType.INT).setI(0)))
                .addNode(node("Greater", List.of("s", "zero"), "c"))
                .addNode(branch)
                .addOutput(ValueInfoProto.newBuilder().setName("y")).build();
        return m.toBuilder().setGraph(g).build();
    }

    /**
     * {@link #build} with a TopK in its tail: (tv, ti) = TopK(c, K = Shape(c)) of c = Ceil(g), the
     * k gathered cells rounded up — small integers, so with ties, which the order must break by the
     * lower index — all sorted, largest first, and their positions: graph outputs beside y and r.
     */
    static ModelProto topK() {
        ModelProto m = build();
        NodeProto topK = NodeProto.newBuilder().setName("tk").setOpType("TopK").addInput("c").addInput("ks").addOutput("tv").addOutput("ti")
                .addAttribute(onnx.Onnx.AttributeProto.newBuilder().setName("axis").setType(onnx.Onnx.AttributeProto.AttributeType.INT).setI(-1))
                .build();
        GraphProto g = m.getGraph().toBuilder().addNode(node("Ceil", List.of("g"), "c")).addNode(node("Shape", List.of("c"), "ks"))
                .addNode(topK).addOutput(ValueInfoProto.newBuilder().setName("tv")).addOutput(ValueInfoProto.newBuilder().setName("ti")).build();
        return m.toBuilder().setGraph(g).build();
    }

    /** An input uniform in [−1, 1) rounded to float. */
    static Value input(SplittableRandom rnd) {
        double[] d = new double[16];
        for (int i = 0; i < d.length; i++) d[i] = (float) (rnd.nextDouble() * 2 - 1);
        return new Value(List.of(1, 16), d, TensorProto.DataType.FLOAT_VALUE);
    }

    private static NodeProto node(String op, List<String> ins, String out) {
        return NodeProto.newBuilder().setName(out).setOpType(op).addAllInput(ins).addOutput(out).build();
    }

    private static TensorProto int64s(String name, long... v) {
        TensorProto.Builder b = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.INT64_VALUE).addDims(v.length);
        for (long x : v) b.addInt64Data(x);
        return b.build();
    }
}
