package org.shapeforge.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;

/**
 * A small image classifier as an ONNX file, written at run time (nothing binary is committed): the
 * op mix of the exported torchvision networks in a dozen nodes — Conv with pads, a residual
 * {@code Add}, BatchNormalization, Relu, MaxPool, the {@code Shape → Gather → Unsqueeze → Concat →
 * Reshape} of {@code x.view(x.size(0), -1)}, Gemm, Softmax — on {@code [batch, 3, 16, 16]} with
 * {@code batch} a dim_param, at opset 13. The JDK AOT cache's training run imports it
 * ({@link AotTraining}) so that a cold {@code import} finds protobuf's and the importer's classes in
 * the cache; {@code bench import}'s tests measure it.
 */
final class SampleModel {
    private SampleModel() {}

    /** Writes the model to {@code file}; returns {@code file}. */
    static Path write(Path file) throws IOException {
        Files.write(file, model().toByteArray());
        return file;
    }

    static ModelProto model() {
        GraphProto.Builder g = GraphProto.newBuilder().setName("sample");
        g.addInput(input("x", "batch", 3, 16, 16));
        weight(g, "w1", 8, 3, 3, 3);
        weight(g, "b1", 8);
        weight(g, "w2", 8, 8, 3, 3);
        for (String s : List.of("scale", "bias", "mean", "var")) weight(g, s, 8);
        weight(g, "wg", 10, 512);
        weight(g, "bg", 10);
        g.addInitializer(ints("zero", List.of(), 0));
        g.addInitializer(ints("axes0", List.of(1L), 0));
        g.addInitializer(ints("minus1", List.of(1L), -1));
        g.addNode(node("conv1", "Conv", List.of("x", "w1", "b1"), "c1", ints("pads", 1, 1, 1, 1)));
        g.addNode(node("relu1", "Relu", List.of("c1"), "r1"));
        g.addNode(node("conv2", "Conv", List.of("r1", "w2"), "c2", ints("pads", 1, 1, 1, 1)));
        g.addNode(node("bn", "BatchNormalization", List.of("c2", "scale", "bias", "mean", "var"), "n2"));
        g.addNode(node("add", "Add", List.of("n2", "r1"), "a"));
        g.addNode(node("relu2", "Relu", List.of("a"), "r2"));
        g.addNode(node("pool", "MaxPool", List.of("r2"), "p", ints("kernel_shape", 2, 2), ints("strides", 2, 2)));
        g.addNode(node("shape", "Shape", List.of("p"), "s"));
        g.addNode(node("gather", "Gather", List.of("s", "zero"), "n", AttributeProto.newBuilder().setName("axis")
                .setType(AttributeProto.AttributeType.INT).setI(0).build()));
        g.addNode(node("unsqueeze", "Unsqueeze", List.of("n", "axes0"), "n1"));
        g.addNode(node("concat", "Concat", List.of("n1", "minus1"), "target", AttributeProto.newBuilder().setName("axis")
                .setType(AttributeProto.AttributeType.INT).setI(0).build()));
        g.addNode(node("flatten", "Reshape", List.of("p", "target"), "f"));
        g.addNode(node("fc", "Gemm", List.of("f", "wg", "bg"), "logits", AttributeProto.newBuilder().setName("transB")
                .setType(AttributeProto.AttributeType.INT).setI(1).build()));
        g.addNode(node("softmax", "Softmax", List.of("logits"), "probs"));
        g.addOutput(ValueInfoProto.newBuilder().setName("probs"));
        return ModelProto.newBuilder().setIrVersion(8).setProducerName("shapeforge")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13)).setGraph(g).build();
    }

    private static ValueInfoProto input(String name, String param, long... dims) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder().addDim(TensorShapeProto.Dimension.newBuilder().setDimParam(param));
        for (long d : dims) s.addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(s))).build();
    }

    /** A float initializer of these dims, values 0.01·(i mod 97) ({@code float_data}: only the onnx module uses protobuf's own types). */
    private static void weight(GraphProto.Builder g, String name, long... dims) {
        long n = 1;
        for (long d : dims) n *= d;
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.FLOAT_VALUE);
        for (int i = 0; i < n; i++) t.addFloatData(0.01f * (i % 97));
        for (long d : dims) t.addDims(d);
        g.addInitializer(t);
    }

    private static TensorProto ints(String name, List<Long> dims, long value) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.INT64_VALUE).addInt64Data(value);
        dims.forEach(t::addDims);
        return t.build();
    }

    private static AttributeProto ints(String name, long... vs) {
        AttributeProto.Builder a = AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INTS);
        for (long v : vs) a.addInts(v);
        return a.build();
    }

    private static NodeProto node(String name, String op, List<String> ins, String out, AttributeProto... attrs) {
        NodeProto.Builder n = NodeProto.newBuilder().setName(name).setOpType(op).addAllInput(ins).addOutput(out);
        for (AttributeProto a : attrs) n.addAttribute(a);
        return n.build();
    }
}
