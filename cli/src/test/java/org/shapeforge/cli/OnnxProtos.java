package org.shapeforge.cli;

import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;

/** The protobuf pieces the command tests build their small ONNX models from. */
final class OnnxProtos {
    private OnnxProtos() {}

    /** A FLOAT value of fixed {@code dims}. */
    static ValueInfoProto value(String name, long... dims) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
        for (long d : dims) s.addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(s))).build();
    }

    /** A FLOAT tensor of {@code dims} holding {@code v} (row-major). */
    static TensorProto tensor(long[] dims, float... v) {
        TensorProto.Builder t = TensorProto.newBuilder().setDataType(TensorProto.DataType.FLOAT_VALUE);
        for (long d : dims) t.addDims(d);
        for (float x : v) t.addFloatData(x);
        return t.build();
    }
}
