package org.shapeforge.onnx.values;

import java.util.Arrays;
import java.util.List;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.onnx.Attrs;

/**
 * The reducing ops' ONNX semantics (the ReduceX family with axes as attribute or input and
 * noop_with_empty_axes, Softmax/LogSoftmax's axis across opsets, BatchNormalization in inference
 * and training mode, LayerNormalization, InstanceNormalization, MeanVarianceNormalization)
 * resolved to {@link Reductions} operations.
 */
final class ReductionLowering {
    private ReductionLowering() {}

    static List<Value> lower(LoweringCall c) {
        Kernels k = c.k();
        String name = c.name(), op = c.op();
        Attrs at = c.at();
        List<Value> in = c.in();
        return switch (op) {
            case "BatchNormalization" -> at.i("training_mode", 0) != 0 || c.outputs() > 1
                    ? Reductions.batchNormTraining(k, name, in.get(0), in.get(1), in.get(2), in.get(3), in.get(4),
                            at.f("epsilon", 1e-5), at.f("momentum", 0.9), c.outputs())
                    : List.of(Reductions.batchNorm(k, name, in.get(0), in.get(1), in.get(2), in.get(3), in.get(4), at.f("epsilon", 1e-5)));
            case "ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceSumSquare", "ReduceL1", "ReduceL2",
                 "ReduceLogSum", "ReduceLogSumExp" -> List.of(reduce(c));
            case "LayerNormalization" -> {
                Value x = in.get(0);
                int axis = (int) Math.floorMod(at.i("axis", -1), Math.max(1, x.rank()));
                yield Reductions.layerNorm(k, name, x, in.get(1), c.opt(2), axis, at.f("epsilon", 1e-5), c.outputs());
            }
            case "Softmax", "LogSoftmax" -> List.of(softmax(k, name, at, in.get(0), c.opset(), op.equals("LogSoftmax")));
            case "InstanceNormalization", "MeanVarianceNormalization" -> List.of(Reductions.instanceOrMvn(k, name, op, at, in));
            default -> throw new NotExpressible(op + ": not a reduction of this family");
        };
    }

    /**
     * Softmax/LogSoftmax's normalised axes: from opset 13 the one axis {@code axis} (default −1);
     * before, the input is coerced to 2-D at {@code axis} (default 1) and every axis from it on is
     * normalised together.
     */
    private static Value softmax(Kernels k, String name, Attrs at, Value x, long opset, boolean log) {
        boolean[] reduced = new boolean[x.rank()];
        long axis = at.i("axis", opset >= 13 ? -1 : 1);
        int a0 = (int) (axis < 0 ? axis + x.rank() : axis);
        if (a0 < 0 || a0 >= Math.max(1, x.rank())) throw new IllegalArgumentException("axis " + axis + " outside rank " + x.rank());
        for (int a = 0; a < x.rank(); a++) reduced[a] = opset >= 13 ? a == a0 : a >= a0;
        for (int a = 0; a < x.rank(); a++)
            if (reduced[a] && x.dims().get(a) == 0) return Pointwise.copy(k, name, x);
        return Reductions.softmax(k, name, x, reduced, log);
    }

    private static Value reduce(LoweringCall c) {
        Kernels k = c.k();
        String name = c.name();
        Attrs at = c.at();
        Value x = c.in().get(0);
        long[] axes = at.ints("axes").orElse(null);
        if (axes == null && c.opt(1) != null) axes = c.in().get(1).longs();
        boolean[] reduced = new boolean[x.rank()];
        if (axes == null || axes.length == 0) {
            // noop: each element is reduced alone (ReduceSumSquare gives x², ReduceLogSum log x, …)
            if (at.i("noop_with_empty_axes", 0) == 0) Arrays.fill(reduced, true);
        } else for (long a : axes) reduced[(int) (a < 0 ? a + x.rank() : a)] = true;
        for (int a = 0; a < x.rank(); a++)
            if (reduced[a] && x.dims().get(a) == 0) throw new NotExpressible(c.op() + ": reduction over an empty axis (zero-size tensor)");
        boolean keep = at.i("keepdims", 1) != 0;
        return switch (c.op()) {
            case "ReduceMax" -> Reductions.reduce(k, name, x, reduced, keep, BinOp.MAX, false);
            case "ReduceMin" -> Reductions.reduce(k, name, x, reduced, keep, BinOp.MIN, false);
            case "ReduceProd" -> Reductions.reduce(k, name, x, reduced, keep, BinOp.MUL, false);
            case "ReduceMean" -> Reductions.reduce(k, name, x, reduced, keep, BinOp.ADD, true);
            case "ReduceSumSquare" -> Reductions.reduce(k, name, x, reduced, keep, BinOp.ADD, e -> new Expr.Binary(BinOp.MUL, e, e));
            case "ReduceL1" -> Reductions.reduce(k, name, x, reduced, keep, BinOp.ADD, e -> new Expr.Unary(UnOp.ABS, e));
            case "ReduceL2" -> Pointwise.unary(k, name, Reductions.reduce(k, name + "_sq", x, reduced, keep, BinOp.ADD,
                    e -> new Expr.Binary(BinOp.MUL, e, e)), UnOp.SQRT);
            case "ReduceLogSum" -> Pointwise.unary(k, name, Reductions.reduce(k, name + "_sum", x, reduced, keep, BinOp.ADD, false),
                    UnOp.LOG);
            case "ReduceLogSumExp" -> Reductions.logSumExp(k, name, x, reduced, keep);
            default -> Reductions.reduce(k, name, x, reduced, keep, BinOp.ADD, false);
        };
    }
}
