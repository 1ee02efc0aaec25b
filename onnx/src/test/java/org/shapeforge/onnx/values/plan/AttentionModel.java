package org.shapeforge.onnx.values.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import onnx.Onnx.AttributeProto;
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
 * A transformer-ish block for the tests, x {@code [N, 4, 8]} (N a symbol) → y {@code [N, 32]}:
 * single-head self-attention (MatMul, Transpose, Softmax), a residual Add, LayerNormalization, Relu,
 * and a Reshape whose target is computed from {@code Shape(x)} (Slice, Concat): a value of the
 * input's dims, not of its data.
 */
final class AttentionModel {
    private AttentionModel() {}

    static ModelProto build() {
        SplittableRandom rnd = new SplittableRandom(1);
        List<TensorProto> inits = List.of(floats("wq", rnd, 8, 8), floats("wk", rnd, 8, 8), floats("gamma", rnd, 8), floats("beta", rnd, 8),
                int64s("zero", 0), int64s("one", 1), int64s("minus1", -1));
        List<NodeProto> nodes = List.of(
                node("MatMul", List.of("x", "wq"), "q"),
                node("MatMul", List.of("x", "wk"), "k"),
                node("Transpose", List.of("k"), "kt", ints("perm", 0, 2, 1)),
                node("MatMul", List.of("q", "kt"), "s"),
                node("Softmax", List.of("s"), "p", ints1("axis", -1)),
                node("MatMul", List.of("p", "x"), "a"),
                node("Add", List.of("a", "x"), "r"),
                node("LayerNormalization", List.of("r", "gamma", "beta"), "l", ints1("axis", -1)),
                node("Relu", List.of("l"), "h"),
                node("Shape", List.of("x"), "shape"),
                node("Slice", List.of("shape", "zero", "one"), "batch"),
                node("Concat", List.of("batch", "minus1"), "target", ints1("axis", 0)),
                node("Reshape", List.of("h", "target"), "y"));
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder()
                .addDim(TensorShapeProto.Dimension.newBuilder().setDimParam("N"))
                .addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(4))
                .addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(8));
        ValueInfoProto x = ValueInfoProto.newBuilder().setName("x").setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(shape))).build();
        GraphProto g = GraphProto.newBuilder().setName("attention").addInput(x).addAllInitializer(inits).addAllNode(nodes)
                .addOutput(ValueInfoProto.newBuilder().setName("y")).build();
        return ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(17)).setGraph(g).build();
    }

    /** An input of batch {@code n}, uniform in [−1, 1) rounded to float. */
    static Value input(int n, SplittableRandom rnd) {
        double[] d = new double[n * 4 * 8];
        for (int i = 0; i < d.length; i++) d[i] = (float) (rnd.nextDouble() * 2 - 1);
        return new Value(List.of(n, 4, 8), d, TensorProto.DataType.FLOAT_VALUE);
    }

    private static NodeProto node(String op, List<String> ins, String out, AttributeProto... attrs) {
        return NodeProto.newBuilder().setName(out).setOpType(op).addAllInput(ins).addOutput(out).addAllAttribute(List.of(attrs)).build();
    }

    private static AttributeProto ints(String name, long... v) {
        AttributeProto.Builder b = AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INTS);
        for (long x : v) b.addInts(x);
        return b.build();
    }

    private static AttributeProto ints1(String name, long v) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INT).setI(v).build();
    }

    private static TensorProto floats(String name, SplittableRandom rnd, int... dims) {
        TensorProto.Builder b = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.FLOAT_VALUE);
        int n = 1;
        for (int d : dims) {
            b.addDims(d);
            n *= d;
        }
        List<Float> v = new ArrayList<>();
        for (int i = 0; i < n; i++) v.add((float) (rnd.nextDouble() * 2 - 1));
        return b.addAllFloatData(v).build();
    }

    private static TensorProto int64s(String name, long... v) {
        TensorProto.Builder b = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.INT64_VALUE).addDims(v.length);
        for (long x : v) b.addInt64Data(x);
        return b.build();
    }
}
