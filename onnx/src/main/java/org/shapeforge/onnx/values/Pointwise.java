package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Function;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;

/**
 * Elementwise ops with NumPy broadcasting, each one loop-IR operation: operands aligned at their
 * trailing axis, a size-1 operand axis against a larger result axis pinned at {@code Fix(0)} (P2).
 * Ops without an intrinsic are composed from the IR's scalar operations, exactly or as stated:
 * {@code Pow} by multiplications or C's {@code powf} ({@link #pow}), {@code Where} by
 * {@link BinOp#MASK} (exact up to the sign of a zero), {@code Erf} by Abramowitz–Stegun 7.1.26
 * (|error| ≤ 1.5·10⁻⁷).
 */
final class Pointwise {
    private Pointwise() {}

    /** The broadcast result dims of the operands (ONNX multidirectional broadcasting). */
    static List<Integer> broadcast(String op, List<List<Integer>> shapes) {
        int r = shapes.stream().mapToInt(List::size).max().orElse(0);
        List<Integer> out = new ArrayList<>();
        for (int ax = 0; ax < r; ax++) {
            int d = 1;
            for (List<Integer> s : shapes) {
                int k = ax - (r - s.size());
                int e = k < 0 ? 1 : s.get(k);
                if (e != 1 && d != 1 && e != d) throw new IllegalArgumentException(op + ": shapes " + shapes + " do not broadcast");
                if (e != 1) d = e;
                if (e == 0) d = 0;
            }
            out.add(d);
        }
        return out;
    }

    /** {@code out = f(reads)} over the broadcast of {@code ins}. */
    static Value map(Kernels k, String name, List<Value> ins, Function<List<Expr>, Expr> f, int type) {
        List<List<Integer>> shapes = ins.stream().map(Value::dims).toList();
        List<Integer> dims = broadcast(name, shapes);
        Kernel b = new Kernel(name);
        List<Kernel.Ix> ix = new ArrayList<>();
        for (int d : dims) ix.add(b.iter(d));
        List<Expr> reads = new ArrayList<>();
        for (Value v : ins) reads.add(Kernel.read(b.tensor(v), operand(v.dims(), ix)));
        return b.run(k, dims, ix.stream().map(Kernel::at).toList(), f.apply(reads), Update.assign(), type);
    }

    /** The access of an operand with {@code dims} against result iterators {@code ix} (right-aligned, size 1 pinned). */
    static List<Index> operand(List<Integer> dims, List<Kernel.Ix> ix) {
        List<Index> out = new ArrayList<>();
        int r = ix.size();
        for (int a = 0; a < dims.size(); a++)
            out.add(dims.get(a) == 1 ? Index.fixed(0) : Kernel.at(ix.get(a + r - dims.size())));
        return out;
    }

    static Value unary(Kernels k, String name, Value x, UnOp op) {
        return map(k, name, List.of(x), r -> new Expr.Unary(op, r.getFirst()), x.type());
    }

    static Value binary(Kernels k, String name, List<Value> ins, BinOp op) {
        if (ins.size() == 1) return copy(k, name, ins.getFirst());
        return map(k, name, ins, r -> {
            Expr e = r.getFirst();
            for (int i = 1; i < r.size(); i++) e = new Expr.Binary(op, e, r.get(i));
            return e;
        }, ins.getFirst().type());
    }

    static Value copy(Kernels k, String name, Value x) {
        return unary(k, name, x, UnOp.ID);
    }

    static Value copyAs(Kernels k, String name, Value x, int type) {
        return map(k, name, List.of(x), r -> r.getFirst(), type);
    }

    /**
     * Where: {@code MASK(c, x) + MASK(1 − c, y)} — the unselected operand contributes 0 even when
     * it is ±∞ or NaN ({@code c·x + (1 − c)·y} made every masked attention score NaN: {@code 0·−∞}).
     */
    static Value where(Kernels k, String name, Value c, Value x, Value y) {
        return map(k, name, List.of(c, x, y), r -> new Expr.Binary(BinOp.ADD, new Expr.Binary(BinOp.MASK, r.get(0), r.get(1)),
                new Expr.Binary(BinOp.MASK, new Expr.Binary(BinOp.SUB, new Expr.Const(1), r.get(0)), r.get(2))), x.type());
    }

    /** The largest integral exponent lowered to multiplications (beyond it, {@code powf}). */
    static final int MAX_MULTIPLIED_EXPONENT = 16;

    /**
     * Pow, with C's {@code pow} semantics (NumPy's {@code power}, ONNX Pow): an exponent known when
     * the code is generated ({@code known}: an initializer, a {@code Constant}, or computed from them
     * alone) whose elements are one integer n with |n| ≤ {@value #MAX_MULTIPLIED_EXPONENT} is
     * repeated multiplication — x·x for 2, the reciprocal for negative n, 1 for 0 — exact in sign for
     * a negative base (PyTorch's LayerNorm below opset 17 squares {@code x − mean}); any other
     * exponent is {@link BinOp#POW} ({@code powf}: a negative base with an integral exponent is
     * finite, with a non-integral one NaN).
     */
    static Value pow(Kernels k, String name, Value x, Value y, boolean known) {
        OptionalInt n = known ? integralExponent(y) : OptionalInt.empty();
        if (n.isPresent())
            return map(k, name, List.of(x, y), r -> power(r.get(0), n.getAsInt()), x.type());
        return map(k, name, List.of(x, y), r -> new Expr.Binary(BinOp.POW, r.get(0), r.get(1)), x.type());
    }

