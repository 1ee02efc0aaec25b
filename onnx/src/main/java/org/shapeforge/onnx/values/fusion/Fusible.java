package org.shapeforge.onnx.values.fusion;

import java.util.Set;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.onnx.Attrs;
import org.shapeforge.onnx.OpRegistry;
import org.shapeforge.onnx.values.Lowerings;

/**
 * Which nodes a {@link FusionPlan} may put in a pointwise group, read from the graph alone: an op
 * the op registry lowers through the elementwise or activation family ({@link Lowerings#ELEMENTWISE},
 * {@link Lowerings#ACTIVATIONS}) whose value at a cell depends only on its operands at that cell
 * (broadcast included) — so it composes into one loop-IR right-hand side — with one output. Left
 * out of that family: Where and Mod (integer or Boolean operands), Dropout (two outputs), CastLike
 * and Cast to anything but FLOAT or DOUBLE (a rounding or truncating conversion). Which inputs of a
 * member may be computed inside its group is {@link #elementwiseInput}: Clip's bounds are read as
 * numbers when the code is generated, so they come from outside.
 */
public final class Fusible {
    private Fusible() {}

    /** The elementwise family's ops that compose (the activations family composes entirely). */
    private static final Set<String> ELEMENTWISE = Set.of("Add", "Sub", "Mul", "Div", "Pow", "Max", "Min", "Sum", "Mean",
            "Erf", "Identity", "Clip", "Cast", "Relu", "Sigmoid", "Tanh", "Exp", "Log", "Abs", "Neg", "Sqrt", "Reciprocal",
            "Floor", "Ceil", "Round", "Sign", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Asinh", "Acosh", "Atanh");

    /** Whether {@code n} may be a member of a pointwise group. */
    public static boolean node(NodeProto n) {
        if (n.getOutputCount() != 1 || n.getOutput(0).isEmpty()) return false;
        if (!(n.getDomain().isEmpty() || n.getDomain().equals("ai.onnx"))) return false;
        var lowering = OpRegistry.lookup(n.getDomain(), n.getOpType()).map(s -> s.lowering()).orElse(null);
        if (lowering == Lowerings.ACTIVATIONS) return true;
        if (lowering != Lowerings.ELEMENTWISE || !ELEMENTWISE.contains(n.getOpType())) return false;
        if (n.getOpType().equals("Cast")) {
            long to = Attrs.of(n).i("to", DataType.FLOAT_VALUE);
            return to == DataType.FLOAT_VALUE || to == DataType.DOUBLE_VALUE;
        }
        return true;
    }

    /** Whether input {@code slot} of {@code n} is read cell by cell (and so may be computed inside the group). */
    public static boolean elementwiseInput(NodeProto n, int slot) {
        return !n.getOpType().equals("Clip") || slot == 0;
    }

    /** The contractions a group may attach to as an epilogue (their result cell finished, then the group applied). */
    public static boolean producer(NodeProto n) {
        return (n.getDomain().isEmpty() || n.getDomain().equals("ai.onnx")) && n.getOutputCount() == 1
                && Set.of("Conv", "Gemm", "MatMul").contains(n.getOpType());
    }
}
