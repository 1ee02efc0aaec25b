package org.shapeforge.onnx;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.ValueInfoProto;

/**
 * The element type of every value of a graph, for the annotated model ({@link AnnotatedModel}):
 * graph inputs and initializers as declared, node outputs by a small table of ops (same type as
 * an input, INT64 for shapes and indices, BOOL for comparisons, Cast's {@code to}, a Constant's
 * value). Where the table does not know, {@code UNDEFINED} (0): ONNX's shape inference fills an
 * undefined element type in and never takes it as a contradiction, whereas a wrong one would be.
 */
final class ElemTypes {
    private ElemTypes() {}

    private static final Set<String> INT64 = Set.of("Shape", "Size", "NonZero", "ArgMax", "ArgMin", "NonMaxSuppression");
    private static final Set<String> BOOL = Set.of("Equal", "Less", "Greater", "LessOrEqual", "GreaterOrEqual", "Not", "And", "Or",
            "Xor", "IsNaN", "IsInf");
    /** Ops whose outputs (all, or as noted in {@link #of}) have input 0's element type. */
    private static final Set<String> SAME = Set.of("Relu", "Sigmoid", "Tanh", "Exp", "Log", "Abs", "Neg", "Sqrt", "Add", "Sub", "Mul",
            "Div", "Pow", "Max", "Min", "MatMul", "Gemm", "Conv", "ConvTranspose", "AveragePool", "GlobalAveragePool", "GlobalMaxPool",
            "LpPool", "Concat", "Split", "Reshape", "Flatten", "Transpose", "Squeeze", "Unsqueeze", "Expand", "Slice", "Gather",
            "GatherElements", "GatherND", "Pad", "Tile", "Identity", "Softmax", "LogSoftmax", "Hardmax", "DepthToSpace", "SpaceToDepth",
            "ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1", "ReduceL2", "ReduceLogSum",
            "ReduceLogSumExp", "ReduceSumSquare", "Clip", "LeakyRelu", "Elu", "Selu", "Celu", "HardSigmoid", "HardSwish", "Erf",
            "Resize", "Upsample", "InstanceNormalization", "LRN", "Einsum", "Mean", "Sum", "Sign", "Floor", "Ceil", "Round",
            "Reciprocal", "PRelu", "Softplus", "Softsign", "CumSum", "Trilu", "Range", "Gelu", "Mish", "Sin", "Cos", "Tan", "Asin",
            "Acos", "Atan", "Sinh", "Cosh", "Asinh", "Acosh", "Atanh", "ThresholdedRelu", "Shrink", "MeanVarianceNormalization",
            "LpNormalization", "ScatterElements", "ScatterND", "ReverseSequence", "Compress");

    /** Every value's element type as a {@code TensorProto.DataType} number (0: not known). */
    static Map<String, Integer> of(GraphProto g) {
        Map<String, Integer> types = new HashMap<>();
        for (TensorProto t : g.getInitializerList()) types.put(t.getName(), t.getDataType());
        for (ValueInfoProto v : g.getInputList())
            if (v.getType().hasTensorType()) types.put(v.getName(), v.getType().getTensorType().getElemType());
        for (NodeProto n : g.getNodeList())
            for (int k = 0; k < n.getOutputCount(); k++) types.putIfAbsent(n.getOutput(k), output(n, k, types));
        return types;
    }

    private static int output(NodeProto n, int k, Map<String, Integer> types) {
        if (!n.getDomain().isEmpty() && !n.getDomain().equals("ai.onnx")) return 0;
        String op = n.getOpType();
        int in0 = n.getInputCount() > 0 ? types.getOrDefault(n.getInput(0), 0) : 0;
        if (INT64.contains(op) || (k == 1 && (op.equals("TopK") || op.equals("MaxPool")))) return TensorProto.DataType.INT64_VALUE;
        if (BOOL.contains(op) || (k == 1 && op.equals("Dropout"))) return TensorProto.DataType.BOOL_VALUE;
        if (k == 0 && (op.equals("TopK") || op.equals("MaxPool") || op.equals("Dropout") || op.equals("BatchNormalization")
                || op.equals("LayerNormalization"))) return in0;
        if (SAME.contains(op)) return in0;
        if (op.equals("Where") && n.getInputCount() > 1) return types.getOrDefault(n.getInput(1), 0);
        if (op.equals("CastLike") && n.getInputCount() > 1) return types.getOrDefault(n.getInput(1), 0);
        for (AttributeProto a : n.getAttributeList()) {
            if (op.equals("Cast") && a.getName().equals("to")) return (int) a.getI();
            if ((op.equals("Constant") || op.equals("ConstantOfShape")) && a.getName().equals("value")) return a.getT().getDataType();
            if (op.equals("Constant") && (a.getName().equals("value_int") || a.getName().equals("value_ints")))
                return TensorProto.DataType.INT64_VALUE;
            if (op.equals("Constant") && (a.getName().equals("value_float") || a.getName().equals("value_floats")))
                return TensorProto.DataType.FLOAT_VALUE;
        }
        if (op.equals("ConstantOfShape")) return TensorProto.DataType.FLOAT_VALUE;
        return 0;
    }
}
