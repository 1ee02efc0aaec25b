package org.shapeforge.onnx.values;

import java.util.List;
import java.util.Set;
import onnx.Onnx.NodeProto;
import org.shapeforge.onnx.Attrs;

/**
 * One ONNX node → the loop-IR operations that compute it, run through generated C. Inputs are
 * concrete {@link Value}s; integer inputs that steer shapes and indices (Reshape targets, Slice
 * bounds, axes, pads, Gather indices) are read when the code is generated, as the shape importer
 * reads them as constants. An op outside this table, or a semantics the IR cannot express, is
 * {@link NotExpressible} with the reason.
 */
final class NodeLowering {
    private NodeLowering() {}

    /** An op family: the ops one class of this package lowers, and the call into it. */
    private record Family(Set<String> ops, Lowering.Fn lowering) {}

    /** The op families, each defined (and documented) in its class. */
    private static final List<Family> FAMILIES = List.of(
            new Family(Set.of("Add", "Sub", "Mul", "Div", "Mod", "Max", "Min", "Pow", "Where", "Relu", "Sigmoid", "Tanh", "Exp",
                    "Log", "Abs", "Neg", "Sqrt", "Reciprocal", "Floor", "Ceil", "Round", "Sign", "Sin", "Cos", "Tan", "Asin", "Acos",
                    "Atan", "Sinh", "Cosh", "Asinh", "Acosh", "Atanh", "Sum", "Mean", "Erf", "Cast", "Identity", "CastLike", "Clip",
                    "Dropout"), ElementwiseLowering::lower),
            new Family(Set.of("MatMul", "Gemm", "Einsum", "QLinearMatMul", "QLinearConv", "MatMulInteger", "ConvInteger"),
                    ContractionLowering::lower),
            new Family(Set.of("Conv", "ConvTranspose", "MaxPool", "AveragePool", "GlobalAveragePool"), WindowLowering::lower),
            new Family(Set.of("BatchNormalization", "ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd",
                    "ReduceSumSquare", "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "LayerNormalization", "Softmax",
                    "LogSoftmax", "InstanceNormalization", "MeanVarianceNormalization"), ReductionLowering::lower),
            new Family(Set.of("Shape", "Size", "ConstantOfShape", "Constant", "Reshape", "Flatten", "Squeeze", "Unsqueeze",
                    "Transpose", "Expand", "Concat", "Split", "Gather", "Slice", "Pad"), Shapes::lower),
            new Family(Activations.OPS, c -> List.of(Activations.apply(c.k(), c.name(), c.op(), c.at(), c.in(), c.opset()))),
            new Family(Predicates.OPS, c -> List.of(Predicates.apply(c.k(), c.name(), c.op(), c.at(), c.in()))),
            new Family(Positional.OPS, c -> List.of(Positional.apply(c.k(), c.name(), c.op(), c.at(), c.in(), c.opset()))),
            new Family(LossValues.OPS, c -> LossValues.apply(c.k(), c.name(), c.op(), c.at(), c.in(), c.outputs())),
            new Family(Layouts.OPS, c -> List.of(Layouts.apply(c.k(), c.name(), c.op(), c.at(), c.in()))),
            new Family(Generators.OPS, c -> List.of(Generators.apply(c.k(), c.name(), c.op(), c.at(), c.in()))),
            new Family(Set.of("Det"), c -> List.of(Determinant.det(c.k(), c.name(), c.in().get(0)))),
            new Family(Interpolation.OPS, c -> List.of(Interpolation.apply(c.k(), c.name(), c.op(), c.at(), c.in(), c.opset()))),
            new Family(Signals.OPS, c -> Signals.applyAll(c.k(), c.name(), c.op(), c.at(), c.in())),
            new Family(Selection.OPS, c -> Selection.apply(c.k(), c.name(), c.op(), c.at(), c.in(), c.opset())),
            new Family(Recurrent.OPS, c -> Recurrent.apply(c.k(), c.name(), c.op(), c.at(), c.in())),
            new Family(Set.of("DFT", "STFT"), c -> List.of(c.op().equals("DFT") ? Spectral.dft(c.k(), c.name(), c.at(), c.in(), c.opset())
                    : Spectral.stft(c.k(), c.name(), c.at(), c.in()))),
            new Family(Set.of("GridSample"), c -> List.of(GridSampling.apply(c.k(), c.name(), c.at(), c.in().get(0), c.in().get(1)))));

    /** Every op with a lowering: the families' (default domain), the training optimizers ({@code ai.onnx.preview.training}). */
    static boolean lowered(String domain, String op) {
        if (domain.equals("ai.onnx.preview.training")) return Optimizers.OPS.contains(op);
        if (!(domain.isEmpty() || domain.equals("ai.onnx"))) return false;
        return FAMILIES.stream().anyMatch(f -> f.ops().contains(op));
    }

    /**
     * The node's outputs computed from {@code in}; {@code known} tells which inputs are known when
     * the code is generated (constants of the graph: a lowering may specialise on their values, as
     * Pow on an integral exponent).
     */
    static List<Value> apply(Kernels k, NodeProto n, List<Value> in, java.util.function.IntPredicate known, long opset) {
        String op = n.getOpType();
        String name = (n.getName().isEmpty() ? op : n.getName()).replaceAll("[^A-Za-z0-9_]", "_");
        Attrs at = Attrs.of(n);
        if (n.getDomain().equals("ai.onnx.preview.training") && Optimizers.OPS.contains(op)) return Optimizers.apply(k, name, op, at, in);
        if (!(n.getDomain().isEmpty() || n.getDomain().equals("ai.onnx")))
            throw new NotExpressible(n.getDomain() + "." + op + ": no lowering for this domain");
        LoweringCall c = new LoweringCall(k, n, name, at, in, known, java.util.Map.of(), opset);
        for (Family f : FAMILIES)
            if (f.ops().contains(op)) return f.lowering().lower(c);
        throw new NotExpressible(op + ": no lowering to the loop IR for this op");
    }
}
