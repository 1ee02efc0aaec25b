package org.shapeforge.onnx.values;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.onnx.Attrs;

/**
 * The elementwise ops' ONNX semantics (arithmetic with broadcasting, the one-IR-operation unary
 * functions, Sum/Mean over any number of inputs, Cast, Clip's attribute and input forms, inference
 * Dropout) resolved to {@link Pointwise} operations.
 */
final class ElementwiseLowering {
    private ElementwiseLowering() {}

    /** The one-input ops that are one IR operation. */
    static final Map<String, UnOp> UNARY = Map.ofEntries(Map.entry("Relu", UnOp.RELU),
            Map.entry("Sigmoid", UnOp.SIGMOID), Map.entry("Tanh", UnOp.TANH), Map.entry("Exp", UnOp.EXP),
            Map.entry("Log", UnOp.LOG), Map.entry("Abs", UnOp.ABS), Map.entry("Neg", UnOp.NEG),
            Map.entry("Sqrt", UnOp.SQRT), Map.entry("Reciprocal", UnOp.RECIP),
            Map.entry("Floor", UnOp.FLOOR), Map.entry("Ceil", UnOp.CEIL), Map.entry("Round", UnOp.ROUND),
            Map.entry("Sign", UnOp.SIGN), Map.entry("Sin", UnOp.SIN), Map.entry("Cos", UnOp.COS),
            Map.entry("Tan", UnOp.TAN), Map.entry("Asin", UnOp.ASIN), Map.entry("Acos", UnOp.ACOS),
            Map.entry("Atan", UnOp.ATAN), Map.entry("Sinh", UnOp.SINH), Map.entry("Cosh", UnOp.COSH),
            Map.entry("Asinh", UnOp.ASINH), Map.entry("Acosh", UnOp.ACOSH), Map.entry("Atanh", UnOp.ATANH));

    static List<Value> lower(LoweringCall c) {
        Kernels k = c.k();
        String name = c.name(), op = c.op();
        Attrs at = c.at();
        List<Value> in = c.in();
        return switch (op) {
            case "Add" -> one(Pointwise.binary(k, name, req(in, 2), BinOp.ADD));
            case "Sub" -> one(Pointwise.binary(k, name, req(in, 2), BinOp.SUB));
            case "Mul" -> one(Pointwise.binary(k, name, req(in, 2), BinOp.MUL));
            case "Div" -> in.get(0).isInteger() // integer division truncates: exact for |a| < 2^24 (the float quotient cannot cross an integer)
                    ? one(Pointwise.map(k, name, req(in, 2), r -> Pointwise.truncate(new Expr.Binary(BinOp.DIV, r.get(0), r.get(1))), in.get(0).type()))
                    : one(Pointwise.binary(k, name, req(in, 2), BinOp.DIV));
            case "Mod" -> {
                boolean fmod = at.i("fmod", 0) != 0;
                if (!fmod && !in.get(0).isInteger())
                    throw new NotExpressible("Mod: fmod = 0 on floating-point inputs is not defined by ONNX");
                yield one(Pointwise.binary(k, name, req(in, 2), fmod ? BinOp.FMOD : BinOp.MOD));
            }
            case "Max" -> one(Pointwise.binary(k, name, present(in), BinOp.MAX));
            case "Min" -> one(Pointwise.binary(k, name, present(in), BinOp.MIN));
            case "Pow" -> one(Pointwise.pow(k, name, in.get(0), in.get(1), c.known().test(1)));
            case "Where" -> one(Pointwise.where(k, name, in.get(0), in.get(1), in.get(2)));
            case "Sum" -> one(Pointwise.binary(k, name, present(in), BinOp.ADD));
            case "Mean" -> {
                List<Value> xs = present(in);
                yield one(Pointwise.map(k, name, xs, r -> {
                    Expr e = r.getFirst();
                    for (int i = 1; i < r.size(); i++) e = new Expr.Binary(BinOp.ADD, e, r.get(i));
                    return new Expr.Binary(BinOp.MUL, e, new Expr.Const(1.0 / r.size()));
                }, xs.getFirst().type()));
            }
            case "Erf" -> one(Pointwise.erf(k, name, in.get(0)));
            case "Cast" -> one(Pointwise.cast(k, name, in.get(0), (int) at.i("to", DataType.FLOAT_VALUE)));
            case "Identity" -> one(Pointwise.copy(k, name, in.get(0)));
            case "CastLike" -> one(Pointwise.cast(k, name, in.get(0), in.get(1).type()));
            case "Clip" -> one(clip(k, name, at, in, c.opset()));
            case "Dropout" -> dropout(c);
            default -> {
                UnOp u = UNARY.get(op);
                if (u == null) throw new NotExpressible(op + ": not an elementwise op of this family");
                yield one(Pointwise.unary(k, name, in.get(0), u));
            }
        };
    }

