package org.shapeforge.onnx.values;

import static org.shapeforge.onnx.values.Exprs.add;
import static org.shapeforge.onnx.values.Exprs.c;
import static org.shapeforge.onnx.values.Exprs.mul;
import static org.shapeforge.onnx.values.Exprs.step;
import static org.shapeforge.onnx.values.Exprs.sub;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.UnOp;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;

/**
 * Window generators, quantization and channel-local normalization, by ONNX's definitions:
 * <ul>
 *   <li>HannWindow, HammingWindow, BlackmanWindow: {@code a₀ − a₁·cos(2πn/N′) + a₂·cos(4πn/N′)}
 *       over {@code n < size}, {@code N′ = size} (periodic) or {@code size − 1} (symmetric);
 *       Hamming's {@code a₀ = 25/46};</li>
 *   <li>QuantizeLinear: {@code clamp(ROUND(x / scale) + zp)} to the zero point's type (UINT8 without
 *       one, INT8), rounding half to even; DequantizeLinear: {@code (x − zp)·scale}; a 1-D scale
 *       and zero point lie along {@code axis};</li>
 *   <li>DynamicQuantizeLinear (UINT8): {@code scale = (max(x, 0) − min(x, 0)) / 255},
 *       {@code zp = ROUND(clamp(−min(x, 0) / scale, 0, 255))}, then QuantizeLinear with them —
 *       ONNX's reference order (clip, then round);</li>
 *   <li>LRN: {@code x / (bias + α/size·Σ x²)^β}, the sum over the channels
 *       {@code c − ⌊(size−1)/2⌋ … c + ⌈(size−1)/2⌉} (a banded one-hot accumulation);</li>
 *   <li>GlobalMaxPool: the maximum over the spatial axes.</li>
 * </ul>
 */
final class Signals {
    private Signals() {}

    static List<Value> applyAll(Kernels k, String name, String op, Attrs at, List<Value> in) {
        return op.equals("DynamicQuantizeLinear") ? dynamicQuantize(k, name, in.get(0)) : List.of(apply(k, name, op, at, in));
    }

    static Value apply(Kernels k, String name, String op, Attrs at, List<Value> in) {
        return switch (op) {
            case "HannWindow" -> window(k, name, in.get(0), at, 0.5, 0.5, 0);
            case "HammingWindow" -> window(k, name, in.get(0), at, 25.0 / 46, 1 - 25.0 / 46, 0);
            case "BlackmanWindow" -> window(k, name, in.get(0), at, 0.42, 0.5, 0.08);
            case "QuantizeLinear" -> quantize(k, name, in.get(0), in.get(1), in.size() > 2 ? in.get(2) : null, (int) at.i("axis", 1));
            case "DequantizeLinear" -> dequantize(k, name, in.get(0), in.get(1), in.size() > 2 ? in.get(2) : null, (int) at.i("axis", 1));
            case "LRN" -> lrn(k, name, in.get(0), (int) at.i("size", 1), at.f("alpha", 1e-4), at.f("beta", 0.75), at.f("bias", 1));
            case "GlobalMaxPool" -> {
                Value x = in.get(0);
                boolean[] spatial = new boolean[x.rank()];
                for (int a = 2; a < x.rank(); a++) spatial[a] = true;
                yield Reductions.reduce(k, name, x, spatial, true, BinOp.MAX, false);
            }
            default -> throw new IllegalArgumentException("not a signal op: " + op);
        };
    }

    static Value window(Kernels k, String name, Value size, Attrs at, double a0, double a1, double a2) {
        int n = (int) size.data()[0];
        double denom = at.i("periodic", 1) != 0 ? n : n - 1;
        double w = 2 * Math.PI / denom;
        return Pointwise.map(k, name, List.of(Value.iota(n)), r -> {
            Expr e = sub(c(a0), mul(c(a1), new Expr.Unary(UnOp.COS, mul(c(w), r.getFirst()))));
            return a2 == 0 ? e : add(e, mul(c(a2), new Expr.Unary(UnOp.COS, mul(c(2 * w), r.getFirst()))));
        }, (int) at.i("output_datatype", DataType.FLOAT_VALUE));
    }

    /** A 1-D per-axis operand viewed so that it broadcasts along {@code axis} of a rank-{@code rank} tensor. */
    private static Value along(Value v, int axis, int rank) {
        if (v.rank() == 0 || v.size() == 1) return v.view(List.of(1));
        List<Integer> view = new ArrayList<>(Collections.nCopies(rank - axis, 1));
        view.set(0, v.dims().getFirst());
        return v.view(view);
    }

