package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.add;
import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.masked;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.step;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.onnx.Attrs;

/**
 * The activation functions of ONNX's operator set as one pointwise loop-IR operation each,
 * composed from the IR's scalar operations by their definitions in the ONNX operator
 * documentation (attribute defaults included). Exact compositions use the identity
 * {@code f(x) = f₊(max(x, 0)) + f₋(min(x, 0))} for functions with {@code f₊(0) = f₋(0) = 0}
 * (LeakyRelu, PRelu, Elu, Selu, Celu), and the Heaviside {@link UnOp#STEP} where the definition
 * jumps (ThresholdedRelu, Shrink). Softplus is {@code max(x, 0) + log(1 + exp(−|x|))}, equal to
 * its definition {@code log(exp(x) + 1)} but finite where {@code exp(x)} overflows (x &gt; 88 in
 * float: the definition as written gives ∞, PyTorch x); Mish and the two Gelu forms are their
 * formulas; Gelu's erf is
 * {@link Pointwise#erf(Expr) Abramowitz–Stegun 7.1.26} (|error| ≤ 1.5·10⁻⁷).
 */
final class Activations {
    private Activations() {}

    static Value apply(Kernels k, String name, String op, Attrs at, List<Value> in, long opset) {
        Value x = in.get(0);
        if (op.equals("PRelu")) {
            Value slope = in.get(1);
            if (opset < 7 && slope.rank() == 1 && x.rank() >= 2 && slope.dims().getFirst() != 1) {
                // before opset 7 a rank-1 slope is per channel (X's axis 1), as the shape importer reads it
                List<Integer> view = new ArrayList<>(Collections.nCopies(x.rank() - 1, 1));
                view.set(0, slope.dims().getFirst());
                slope = slope.view(view);
            }
            return Pointwise.map(k, name, List.of(x, slope), r -> prelu(r.get(0), r.get(1)), x.type());
        }
        return Pointwise.map(k, name, List.of(x), r -> of(op, at, r.getFirst()), x.type());
    }

    /** PRelu's value at {@code x} with {@code slope}. */
    static Expr prelu(Expr x, Expr slope) {
        return add(max0(x), mul(slope, min0(x)));
    }

    private static final Set<String> ONE_INPUT = Set.of("LeakyRelu", "Elu", "Selu", "Celu", "HardSigmoid",
            "HardSwish", "Softplus", "Softsign", "ThresholdedRelu", "Shrink", "Mish", "Gelu");

    /** Whether {@link #of} defines {@code op}. */
    static boolean isActivation(String op) {
        return ONE_INPUT.contains(op);
    }

    /** {@code op}'s value at {@code x} (every op of this family but PRelu). */
    static Expr of(String op, Attrs at, Expr x) {
        return switch (op) {
            case "LeakyRelu" -> add(max0(x), mul(c(at.f("alpha", 0.01)), min0(x)));
            case "Elu" -> add(max0(x), mul(c(at.f("alpha", 1)), expm1(min0(x))));
            case "Selu" -> mul(c(at.f("gamma", 1.05070102214813232421875)),
                    add(max0(x), mul(c(at.f("alpha", 1.67326319217681884765625)), expm1(min0(x)))));
            case "Celu" -> {
                double a = at.f("alpha", 1);
                yield add(max0(x), min0(mul(c(a), expm1(mul(x, c(1 / a))))));
            }
            case "HardSigmoid" -> hardSigmoid(x, at.f("alpha", 0.2), at.f("beta", 0.5));
            case "HardSwish" -> mul(x, hardSigmoid(x, 1.0 / 6, 0.5));
            case "Softplus" -> softplus(x);
            case "Softsign" -> new Expr.Binary(BinOp.DIV, x, add(c(1), new Expr.Unary(UnOp.ABS, x)));
            case "ThresholdedRelu" -> masked(step(sub(x, c(at.f("alpha", 1)))), x); // x above alpha (∞ too), else 0
            case "Shrink" -> {
                double lambd = at.f("lambd", 0.5), bias = at.f("bias", 0);
                yield add(masked(step(sub(x, c(lambd))), sub(x, c(bias))), masked(step(sub(c(-lambd), x)), add(x, c(bias))));
            }
            case "Mish" -> mul(x, new Expr.Unary(UnOp.TANH, softplus(x)));
            case "Gelu" -> at.s("approximate", "none").equals("tanh")
                    ? mul(mul(c(0.5), x), add(c(1), new Expr.Unary(UnOp.TANH, mul(c(Math.sqrt(2 / Math.PI)),
                            add(x, mul(c(0.044715), mul(x, mul(x, x))))))))
                    : mul(mul(c(0.5), x), add(c(1), Pointwise.erf(mul(x, c(1 / Math.sqrt(2))))));
            default -> throw new IllegalArgumentException("not an activation: " + op);
        };
    }

    private static Expr hardSigmoid(Expr x, double alpha, double beta) {
        return max0(new Expr.Binary(BinOp.MIN, c(1), new Expr.Fma(c(alpha), x, c(beta))));
    }

    /** {@code log(exp(x) + 1)} as {@code max(x, 0) + log(1 + exp(−|x|))}: exp never overflows. */
    private static Expr softplus(Expr x) {
        Expr e = new Expr.Unary(UnOp.EXP, new Expr.Unary(UnOp.NEG, new Expr.Unary(UnOp.ABS, x)));
        return add(max0(x), new Expr.Unary(UnOp.LOG, add(c(1), e)));
    }

    private static Expr expm1(Expr x) {
        return sub(new Expr.Unary(UnOp.EXP, x), c(1));
    }

    private static Expr max0(Expr x) {
        return new Expr.Binary(BinOp.MAX, x, c(0));
    }

    private static Expr min0(Expr x) {
        return new Expr.Binary(BinOp.MIN, x, c(0));
    }
}
