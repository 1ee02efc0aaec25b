package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.onnx.Attrs;

/**
 * The contractions' ONNX semantics (MatMul, Gemm's transposes and scaling, Einsum, and the
 * quantized MatMulInteger, ConvInteger, QLinearMatMul, QLinearConv with their zero points and
 * scales) resolved to {@link Contractions} and {@link WindowLowering#conv} operations.
 */
final class ContractionLowering {
    private ContractionLowering() {}

    /** Gemm as its attributes say, with {@code tail} fused into its kernel where it can be (issue 29). */
    static Value gemm(Kernels k, String name, Attrs at, List<Value> in, Tail tail) {
        return Contractions.gemm(k, name, in.get(0), in.get(1), in.size() > 2 ? in.get(2) : null, at.f("alpha", 1), at.f("beta", 1),
                at.i("transA", 0) != 0, at.i("transB", 0) != 0, tail);
    }

    static List<Value> lower(LoweringCall c) {
        Kernels k = c.k();
        String name = c.name(), op = c.op();
        Attrs at = c.at();
        List<Value> in = c.in();
        return switch (op) {
            case "MatMul" -> List.of(Contractions.matmul(k, name, in.get(0), in.get(1)));
            case "Gemm" -> List.of(gemm(k, name, at, in, Tail.NONE));
            case "Einsum" -> List.of(Contractions.einsum(k, name, at.s("equation", ""), in.stream().filter(Objects::nonNull).toList()));
            case "QLinearMatMul", "QLinearConv" -> { // round((A − a_zp)·(B − b_zp) [+ bias] · a_s·b_s / y_s) + y_zp, saturated
                boolean mm = op.equals("QLinearMatMul");
                Value a = centered(k, name + "_a", in.get(0), in.get(2), mm ? Math.max(0, in.get(0).rank() - 2) : 1);
                Value b = centered(k, name + "_b", in.get(3), in.get(5), mm ? in.get(3).rank() - 1 : 0);
                Value acc = mm ? Contractions.matmul(k, name + "_acc", a, b)
                        : WindowLowering.conv(k, name + "_acc", at, Arrays.asList(a, b, c.opt(8)));
                Value zp = in.get(7);
                double lo = zp.type() == DataType.INT8_VALUE ? -128 : 0, hi = zp.type() == DataType.INT8_VALUE ? 127 : 255;
                Value ws = in.get(4);
                if (!mm && ws.size() > 1) ws = ws.view(List.of((int) ws.size(), 1, 1));
                yield List.of(Pointwise.map(k, name, List.of(acc, in.get(1), ws, in.get(6), zp), r -> {
                    Expr scale = new Expr.Binary(BinOp.DIV, new Expr.Binary(BinOp.MUL, r.get(1), r.get(2)), r.get(3));
                    Expr q = new Expr.Binary(BinOp.ADD, new Expr.Unary(UnOp.ROUND, new Expr.Binary(BinOp.MUL, r.get(0), scale)), r.get(4));
                    return new Expr.Binary(BinOp.MIN, new Expr.Binary(BinOp.MAX, q, new Expr.Const(lo)), new Expr.Const(hi));
                }, zp.type()));
            }
            case "MatMulInteger", "ConvInteger" -> { // (A − a_zp)·(B − b_zp) in int32, exact while the sums stay below 2^24
                boolean mm = op.equals("MatMulInteger");
                Value a = centered(k, name + "_a", in.get(0), c.opt(2), mm ? Math.max(0, in.get(0).rank() - 2) : 1);
                Value b = centered(k, name + "_b", in.get(1), c.opt(3), mm ? in.get(1).rank() - 1 : 0);
                Value y = mm ? Contractions.matmul(k, name, a, b) : WindowLowering.conv(k, name, at, List.of(a, b));
                yield List.of(new Value(y.dims(), y.data(), DataType.INT32_VALUE));
            }
            default -> throw new NotExpressible(op + ": not a contraction of this family");
        };
    }

    /**
     * {@code x − zp} as INT32 (a copy without a zero point): a scalar zero point, or a 1-D one along
     * {@code axis} (MatMulInteger's per-row a_zp lies along A's row axis, its per-column b_zp along
     * B's last; ConvInteger's per-channel w_zp along W's axis 0). The padding of ConvInteger is the
     * zero point, so it is 0 after centering.
     */
    private static Value centered(Kernels k, String name, Value x, Value zp, int axis) {
        if (zp == null) return Pointwise.copyAs(k, name, x, DataType.INT32_VALUE);
        Value z = zp;
        if (zp.size() > 1) {
            List<Integer> view = new ArrayList<>(Collections.nCopies(x.rank() - axis, 1));
            view.set(0, (int) zp.size());
            z = zp.view(view);
        }
        return Pointwise.map(k, name, List.of(x, z), r -> new Expr.Binary(BinOp.SUB, r.get(0), r.get(1)), DataType.INT32_VALUE);
    }
}