    static Value quantize(Kernels k, String name, Value x, Value scale, Value zp, int axisAttr) {
        int axis = axisAttr < 0 ? axisAttr + x.rank() : axisAttr;
        int type = zp == null ? DataType.UINT8_VALUE : zp.type();
        double lo, hi;
        switch (DataType.forNumber(type)) {
            case UINT8 -> { lo = 0; hi = 255; }
            case INT8 -> { lo = -128; hi = 127; }
            default -> throw new NotExpressible(name + ": QuantizeLinear to " + DataType.forNumber(type) + " is not lowered");
        }
        List<Value> ins = new ArrayList<>(List.of(x, along(scale, axis, x.rank())));
        if (zp != null) ins.add(along(zp, axis, x.rank()));
        return Pointwise.map(k, name, ins, r -> {
            Expr q = new Expr.Unary(UnOp.ROUND, new Expr.Binary(BinOp.DIV, r.get(0), r.get(1)));
            if (r.size() > 2) q = add(q, r.get(2));
            return new Expr.Binary(BinOp.MIN, new Expr.Binary(BinOp.MAX, q, c(lo)), c(hi));
        }, type);
    }

    static List<Value> dynamicQuantize(Kernels k, String name, Value x) {
        boolean[] all = new boolean[x.rank()];
        Arrays.fill(all, true);
        Value hi = Reductions.reduce(k, name + "_max", x, all, false, BinOp.MAX, false);
        Value lo = Reductions.reduce(k, name + "_min", x, all, false, BinOp.MIN, false);
        Value scale = Pointwise.map(k, name + "_scale", List.of(hi, lo), r -> new Expr.Binary(BinOp.DIV,
                sub(new Expr.Binary(BinOp.MAX, r.get(0), c(0)), new Expr.Binary(BinOp.MIN, r.get(1), c(0))), c(255)), x.type());
        Value zp = Pointwise.map(k, name + "_zp", List.of(lo, scale), r -> new Expr.Unary(UnOp.ROUND, new Expr.Binary(BinOp.MIN,
                new Expr.Binary(BinOp.MAX, new Expr.Binary(BinOp.DIV, new Expr.Unary(UnOp.NEG, new Expr.Binary(BinOp.MIN, r.get(0), c(0))),
                        r.get(1)), c(0)), c(255))), DataType.UINT8_VALUE);
        return List.of(quantize(k, name, x, scale, zp, 1), scale, zp);
    }

    static Value dequantize(Kernels k, String name, Value x, Value scale, Value zp, int axisAttr) {
        int axis = axisAttr < 0 ? axisAttr + x.rank() : axisAttr;
        List<Value> ins = new ArrayList<>(List.of(x, along(scale, axis, x.rank())));
        if (zp != null) ins.add(along(zp, axis, x.rank()));
        return Pointwise.map(k, name, ins, r -> mul(r.size() > 2 ? sub(r.get(0), r.get(2)) : r.get(0), r.get(1)), scale.type());
    }

    static Value lrn(Kernels k, String name, Value x, int size, double alpha, double beta, double bias) {
        int channels = x.dims().get(1), below = (size - 1) / 2, above = size - 1 - below;
        Value io = Value.iota(channels);
        Kernel b = new Kernel(name + "_sq");
        List<Index> xi = new ArrayList<>(), yi = new ArrayList<>();
        Kernel.Ix cOut = null, cIn = null;
        for (int a = 0; a < x.rank(); a++) {
            if (a == 1) {
                cOut = b.iter(channels);
                cIn = b.iter(channels);
                xi.add(Kernel.at(cIn));
                yi.add(Kernel.at(cOut));
            } else {
                Kernel.Ix i = b.iter(x.dims().get(a));
                xi.add(Kernel.at(i));
                yi.add(Kernel.at(i));
            }
        }
        Expr co = Kernel.read(b.tensor(io), List.of(Kernel.at(cOut))), ci = Kernel.read(b.tensor(io), List.of(Kernel.at(cIn)));
        Expr band = mul(step(add(sub(ci, co), c(below + 0.5))), step(add(sub(co, ci), c(above + 0.5))));
        Expr xv = Kernel.read(b.tensor(x), xi);
        Value sq = b.run(k, x.dims(), yi, mul(mul(xv, xv), band), Update.accumulate(BinOp.ADD), x.type());
        return Pointwise.map(k, name, List.of(x, sq), r -> mul(r.get(0), new Expr.Unary(UnOp.EXP, mul(c(-beta),
                new Expr.Unary(UnOp.LOG, add(c(bias), mul(c(alpha / size), r.get(1))))))), x.type());
    }
}
