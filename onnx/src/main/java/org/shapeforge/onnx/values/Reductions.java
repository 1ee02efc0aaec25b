package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;

/**
 * ReduceSum/Mean/Max/Min/Prod/SumSquare/L1 as one accumulation each ({@code out =:op f(x)}, the
 * reduced axes being the iterators the result does not mention, Def. 7.5); Mean scales each point
 * by 1/n; L2 and LogSum are a sum followed by a pointwise sqrt or log; LogSumExp is stabilised by
 * the maximum. BatchNormalization
 * (inference) is one pointwise operation over per-channel views.
 */
final class Reductions {
    private Reductions() {}

    static Value reduce(Kernels k, String name, Value x, boolean[] reduced, boolean keepdims, BinOp acc, boolean mean) {
        long n = 1;
        for (int a = 0; a < x.rank(); a++) if (reduced[a]) n *= x.dims().get(a);
        double scale = 1.0 / n;
        return reduce(k, name, x, reduced, keepdims, acc, mean ? e -> new Expr.Binary(BinOp.MUL, e, new Expr.Const(scale)) : e -> e);
    }

    /**
     * {@code out =:acc f(x)} over the {@code reduced} axes: the accumulated term is {@code f} of
     * the read (ReduceSumSquare's x², ReduceL1's |x|, Mean's x/n).
     */
    static Value reduce(Kernels k, String name, Value x, boolean[] reduced, boolean keepdims, BinOp acc,
            UnaryOperator<Expr> f) {
        Kernel b = new Kernel(name);
        List<Index> xi = new ArrayList<>(), yi = new ArrayList<>();
        List<Integer> dims = new ArrayList<>(), result = new ArrayList<>();
        for (int a = 0; a < x.rank(); a++) {
            Kernel.Ix i = b.iter(x.dims().get(a));
            xi.add(Kernel.at(i));
            if (reduced[a]) {
                if (keepdims) result.add(1);
            } else {
                yi.add(Kernel.at(i));
                dims.add(x.dims().get(a));
                result.add(x.dims().get(a));
            }
        }
        return b.run(k, dims, yi, f.apply(Kernel.read(b.tensor(x), xi)), Update.accumulate(acc), result, x.type());
    }

    /**
     * ReduceLogSumExp, numerically stable: {@code m = max x}, {@code s = Σ exp(x − m)},
     * {@code log s + m} (the axes kept at size 1 throughout, dropped at the end unless
     * {@code keepdims}); ONNX's reference computes {@code log Σ exp x} directly, equal where that
     * does not overflow.
     */
    static Value logSumExp(Kernels k, String name, Value x, boolean[] reduced, boolean keepdims) {
        Value m = reduce(k, name + "_max", x, reduced, true, BinOp.MAX, false);
        Value e = Pointwise.map(k, name + "_exp", List.of(x, m),
                r -> new Expr.Unary(UnOp.EXP, new Expr.Binary(BinOp.SUB, r.get(0), r.get(1))), x.type());
        Value s = reduce(k, name + "_sum", e, reduced, true, BinOp.ADD, false);
        Value y = Pointwise.map(k, name, List.of(s, m), r -> new Expr.Binary(BinOp.ADD, new Expr.Unary(UnOp.LOG, r.get(0)), r.get(1)),
                x.type());
        if (keepdims) return y;
        List<Integer> dims = new ArrayList<>();
        for (int a = 0; a < x.rank(); a++) if (!reduced[a]) dims.add(x.dims().get(a));
        return y.view(dims);
    }

