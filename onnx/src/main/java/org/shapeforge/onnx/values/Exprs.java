package org.shapeforge.onnx.values;

import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.UnOp;

/**
 * Builders of loop-IR scalar expressions shared by the op families of this package, so that a
 * lowering reads as its formula. {@link #hit} is the one-hot selector the position-dependent ops
 * use ({@code 1 − STEP|a − b|}: 1 where two integers agree, else 0).
 */
final class Exprs {
    private Exprs() {}

    static Expr c(double v) {
        return new Expr.Const(v);
    }

    static Expr add(Expr a, Expr b) {
        return new Expr.Binary(BinOp.ADD, a, b);
    }

    static Expr sub(Expr a, Expr b) {
        return new Expr.Binary(BinOp.SUB, a, b);
    }

    static Expr mul(Expr a, Expr b) {
        return new Expr.Binary(BinOp.MUL, a, b);
    }

    /** {@code m ≠ 0 ? x : 0} ({@link BinOp#MASK}): a selection by a 0/1 mask, 0 where masked even when x is ±∞ or NaN. */
    static Expr masked(Expr m, Expr x) {
        return new Expr.Binary(BinOp.MASK, m, x);
    }

    /** The Heaviside step {@code x > 0} ({@link UnOp#STEP}). */
    static Expr step(Expr x) {
        return new Expr.Unary(UnOp.STEP, x);
    }

    /** {@code 1 − STEP|a − b|}: 1 where integers a and b are equal, 0 elsewhere. */
    static Expr hit(Expr a, Expr b) {
        return sub(c(1), step(new Expr.Unary(UnOp.ABS, sub(a, b))));
    }

    /** {@code min(max(e, lo), hi)}. */
    static Expr clamp(Expr e, double lo, double hi) {
        return new Expr.Binary(BinOp.MIN, new Expr.Binary(BinOp.MAX, e, c(lo)), c(hi));
    }
}
