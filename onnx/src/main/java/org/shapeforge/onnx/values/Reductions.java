package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;

/**
 * ReduceSum/Mean/Max/Min as one accumulation each ({@code out =:op x}, the reduced axes being the
 * iterators the result does not mention, Def. 7.5); Mean scales each point by 1/n. BatchNormalization
 * (inference) is one pointwise operation over per-channel views.
 */
final class Reductions {
    private Reductions() {}

    static Value reduce(Kernels k, String name, Value x, boolean[] reduced, boolean keepdims, BinOp acc, boolean mean) {
        Kernel b = new Kernel(name);
        List<Index> xi = new ArrayList<>(), yi = new ArrayList<>();
        List<Integer> dims = new ArrayList<>(), result = new ArrayList<>();
        long n = 1;
        for (int a = 0; a < x.rank(); a++) {
            Kernel.Ix i = b.iter(x.dims().get(a));
            xi.add(Kernel.at(i));
            if (reduced[a]) {
                n *= x.dims().get(a);
                if (keepdims) result.add(1);
            } else {
                yi.add(Kernel.at(i));
                dims.add(x.dims().get(a));
                result.add(x.dims().get(a));
            }
        }
        Expr rhs = Kernel.read(b.tensor(x), xi);
        if (mean) rhs = new Expr.Binary(BinOp.MUL, rhs, new Expr.Const(1.0 / n));
        return b.run(k, dims, yi, rhs, Update.accumulate(acc), result, x.type());
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
}