    /**
     * Softmax over the {@code reduced} axes as the program front end's {@code softmax} lowers it
     * (issue 15): {@code m = max x}, {@code e = exp(x − m)}, {@code s = Σ e}, {@code y = e / s}
     * (numerically stable: every exponent ≤ 0); LogSoftmax is {@code x − m − log s}. The
     * reductions keep their axes at size 1, read back by broadcasting.
     */
    static Value softmax(Kernels k, String name, Value x, boolean[] reduced, boolean log) {
        Value m = reduce(k, name + "_max", x, reduced, true, BinOp.MAX, false);
        Value e = Pointwise.map(k, name + "_exp", List.of(x, m),
                r -> new Expr.Unary(UnOp.EXP, new Expr.Binary(BinOp.SUB, r.get(0), r.get(1))), x.type());
        Value s = reduce(k, name + "_sum", e, reduced, true, BinOp.ADD, false);
        if (log)
            return Pointwise.map(k, name, List.of(x, m, s), r -> new Expr.Binary(BinOp.SUB,
                    new Expr.Binary(BinOp.SUB, r.get(0), r.get(1)), new Expr.Unary(UnOp.LOG, r.get(2))), x.type());
        return Pointwise.map(k, name, List.of(e, s), r -> new Expr.Binary(BinOp.DIV, r.get(0), r.get(1)), x.type());
    }

    /**
     * Training-mode BatchNormalization (ONNX's reference): the batch mean and population variance
     * over every axis but 1 (two reductions), y normalised with them, and the running statistics
     * {@code input·momentum + batch·(1 − momentum)} as outputs 2 and 3.
     */
    static List<Value> batchNormTraining(Kernels k, String name, Value x, Value scale, Value bias, Value mean, Value var,
            double eps, double momentum, int outputs) {
        boolean[] reduced = new boolean[x.rank()];
        for (int a = 0; a < x.rank(); a++) reduced[a] = a != 1;
        Value bm = reduce(k, name + "_mean", x, reduced, false, BinOp.ADD, true);
        List<Integer> view = new ArrayList<>();
        view.add(x.dims().get(1));
        for (int a = 2; a < x.rank(); a++) view.add(1);
        Value sq = Pointwise.map(k, name + "_sq", List.of(x, bm.view(view)), r -> {
            Expr d = new Expr.Binary(BinOp.SUB, r.get(0), r.get(1));
            return new Expr.Binary(BinOp.MUL, d, d);
        }, x.type());
        Value bv = reduce(k, name + "_var", sq, reduced, false, BinOp.ADD, true);
        List<Value> out = new ArrayList<>(List.of(batchNorm(k, name, x, scale, bias, bm, bv, eps)));
        if (outputs > 1) out.add(running(k, name + "_running_mean", mean, bm, momentum));
        if (outputs > 2) out.add(running(k, name + "_running_var", var, bv, momentum));
        return out;
    }

    private static Value running(Kernels k, String name, Value input, Value batch, double momentum) {
        return Pointwise.map(k, name, List.of(input, batch), r -> new Expr.Fma(r.get(0), new Expr.Const(momentum),
                new Expr.Binary(BinOp.MUL, r.get(1), new Expr.Const(1 - momentum))), input.type());
    }

    /**
     * LayerNormalization (opset 17) as ONNX's reference computes it over the axes from {@code axis}
     * on: {@code mean}, the population variance of {@code x − mean} (two reductions that keep their
     * axes at 1), {@code inv = 1 / sqrt(var + ε)}, {@code y = (x − mean)·inv·scale + B} with Scale
     * and B broadcast from the right. Outputs Y, Mean and InvStdDev (as many as asked for).
     */
    static List<Value> layerNorm(Kernels k, String name, Value x, Value scale, Value bias, int axis, double eps, int outputs) {
        boolean[] reduced = new boolean[x.rank()];
        for (int a = axis; a < x.rank(); a++) reduced[a] = true;
        Value mean = reduce(k, name + "_mean", x, reduced, true, BinOp.ADD, true);
        Value sq = Pointwise.map(k, name + "_sq", List.of(x, mean), r -> {
            Expr d = new Expr.Binary(BinOp.SUB, r.get(0), r.get(1));
            return new Expr.Binary(BinOp.MUL, d, d);
        }, x.type());
        Value var = reduce(k, name + "_var", sq, reduced, true, BinOp.ADD, true);
        Value inv = Pointwise.map(k, name + "_inv", List.of(var), r -> new Expr.Unary(UnOp.RECIP,
                new Expr.Unary(UnOp.SQRT, new Expr.Binary(BinOp.ADD, r.get(0), new Expr.Const(eps)))), x.type());
        List<Value> ins = bias == null ? List.of(x, mean, inv, scale) : List.of(x, mean, inv, scale, bias);
        Value y = Pointwise.map(k, name, ins, r -> {
            Expr scaled = new Expr.Binary(BinOp.MUL, new Expr.Binary(BinOp.MUL,
                    new Expr.Binary(BinOp.SUB, r.get(0), r.get(1)), r.get(2)), r.get(3));
            return r.size() > 4 ? new Expr.Binary(BinOp.ADD, scaled, r.get(4)) : scaled;
        }, x.type());
        List<Value> out = new ArrayList<>(List.of(y));
        if (outputs > 1) out.add(mean);
        if (outputs > 2) out.add(inv);
        return out;
    }

