package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.add;
import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.step;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.List;
import java.util.function.UnaryOperator;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.onnx.Attrs;

/**
 * Comparisons, logical ops and the IsNaN/IsInf tests, with BOOL results as 1 and 0, each one
 * pointwise operation with NumPy broadcasting. Exact on floats: {@code a > b} is
 * {@code STEP(a − b)} (a − b is 0 only when a = b, NaN when either is NaN or both are the same
 * infinity — all of which compare false); {@code a = b} is
 * {@code (1 − ISNAN a)(1 − ISNAN b)(1 − STEP(a − b) − STEP(b − a))}, which keeps
 * {@code ∞ = ∞} and {@code NaN ≠ NaN}; ≥ and ≤ add the two disjoint cases. The logical ops read
 * their BOOL operands as 0 and 1: And is the product, Or the maximum, Xor {@code |a − b|}, Not
 * {@code 1 − x}. Integer operands are compared as the kernels hold them (float). BitShift on
 * unsigned integers: LEFT {@code MOD(x·2^y, 2^bits)}, RIGHT {@code FLOOR(x / 2^y)}, with an exact
 * {@link #pow2}; exact for x &lt; 2²⁴ (float holds x; scaling by 2^y and reducing modulo 2^bits are
 * then exact).
 */
final class Predicates {
    private Predicates() {}

    static Value apply(Kernels k, String name, String op, Attrs at, List<Value> in) {
        if (in.getFirst().type() == DataType.STRING_VALUE)
            throw new NotExpressible(op + ": STRING operands have no numeric reading");
        return switch (op) {
            case "Not" -> unary(k, name, in.getFirst(), x -> sub(c(1), x));
            case "IsNaN" -> unary(k, name, in.getFirst(), x -> new Expr.Unary(UnOp.ISNAN, x));
            case "IsInf" -> {
                double pos = at.i("detect_positive", 1), neg = at.i("detect_negative", 1);
                yield unary(k, name, in.getFirst(), x -> mul(new Expr.Unary(UnOp.ISINF, x),
                        add(mul(c(pos), step(x)), mul(c(neg), step(new Expr.Unary(UnOp.NEG, x))))));
            }
            case "BitShift" -> {
                Value x = in.getFirst();
                int bits = switch (DataType.forNumber(x.type())) {
                    case UINT8 -> 8;
                    case UINT16 -> 16;
                    case UINT32 -> 32;
                    case UINT64 -> 64;
                    default -> throw new IllegalArgumentException(name + ": BitShift on " + DataType.forNumber(x.type()));
                };
                boolean left = at.s("direction", "").equals("LEFT");
                yield Pointwise.map(k, name, in.subList(0, 2), r -> left
                        ? new Expr.Binary(BinOp.MOD, mul(r.get(0), pow2(r.get(1))), c(Math.pow(2, bits)))
                        : new Expr.Unary(UnOp.FLOOR, new Expr.Binary(BinOp.DIV, r.get(0), pow2(r.get(1)))), x.type());
            }
            default -> Pointwise.map(k, name, in.subList(0, 2), r -> binary(op, r.get(0), r.get(1)), DataType.BOOL_VALUE);
        };
    }

    /**
     * {@code 2^y} for an integer {@code 0 ≤ y < 64}, exactly: the product over its bits of
     * {@code 1 + (2^(2^j) − 1)·bit_j}, {@code bit_j = MOD(FLOOR(y / 2^j), 2)} — every step an exact
     * float operation (no {@code exp2} whose rounding a target might not make exact).
     */
    static Expr pow2(Expr y) {
        return pow2(y, 6);
    }

    /** {@code 2^y} for an integer {@code 0 ≤ y < 2^bits} (as {@link #pow2(Expr)}; infinite past 2^127). */
    static Expr pow2(Expr y, int bits) {
        Expr p = c(1);
        for (int j = 0; j < bits; j++) {
            Expr bit = new Expr.Binary(BinOp.MOD, new Expr.Unary(UnOp.FLOOR, new Expr.Binary(BinOp.DIV, y, c(1L << j))), c(2));
            p = mul(p, add(c(1), mul(c(Math.pow(2, 1L << j) - 1), bit)));
        }
        return p;
    }

    private static Value unary(Kernels k, String name, Value x, UnaryOperator<Expr> f) {
        return Pointwise.map(k, name, List.of(x), r -> f.apply(r.getFirst()), DataType.BOOL_VALUE);
    }

    private static Expr binary(String op, Expr a, Expr b) {
        return switch (op) {
            case "Greater" -> step(sub(a, b));
            case "Less" -> step(sub(b, a));
            case "Equal" -> equal(a, b);
            case "GreaterOrEqual" -> add(step(sub(a, b)), equal(a, b));
            case "LessOrEqual" -> add(step(sub(b, a)), equal(a, b));
            case "And" -> mul(a, b);
            case "Or" -> new Expr.Binary(BinOp.MAX, a, b);
            case "Xor" -> new Expr.Unary(UnOp.ABS, sub(a, b));
            default -> throw new IllegalArgumentException("not a predicate: " + op);
        };
    }

    private static Expr equal(Expr a, Expr b) {
        Expr ordered = mul(sub(c(1), new Expr.Unary(UnOp.ISNAN, a)), sub(c(1), new Expr.Unary(UnOp.ISNAN, b)));
        return mul(ordered, sub(sub(c(1), step(sub(a, b))), step(sub(b, a))));
    }
}
