package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.shapeforge.onnx.values.Lowering;
import org.shapeforge.onnx.values.Lowerings;
import org.shapeforge.term.Dim;

/**
 * Elementwise ops. Unary ones (and Softmax, Dropout, Cast, …) give an output with exactly the
 * input's axes ({@code out_i = in_i}). Broadcasting ones (Add, Where, Max, …) follow NumPy's rule
 * as the broadcast order: the output's row is below every operand's row ({@code out ⊑ in_k},
 * {@link Emitter#broadcast}); the output rank is the largest operand rank.
 */
final class Elementwise {
    private Elementwise() {}

    /** The elementwise ops: their shape logic here, their lowerings in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Elementwise::unary, Lowerings.ELEMENTWISE, "Relu", "Sigmoid", "Tanh", "Exp", "Log", "Abs", "Neg", "Sqrt",
                    "Erf", "Cast", "Identity", "Dropout", "Reciprocal", "Floor", "Ceil", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan",
                    "Sinh", "Cosh", "Asinh", "Acosh", "Atanh", "Round", "Sign", "CastLike"),
            OpSpec.each(Elementwise::unary, Lowerings.ACTIVATIONS, "Softplus", "Softsign", "LeakyRelu", "Elu", "Selu", "Celu",
                    "HardSigmoid", "HardSwish", "ThresholdedRelu", "Shrink", "Mish", "Gelu"),
            OpSpec.each(Elementwise::unary, Lowerings.PREDICATES, "Not", "IsNaN", "IsInf"),
            OpSpec.each(Elementwise::unary, Lowerings.SIGNALS, "LRN"),
            OpSpec.each(Elementwise::unary, Lowerings.REDUCTIONS, "InstanceNormalization", "MeanVarianceNormalization"),
            OpSpec.each(Elementwise::unary, Lowerings.POSITIONAL, "Trilu", "CumSum"),
            OpSpec.each(Elementwise::unary, Lowering.none("bitwise NOT of integers: the loop IR's unary operations have no bit operators"),
                    "BitwiseNot"),
            OpSpec.each(Elementwise::unary, Lowering.none("x / ‖x‖_p along an axis: not lowered yet (a ReduceL1/ReduceL2 and a"
                    + " broadcast division would compose it)"), "LpNormalization"),
            OpSpec.each(Elementwise::softmax, Lowerings.REDUCTIONS, "Softmax", "LogSoftmax"),
            OpSpec.each(Elementwise::softmax, Lowerings.POSITIONAL, "Hardmax"),
            OpSpec.each(Elementwise::broadcasting, Lowerings.ELEMENTWISE, "Add", "Sub", "Mul", "Div", "Pow", "Max", "Min", "Where",
                    "Mod", "Sum", "Mean"),
            OpSpec.each(Elementwise::broadcasting, Lowerings.PREDICATES, "And", "Or", "Xor", "Equal", "Less", "Greater",
                    "LessOrEqual", "GreaterOrEqual", "BitShift"),
            OpSpec.each(Elementwise::broadcasting, Lowering.none("bitwise AND/OR/XOR of integers: the loop IR's binary operations"
                    + " (ADD … MASK) have no bit operators"), "BitwiseAnd", "BitwiseOr", "BitwiseXor"),
            OpSpec.each(Elementwise::unidirectional, Lowerings.ACTIVATIONS, "PRelu"),
            OpSpec.each(Elementwise::clip, Lowerings.ELEMENTWISE, "Clip"));

    /** Every output has the first input's axes. */
    static List<Tensor> unary(Node n, Emitter e) {
        Tensor x = n.input(0);
        List<Tensor> outs = new ArrayList<>();
        for (int k = 0; k < n.outputs(); k++) {
            if (n.proto().getOutput(k).isEmpty()) {
                outs.add(null);
                continue;
            }
            List<Dim> y = e.freshRow("y", x.rank());
            e.eqAll(y, x.dims(), n.out(k));
            outs.add(n.result(k, y));
        }
        return outs;
    }

    /** Softmax, LogSoftmax, Hardmax: the axis must exist; the shape is unchanged. */
    static List<Tensor> softmax(Node n, Emitter e) {
        Tensor x = n.input(0);
        long dflt = x.rank() == 0 ? 0 : -1;
        if (x.rank() > 0) n.axis(n.attrs().i("axis", dflt), x.rank());
        return unary(n, e);
    }

    /** Multidirectional broadcasting over every present input. */
    static List<Tensor> broadcasting(Node n, Emitter e) {
        int rank = 0;
        for (Tensor t : n.inputs()) if (t != null) rank = Math.max(rank, t.rank());
        List<Dim> y = e.freshRow("y", rank);
        List<List<Dim>> ops = new ArrayList<>();
        List<NodeOrigin> os = new ArrayList<>();
        for (int k = 0; k < n.inputs().size(); k++) {
            Tensor t = n.inputs().get(k);
            if (t == null) continue;
            ops.add(t.dims());
            os.add(n.in(k));
        }
        e.broadcastAll(y, ops, os);
        return List.of(n.result(0, y));
    }

    /**
     * PRelu: the slope broadcasts to X (unidirectional): the output is X's shape. Before opset 7
     * a rank-1 slope is per channel (X's axis 1), or shared when it has one element.
     */
    static List<Tensor> unidirectional(Node n, Emitter e) {
        Tensor x = n.input(0), slope = n.input(1);
        if (n.opset() < 7 && slope.rank() == 1 && x.rank() >= 2) {
            List<Dim> y = e.freshRow("y", x.rank());
            e.eqAll(y, x.dims(), n.in(0));
            List<Dim> channel = new ArrayList<>(Collections.nCopies(x.rank(), Dim.unit()));
            channel.set(1, slope.dim(0));
            e.broadcast(y, channel, n.in(1).as(n.in(1).role() + ", per channel (opset < 7)"));
            return List.of(n.result(0, y));
        }
        if (slope.rank() > x.rank()) throw n.error("input 1 has a larger rank than input 0; it must broadcast to it");
        List<Dim> y = e.freshRow("y", x.rank());
        e.eqAll(y, x.dims(), n.in(0));
        e.broadcast(y, slope.dims(), n.in(1));
        return List.of(n.result(0, y));
    }

    /** Clip: min and max are optional scalars. */
    static List<Tensor> clip(Node n, Emitter e) {
        for (int k = 1; k < 3; k++)
            if (n.optInput(k).isPresent() && n.optInput(k).get().rank() != 0)
                throw n.error("input " + k + " of Clip must be a scalar");
        return unary(n, e);
    }
}