    /** {@code y = (x − mean)·scale / sqrt(var + ε) + B}, the per-channel tensors viewed along axis 1. */
    static Value batchNorm(Kernels k, String name, Value x, Value scale, Value bias, Value mean, Value var, double eps) {
        List<Integer> view = new ArrayList<>();
        view.add(x.dims().get(1));
        for (int a = 2; a < x.rank(); a++) view.add(1);
        return Pointwise.map(k, name, List.of(x, scale.view(view), bias.view(view), mean.view(view), var.view(view)), r -> {
            Expr inv = new Expr.Unary(UnOp.RECIP, new Expr.Unary(UnOp.SQRT, new Expr.Binary(BinOp.ADD, r.get(4), new Expr.Const(eps))));
            Expr centered = new Expr.Binary(BinOp.SUB, r.get(0), r.get(3));
            return new Expr.Fma(centered, new Expr.Binary(BinOp.MUL, r.get(1), inv), r.get(2));
        }, x.type());
    }

    /** InstanceNormalization (the spatial axes, with per-channel scale and bias) and MeanVarianceNormalization (the given axes, ε = 1e-9). */
    static Value instanceOrMvn(Kernels k, String name, String op, Attrs at, List<Value> in) {
        Value x = in.get(0);
        boolean[] axes = new boolean[x.rank()];
        if (op.equals("InstanceNormalization")) {
            for (int a = 2; a < x.rank(); a++) axes[a] = true;
            return normalize(k, name, x, axes, at.f("epsilon", 1e-5), in.get(1), in.get(2));
        }
        for (long a : at.ints("axes").orElse(new long[] {0, 2, 3})) axes[(int) (a < 0 ? a + x.rank() : a)] = true;
        return normalize(k, name, x, axes, 1e-9, null, null);
    }

    /** {@code (x − mean)/sqrt(var + ε)} over the {@code reduced} axes (population variance), then {@code ·scale + B} per channel when given. */
    static Value normalize(Kernels k, String name, Value x, boolean[] reduced, double eps, Value scale, Value bias) {
        Value mean = Reductions.reduce(k, name + "_mean", x, reduced, true, BinOp.ADD, true);
        Value sq = Pointwise.map(k, name + "_sq", List.of(x, mean), r -> new Expr.Binary(BinOp.MUL, new Expr.Binary(BinOp.SUB, r.get(0), r.get(1)), new Expr.Binary(BinOp.SUB, r.get(0), r.get(1))), x.type());
        Value var = Reductions.reduce(k, name + "_var", sq, reduced, true, BinOp.ADD, true);
        List<Value> ins = new ArrayList<>(List.of(x, mean, var));
        if (scale != null) {
            List<Integer> view = new ArrayList<>(Collections.nCopies(x.rank() - 1, 1));
            view.set(0, scale.dims().getFirst());
            ins.add(scale.view(view));
            ins.add(bias.view(view));
        }
        return Pointwise.map(k, name, ins, r -> {
            Expr y = new Expr.Binary(BinOp.MUL, new Expr.Binary(BinOp.SUB, r.get(0), r.get(1)),
                    new Expr.Unary(UnOp.RECIP, new Expr.Unary(UnOp.SQRT, new Expr.Binary(BinOp.ADD, r.get(2), new Expr.Const(eps)))));
            return r.size() > 3 ? new Expr.Binary(BinOp.ADD, new Expr.Binary(BinOp.MUL, y, r.get(3)), r.get(4)) : y;
        }, x.type());
    }
}
