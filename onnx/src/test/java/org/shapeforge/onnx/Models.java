package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/** Small ONNX models built with the generated classes, for the tests. */
final class Models {
    private static final NativeSolver SOLVER = new NativeSolver();

    /** {@code m} imported and solved natively with the default options; fails the test unless it succeeded. */
    static ImportResult solve(ModelProto m) {
        ImportResult r = Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
        assertTrue(r.succeeded(), () -> r.failure().message());
        return r;
    }

    private Models() {}

    /** A float input; an entry is a number (dim_value) or a String (dim_param). */
    static ValueInfoProto input(String name, Object... dims) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
        for (Object d : dims)
            s.addDim(d instanceof String p ? TensorShapeProto.Dimension.newBuilder().setDimParam(p)
                    : TensorShapeProto.Dimension.newBuilder().setDimValue(((Number) d).longValue()));
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(s))).build();
    }

    static NodeProto node(String name, String op, List<String> ins, List<String> outs, AttributeProto... attrs) {
        return NodeProto.newBuilder().setName(name).setOpType(op).addAllInput(ins).addAllOutput(outs).addAllAttribute(List.of(attrs)).build();
    }

    static AttributeProto ints(String name, long... v) {
        AttributeProto.Builder b = AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INTS);
        for (long x : v) b.addInts(x);
        return b.build();
    }

    static AttributeProto i(String name, long v) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INT).setI(v).build();
    }

    static AttributeProto f(String name, float v) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.FLOAT).setF(v).build();
    }

    static AttributeProto str(String name, String v) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.STRING)
                .setS(com.google.protobuf.ByteString.copyFromUtf8(v)).build();
    }

    static TensorProto int64s(String name, long... v) {
        TensorProto.Builder b = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.INT64_VALUE).addDims(v.length);
        for (long x : v) b.addInt64Data(x);
        return b.build();
    }

    /** A 1-D FLOAT initializer (Resize's scales). */
    static TensorProto floats(String name, float... v) {
        TensorProto.Builder b = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.FLOAT_VALUE).addDims(v.length);
        for (float x : v) b.addFloatData(x);
        return b.build();
    }

    /** A 0-D INT64 initializer (a scalar index). */
    static TensorProto scalar64(String name, long v) {
        return TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.INT64_VALUE).addInt64Data(v).build();
    }

    static ModelProto model(List<ValueInfoProto> inputs, List<TensorProto> inits, List<NodeProto> nodes, String... outputs) {
        GraphProto.Builder g = GraphProto.newBuilder().setName("g").addAllInput(inputs).addAllInitializer(inits).addAllNode(nodes);
        for (String o : outputs) g.addOutput(ValueInfoProto.newBuilder().setName(o));
        return ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13)).setGraph(g).build();
    }
}