    private static List<Value> one(Value v) {
        return List.of(v);
    }

    private static List<Value> req(List<Value> in, int n) {
        if (in.size() < n || in.subList(0, n).contains(null)) throw new IllegalArgumentException("needs " + n + " inputs");
        return in.subList(0, n);
    }

    private static List<Value> present(List<Value> in) {
        return in.stream().filter(Objects::nonNull).toList();
    }

    /** Inference Dropout (or training with ratio 0): the identity, and a mask of ones; training mode otherwise draws random numbers. */
    private static List<Value> dropout(LoweringCall c) {
        Kernels k = c.k();
        String name = c.name();
        Attrs at = c.at();
        Value training = c.opt(2), ratio = c.opt(1);
        double p = ratio != null ? ratio.data()[0] : at.f("ratio", 0.5);
        if ((training != null && training.data()[0] != 0 || at.has("is_test") && at.i("is_test", 1) == 0) && p != 0)
            throw new NotExpressible("Dropout: training mode with ratio " + p + " draws random numbers");
        Value y = Pointwise.copy(k, name, c.in().get(0));
        if (c.outputs() < 2) return List.of(y);
        // ones of x's shape: 0·x + 1 (the operation reads x for its shape only)
        Value mask = Pointwise.map(k, name + "_mask", List.of(c.in().get(0)), r -> new Expr.Binary(BinOp.ADD,
                new Expr.Binary(BinOp.MUL, r.getFirst(), new Expr.Const(0)), new Expr.Const(1)), DataType.BOOL_VALUE);
        return List.of(y, mask);
    }

    /**
     * Clip: {@code min(max(x, lo), hi)}; the bounds are attributes before opset 11, optional scalar
     * inputs from then on; an absent bound is no bound (ReLU6 is {@code Clip(x, 0, 6)}).
     */
    private static Value clip(Kernels k, String name, Attrs at, List<Value> in, long opset) {
        Double[] b = clipBounds(at, in, opset);
        return Pointwise.map(k, name, List.of(in.get(0)), r -> clip(r.getFirst(), b[0], b[1]), in.get(0).type());
    }

    /** Clip's {lower, upper} bounds (null: none): attributes before opset 11, optional scalar inputs from then on. */
    static Double[] clipBounds(Attrs at, List<Value> in, long opset) {
        Double lo = opset < 11 ? (at.has("min") ? at.f("min", 0) : null) : bound(in.size() > 1 ? in.get(1) : null);
        Double hi = opset < 11 ? (at.has("max") ? at.f("max", 0) : null) : bound(in.size() > 2 ? in.get(2) : null);
        return new Double[] {lo, hi};
    }

    /** {@code min(max(x, lo), hi)}, an absent bound left out. */
    static Expr clip(Expr x, Double lo, Double hi) {
        Expr e = x;
        if (lo != null) e = new Expr.Binary(BinOp.MAX, e, new Expr.Const(lo));
        if (hi != null) e = new Expr.Binary(BinOp.MIN, e, new Expr.Const(hi));
        return e;
    }

    private static Double bound(Value v) {
        if (v == null) return null;
        if (v.data().length != 1) throw new NotExpressible("Clip: a bound must be a scalar, it has " + v.data().length + " elements");
        return v.data()[0];
    }
}