    /** The one integer every element of {@code y} holds, when |n| ≤ {@value #MAX_MULTIPLIED_EXPONENT}. */
    static OptionalInt integralExponent(Value y) {
        double[] d = y.data();
        if (d.length == 0) return OptionalInt.empty();
        double e = d[0];
        if (e != Math.rint(e) || Math.abs(e) > MAX_MULTIPLIED_EXPONENT) return OptionalInt.empty();
        for (double v : d) if (v != e) return OptionalInt.empty();
        return OptionalInt.of((int) e);
    }

    /** {@code x^n} by squaring and multiplying (a reciprocal for n &lt; 0; 1 for n = 0, as {@code pow(x, 0)}, NaN included). */
    static Expr power(Expr x, int n) {
        if (n == 0) return new Expr.Const(1);
        if (n < 0) return new Expr.Unary(UnOp.RECIP, power(x, -n));
        if (n == 1) return x;
        Expr half = power(x, n / 2);
        Expr sq = new Expr.Binary(BinOp.MUL, half, half);
        return n % 2 == 0 ? sq : new Expr.Binary(BinOp.MUL, sq, x);
    }

    static Value erf(Kernels k, String name, Value x) {
        return map(k, name, List.of(x), r -> erf(r.getFirst()), x.type());
    }

    /** Abramowitz & Stegun 7.1.26 for |x|, times sign(x) = x / max(|x|, 1e-30). */
    static Expr erf(Expr x) {
        Expr ax = new Expr.Unary(UnOp.ABS, x);
        Expr t = new Expr.Unary(UnOp.RECIP, new Expr.Fma(new Expr.Const(0.3275911), ax, new Expr.Const(1)));
        double[] a = {0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429};
        Expr p = new Expr.Const(a[4]);
        for (int i = 3; i >= 0; i--) p = new Expr.Fma(p, t, new Expr.Const(a[i]));
        p = new Expr.Binary(BinOp.MUL, p, t);
        Expr g = new Expr.Unary(UnOp.EXP, new Expr.Unary(UnOp.NEG, new Expr.Binary(BinOp.MUL, x, x)));
        Expr y = new Expr.Binary(BinOp.SUB, new Expr.Const(1), new Expr.Binary(BinOp.MUL, p, g));
        Expr sign = new Expr.Binary(BinOp.DIV, x, new Expr.Binary(BinOp.MAX, ax, new Expr.Const(1e-30)));
        return new Expr.Binary(BinOp.MUL, y, sign);
    }

    /**
     * Cast: a copy when every value of the source type is a value of the target type as the
     * kernels compute (float) — float/double/float16/bfloat16 sources to float or double, integers
     * to wider floats or integers; a float to an integer type truncates toward zero
     * ({@link #truncate}), to BOOL is {@code STEP|x| + ISNAN x}, to FLOAT16/BFLOAT16 rounds to
     * nearest even ({@link NarrowFloats}). Casts that involve strings are not expressible.
     */
    static Value cast(Kernels k, String name, Value x, int to) {
        DataType src = DataType.forNumber(x.type()), dst = DataType.forNumber(to);
        if (dst == null) throw new NotExpressible(name + ": unknown target type " + to);
        switch (dst) {
            case FLOAT, DOUBLE -> { }
            case FLOAT16 -> { return NarrowFloats.round(k, name, x, 10, -14, 15, 65504, to); }
            case BFLOAT16 -> { return NarrowFloats.round(k, name, x, 7, -126, 127, 0x1.FEp127, to); }
            case STRING -> throw new NotExpressible(name + ": a cast to STRING has no numeric meaning");
            case BOOL -> {
                if (!x.isInteger()) // nonzero or NaN is true (NumPy's astype(bool))
                    return map(k, name, List.of(x), r -> new Expr.Binary(BinOp.ADD,
                            new Expr.Unary(UnOp.STEP, new Expr.Unary(UnOp.ABS, r.getFirst())), new Expr.Unary(UnOp.ISNAN, r.getFirst())), to);
            }
            default -> {
                if (!x.isInteger()) return map(k, name, List.of(x), r -> truncate(r.getFirst()), to);
            }
        }
        return copyAs(k, name, x, to);
    }

    /**
     * Truncation toward zero, {@code x − fmod(x, 1)}: exact for finite floats (the fractional part
     * and the difference are representable); a cast's out-of-range values are undefined in ONNX.
     */
    static Expr truncate(Expr x) {
        return new Expr.Binary(BinOp.SUB, x, new Expr.Binary(BinOp.FMOD, x, new Expr.Const(1)));
    }
}
