package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.add;
import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.clamp;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.step;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.List;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.UnOp;

/**
 * Rounding float values to a narrower float format — FLOAT16 (10 stored mantissa bits, exponents
 * −14…15) and BFLOAT16 (7 bits, −126…127) — to nearest, ties to even, with only exact float
 * operations (no multiply that FMA contraction could fuse, gcc's default for {@code -std=gnu11}):
 * <ol>
 *   <li>the binade {@code e = ⌊log₂|x|⌋}: an estimate from {@code LOG}, corrected by one either way
 *       against {@code 2^e} (an exact power, {@link #pow2}), clamped to the format's normal range
 *       (below it the quantum is the subnormal one);</li>
 *   <li>the magnitude rounded to a multiple of {@code q = 2^(e − bits)} by the classic
 *       {@code (|x| + C) − C} with {@code C = 1.5·2^(e − bits + 23)}, scaled by {@code 2^−64} first
 *       above 2^100, where C would overflow (exact: powers of two);</li>
 *   <li>the sign restored, and values past the format's largest finite one sent to ∞ (division by
 *       zero of a positive number).</li>
 * </ol>
 * NaN stays NaN; ±0 gives 0.
 */
final class NarrowFloats {
    private NarrowFloats() {}

    /** {@code 2^e} for an integer {@code |e| < 128}, exactly (∞ and 0 past the float range). */
    static Expr pow2(Expr e) {
        Expr up = Predicates.pow2(new Expr.Unary(UnOp.ABS, e), 7);
        Expr nonNegative = step(add(e, c(0.5)));
        return add(mul(nonNegative, up), mul(sub(c(1), nonNegative), new Expr.Unary(UnOp.RECIP, up)));
    }

    static Value round(Kernels k, String name, Value x, int bits, int minExp, int maxExp, double maxFinite, int type) {
        // 1. the binade, clamped to [minExp, maxExp]
        Value estimate = Pointwise.map(k, name + "_e0", List.of(x), r -> clamp(new Expr.Unary(UnOp.FLOOR,
                mul(new Expr.Unary(UnOp.LOG, new Expr.Unary(UnOp.ABS, r.getFirst())), c(1 / Math.log(2)))), minExp - 2, maxExp + 2), x.type());
        Value binade = Pointwise.map(k, name + "_e", List.of(x, estimate), r -> {
            Expr ax = new Expr.Unary(UnOp.ABS, r.get(0)), e0 = r.get(1), p = pow2(e0);
            Expr e = add(sub(e0, step(sub(p, ax))), sub(c(1), step(sub(mul(c(2), p), ax)))); // −1 if |x| < 2^e0, +1 if |x| ≥ 2^(e0+1)
            return clamp(e, minExp, maxExp);
        }, x.type());
        // 2. round the magnitude to a multiple of 2^(e − bits); scaled down by 2^64 above 2^100, where C = 1.5·2^(e − bits + 23) would overflow
        return Pointwise.map(k, name, List.of(x, binade), r -> {
            Expr ax = new Expr.Unary(UnOp.ABS, r.get(0)), e = r.get(1);
            Expr big = step(sub(e, c(100))), scale = add(sub(c(1), big), mul(big, c(0x1p-64)));
            Expr magic = mul(c(1.5), pow2(sub(add(e, c(23 - bits)), mul(big, c(64)))));
            Expr rounded = mul(sub(add(mul(ax, scale), magic), magic), new Expr.Unary(UnOp.RECIP, scale));
            Expr finite = new Expr.Binary(BinOp.DIV, rounded, sub(c(1), step(sub(rounded, c(maxFinite)))));
            return mul(new Expr.Unary(UnOp.SIGN, r.get(0)), finite);
        }, type);
    }

}
