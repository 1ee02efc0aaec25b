package org.shapeforge.onnx.values;

import org.shapeforge.onnx.Attrs;
import java.util.Arrays;
import java.util.List;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.UnOp;

/**
 * One ONNX node → the loop-IR operations that compute it, run through generated C. Inputs are
 * concrete {@link Value}s; integer inputs that steer shapes and indices (Reshape targets, Slice
 * bounds, axes, pads, Gather indices) are read when the code is generated, as the shape importer
 * reads them as constants. An op outside this table, or a semantics the IR cannot express, is
 * {@link NotExpressible} with the reason.
 */
final class NodeLowering {
    private NodeLowering() {}

    /** The ops with a lowering here. */
    static final java.util.Set<String> LOWERED = java.util.Set.of("Add", "Sub", "Mul", "Div", "Pow", "Max", "Min", "Where",
            "Relu", "Sigmoid", "Tanh", "Exp", "Log", "Abs", "Neg", "Sqrt", "Erf", "Cast", "Identity", "Dropout", "MatMul",
            "Gemm", "Conv", "ConvTranspose", "MaxPool", "AveragePool", "GlobalAveragePool", "BatchNormalization", "Concat",
            "Split", "Reshape", "Flatten", "Transpose", "Squeeze", "Unsqueeze", "Expand", "Einsum", "ReduceSum", "ReduceMean",
            "ReduceMax", "ReduceMin", "Gather", "Slice", "Pad", "Constant", "Reciprocal", "Softmax", "LogSoftmax", "LayerNormalization", "Shape", "Size", "ConstantOfShape", "Clip", "CastLike", "Mod",
            "Sum", "Mean", "Floor", "Ceil", "Round", "Sign", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh",
            "Asinh", "Acosh", "Atanh", "ReduceProd", "ReduceSumSquare", "ReduceL1", "ReduceL2", "ReduceLogSum",
            "ReduceLogSumExp", "MatMulInteger", "ConvInteger", "QLinearMatMul",
            "QLinearConv");

    /** How a family lowers one of its ops: the node's op type, kernel name, attributes, inputs, opset and output count. */
    @FunctionalInterface
    private interface Lowering {
        List<Value> lower(Kernels k, String op, String name, Attrs at, List<Value> in, long opset, int outputs);
    }

    /** An op family: the ops one class of this package lowers, and the call into it. */
    private record Family(java.util.Set<String> ops, Lowering lowering) {}

    /** The op families beside this class's own table, each defined (and documented) in its class. */
    private static final List<Family> FAMILIES = List.of(
            new Family(Activations.OPS, (k, op, name, at, in, opset, outs) -> one(Activations.apply(k, name, op, at, in, opset))),
            new Family(Predicates.OPS, (k, op, name, at, in, opset, outs) -> one(Predicates.apply(k, name, op, at, in))),
            new Family(Positional.OPS, (k, op, name, at, in, opset, outs) -> one(Positional.apply(k, name, op, at, in, opset))),
            new Family(LossValues.OPS, (k, op, name, at, in, opset, outs) -> LossValues.apply(k, name, op, at, in, outs)),
            new Family(Layouts.OPS, (k, op, name, at, in, opset, outs) -> one(Layouts.apply(k, name, op, at, in))),
            new Family(Generators.OPS, (k, op, name, at, in, opset, outs) -> one(Generators.apply(k, name, op, at, in))),
            new Family(java.util.Set.of("InstanceNormalization", "MeanVarianceNormalization"),
                    (k, op, name, at, in, opset, outs) -> one(Reductions.instanceOrMvn(k, name, op, at, in))),
            new Family(java.util.Set.of("Det"), (k, op, name, at, in, opset, outs) -> one(Determinant.det(k, name, in.get(0)))),
            new Family(Interpolation.OPS, (k, op, name, at, in, opset, outs) -> one(Interpolation.apply(k, name, op, at, in, opset))),
            new Family(Signals.OPS, (k, op, name, at, in, opset, outs) -> Signals.applyAll(k, name, op, at, in)),
            new Family(Selection.OPS, (k, op, name, at, in, opset, outs) -> Selection.apply(k, name, op, at, in, opset)),
            new Family(Recurrent.OPS, (k, op, name, at, in, opset, outs) -> Recurrent.apply(k, name, op, at, in)),
            new Family(java.util.Set.of("DFT", "STFT"), (k, op, name, at, in, opset, outs) ->
                    one(op.equals("DFT") ? Spectral.dft(k, name, at, in, opset) : Spectral.stft(k, name, at, in))),
            new Family(Suppression.OPS, (k, op, name, at, in, opset, outs) -> one(Suppression.apply(k, name, at, in))),
            new Family(java.util.Set.of("GridSample"), (k, op, name, at, in, opset, outs) -> one(GridSampling.apply(k, name, at, in.get(0), in.get(1)))));

    /** Every op with a lowering: {@link #LOWERED} and the families' (default domain), the training optimizers ({@code ai.onnx.preview.training}). */
    static boolean lowered(String domain, String op) {
        if (domain.equals("ai.onnx.preview.training")) return Optimizers.OPS.contains(op);
        if (!(domain.isEmpty() || domain.equals("ai.onnx"))) return false;
        return LOWERED.contains(op) || FAMILIES.stream().anyMatch(f -> f.ops().contains(op));
    }

    /** The one-input ops that are one IR operation. */
    private static final java.util.Map<String, UnOp> UNARY = java.util.Map.ofEntries(java.util.Map.entry("Relu", UnOp.RELU),
            java.util.Map.entry("Sigmoid", UnOp.SIGMOID), java.util.Map.entry("Tanh", UnOp.TANH), java.util.Map.entry("Exp", UnOp.EXP),
            java.util.Map.entry("Log", UnOp.LOG), java.util.Map.entry("Abs", UnOp.ABS), java.util.Map.entry("Neg", UnOp.NEG),
            java.util.Map.entry("Sqrt", UnOp.SQRT), java.util.Map.entry("Reciprocal", UnOp.RECIP),
            java.util.Map.entry("Floor", UnOp.FLOOR), java.util.Map.entry("Ceil", UnOp.CEIL), java.util.Map.entry("Round", UnOp.ROUND),
            java.util.Map.entry("Sign", UnOp.SIGN), java.util.Map.entry("Sin", UnOp.SIN), java.util.Map.entry("Cos", UnOp.COS),
            java.util.Map.entry("Tan", UnOp.TAN), java.util.Map.entry("Asin", UnOp.ASIN), java.util.Map.entry("Acos", UnOp.ACOS),
            java.util.Map.entry("Atan", UnOp.ATAN), java.util.Map.entry("Sinh", UnOp.SINH), java.util.Map.entry("Cosh", UnOp.COSH),
            java.util.Map.entry("Asinh", UnOp.ASINH), java.util.Map.entry("Acosh", UnOp.ACOSH), java.util.Map.entry("Atanh", UnOp.ATANH));

    /**
     * The node's outputs computed from {@code in}; {@code known} tells which inputs are known when
     * the code is generated (constants of the graph: a lowering may specialise on their values, as
     * Pow on an integral exponent).
     */
    static List<Value> apply(Kernels k, NodeProto n, List<Value> in, java.util.function.IntPredicate known, long opset) {
        String op = n.getOpType();
        String name = (n.getName().isEmpty() ? op : n.getName()).replaceAll("[^A-Za-z0-9_]", "_");
        Attrs at = Attrs.of(n);
        if (n.getDomain().equals("ai.onnx.preview.training") && Optimizers.OPS.contains(op)) return Optimizers.apply(k, name, op, at, in);
        if (!(n.getDomain().isEmpty() || n.getDomain().equals("ai.onnx")))
            throw new NotExpressible(n.getDomain() + "." + op + ": no lowering for this domain");
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
            case "Pow" -> one(Pointwise.pow(k, name, in.get(0), in.get(1), known.test(1)));
            case "Where" -> one(Pointwise.where(k, name, in.get(0), in.get(1), in.get(2)));
            case "Relu", "Sigmoid", "Tanh", "Exp", "Log", "Abs", "Neg", "Sqrt", "Reciprocal", "Floor", "Ceil", "Round", "Sign",
                 "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Asinh", "Acosh", "Atanh" ->
                    one(Pointwise.unary(k, name, in.get(0), UNARY.get(op)));
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
            case "Clip" -> one(clip(k, name, at, in, opset));
            case "Dropout" -> dropout(k, name, n, at, in);
            case "Constant" -> one(constant(at));
            case "MatMul" -> one(Contractions.matmul(k, name, in.get(0), in.get(1)));
            case "Gemm" -> one(Contractions.gemm(k, name, in.get(0), in.get(1), opt(in, 2), at.f("alpha", 1), at.f("beta", 1),
                    at.i("transA", 0) != 0, at.i("transB", 0) != 0));
            case "Einsum" -> one(Contractions.einsum(k, name, at.s("equation", ""), present(in)));
            case "Conv" -> one(conv(k, name, at, in));
            case "QLinearMatMul", "QLinearConv" -> { // round((A − a_zp)·(B − b_zp) [+ bias] · a_s·b_s / y_s) + y_zp, saturated
                boolean mm = op.equals("QLinearMatMul");
                Value a = centered(k, name + "_a", in.get(0), in.get(2), mm ? Math.max(0, in.get(0).rank() - 2) : 1);
                Value b = centered(k, name + "_b", in.get(3), in.get(5), mm ? in.get(3).rank() - 1 : 0);
                Value acc = mm ? Contractions.matmul(k, name + "_acc", a, b) : conv(k, name + "_acc", at, java.util.Arrays.asList(a, b, opt(in, 8)));
                Value zp = in.get(7);
                double lo = zp.type() == DataType.INT8_VALUE ? -128 : 0, hi = zp.type() == DataType.INT8_VALUE ? 127 : 255;
                Value ws = in.get(4);
                if (!mm && ws.size() > 1) ws = ws.view(List.of((int) ws.size(), 1, 1));
                yield one(Pointwise.map(k, name, List.of(acc, in.get(1), ws, in.get(6), zp), r -> {
                    Expr scale = new Expr.Binary(BinOp.DIV, new Expr.Binary(BinOp.MUL, r.get(1), r.get(2)), r.get(3));
                    Expr q = new Expr.Binary(BinOp.ADD, new Expr.Unary(UnOp.ROUND, new Expr.Binary(BinOp.MUL, r.get(0), scale)), r.get(4));
                    return new Expr.Binary(BinOp.MIN, new Expr.Binary(BinOp.MAX, q, new Expr.Const(lo)), new Expr.Const(hi));
                }, zp.type()));
            }
            case "MatMulInteger", "ConvInteger" -> { // (A − a_zp)·(B − b_zp) in int32, exact while the sums stay below 2^24
                boolean mm = op.equals("MatMulInteger");
                Value a = centered(k, name + "_a", in.get(0), opt(in, 2), mm ? Math.max(0, in.get(0).rank() - 2) : 1);
                Value b = centered(k, name + "_b", in.get(1), opt(in, 3), mm ? in.get(1).rank() - 1 : 0);
                Value y = op.equals("MatMulInteger") ? Contractions.matmul(k, name, a, b) : conv(k, name, at, List.of(a, b));
                yield one(new Value(y.dims(), y.data(), DataType.INT32_VALUE));
            }
            case "ConvTranspose" -> one(convTranspose(k, name, at, in));
            case "MaxPool" -> {
                Windows.Geometry g = poolGeometry(at, in.get(0));
                Value y = Windows.maxPool(k, name, in.get(0), g);
                yield outputs(n) < 2 ? one(y)
                        : List.of(y, Windows.maxPoolIndices(k, name + "_indices", in.get(0), y, g, at.i("storage_order", 0) != 0));
            }
            case "AveragePool" -> one(Windows.averagePool(k, name, in.get(0), poolGeometry(at, in.get(0)),
                    at.i("count_include_pad", 0) != 0));
            case "GlobalAveragePool" -> one(Windows.globalAveragePool(k, name, in.get(0)));
            case "BatchNormalization" -> at.i("training_mode", 0) != 0 || outputs(n) > 1
                    ? Reductions.batchNormTraining(k, name, in.get(0), in.get(1), in.get(2), in.get(3), in.get(4),
                            at.f("epsilon", 1e-5), at.f("momentum", 0.9), outputs(n))
                    : one(Reductions.batchNorm(k, name, in.get(0), in.get(1), in.get(2), in.get(3), in.get(4), at.f("epsilon", 1e-5)));
            case "ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceSumSquare", "ReduceL1", "ReduceL2",
                 "ReduceLogSum", "ReduceLogSumExp" -> one(reduce(k, name, n, at, in, opset));
            case "Shape", "Size", "ConstantOfShape" -> one(shapeOf(k, name, op, at, in.get(0)));
            case "LayerNormalization" -> {
                Value x = in.get(0);
                int axis = (int) Math.floorMod(at.i("axis", -1), Math.max(1, x.rank()));
                yield Reductions.layerNorm(k, name, x, in.get(1), opt(in, 2), axis, at.f("epsilon", 1e-5), outputs(n));
            }
            case "Softmax", "LogSoftmax" -> one(softmax(k, name, at, in.get(0), opset, op.equals("LogSoftmax")));
            default -> {
                for (Family f : FAMILIES)
                    if (f.ops().contains(op)) yield f.lowering().lower(k, op, name, at, in, opset, outputs(n));
                yield Shapes.apply(k, name, n, at, in, opset);
            }
        };
    }

    static List<Value> one(Value v) {
        return List.of(v);
    }

    static int outputs(NodeProto n) {
        int c = 0;
        for (String o : n.getOutputList()) if (!o.isEmpty()) c++;
        return c;
    }

    static Value opt(List<Value> in, int k) {
        return k < in.size() ? in.get(k) : null;
    }

    private static List<Value> req(List<Value> in, int n) {
        if (in.size() < n || in.subList(0, n).contains(null)) throw new IllegalArgumentException("needs " + n + " inputs");
        return in.subList(0, n);
    }

    private static List<Value> present(List<Value> in) {
        return in.stream().filter(java.util.Objects::nonNull).toList();
    }

    /** Inference Dropout (or training with ratio 0): the identity, and a mask of ones; training mode otherwise draws random numbers. */
    private static List<Value> dropout(Kernels k, String name, NodeProto n, Attrs at, List<Value> in) {
        Value training = opt(in, 2), ratio = opt(in, 1);
        double p = ratio != null ? ratio.data()[0] : at.f("ratio", 0.5);
        if ((training != null && training.data()[0] != 0 || at.has("is_test") && at.i("is_test", 1) == 0) && p != 0)
            throw new NotExpressible("Dropout: training mode with ratio " + p + " draws random numbers");
        Value y = Pointwise.copy(k, name, in.get(0));
        if (outputs(n) < 2) return List.of(y);
        // ones of x's shape: 0·x + 1 (the operation reads x for its shape only)
        Value mask = Pointwise.map(k, name + "_mask", List.of(in.get(0)), r -> new Expr.Binary(BinOp.ADD,
                new Expr.Binary(BinOp.MUL, r.getFirst(), new Expr.Const(0)), new Expr.Const(1)), DataType.BOOL_VALUE);
        return List.of(y, mask);
    }

    private static Value constant(Attrs at) {
        if (at.get("value") != null) return Value.read(at.get("value").getT());
        AttributeProto a;
        if ((a = at.get("value_float")) != null) return new Value(List.of(), new double[] {a.getF()}, DataType.FLOAT_VALUE);
        if ((a = at.get("value_int")) != null) return new Value(List.of(), new double[] {a.getI()}, DataType.INT64_VALUE);
        if ((a = at.get("value_floats")) != null)
            return new Value(List.of(a.getFloatsCount()), a.getFloatsList().stream().mapToDouble(Float::doubleValue).toArray(), DataType.FLOAT_VALUE);
        if ((a = at.get("value_ints")) != null)
            return new Value(List.of(a.getIntsCount()), a.getIntsList().stream().mapToDouble(Long::doubleValue).toArray(), DataType.INT64_VALUE);
        throw new NotExpressible("Constant: no numeric value attribute (sparse and string constants are not lowered)");
    }

    /**
     * Shape, Size and ConstantOfShape read only their input's shape (or, for ConstantOfShape, its
     * integer contents): they are computed here, as the shape importer computes them, with no kernel.
     */
    private static Value shapeOf(Kernels k, String name, String op, Attrs at, Value x) {
        return switch (op) {
            case "Shape" -> {
                int[] range = at.shapeRange(x.rank());
                int from = range[0], to = range[1];
                double[] d = new double[Math.max(0, to - from)];
                for (int i = from; i < to; i++) d[i - from] = x.dims().get(i);
                yield new Value(List.of(d.length), d, DataType.INT64_VALUE);
            }
            case "Size" -> new Value(List.of(), new double[] {x.data().length}, DataType.INT64_VALUE);
            default -> { // ConstantOfShape: the value attribute (one element; float 0 by default) at every point
                List<Long> asked = java.util.Arrays.stream(x.data()).mapToObj(v -> (long) v).toList();
                k.admit(name, asked); // the whole tensor first, in long arithmetic: then every axis fits an int
                List<Integer> dims = asked.stream().map(d -> k.extent(name, d)).toList();
                Value fill = at.get("value") != null ? Value.read(at.get("value").getT())
                        : new Value(List.of(), new double[] {0}, DataType.FLOAT_VALUE);
                double[] data = new double[(int) Kernels.cells(dims)];
                java.util.Arrays.fill(data, fill.data()[0]);
                yield new Value(dims, data, fill.type());
            }
        };
    }

    /**
     * Clip: {@code min(max(x, lo), hi)}; the bounds are attributes before opset 11, optional scalar
     * inputs from then on; an absent bound is no bound (ReLU6 is {@code Clip(x, 0, 6)}).
     */
    private static Value clip(Kernels k, String name, Attrs at, List<Value> in, long opset) {
        Double lo = opset < 11 ? (at.has("min") ? at.f("min", 0) : null) : bound(opt(in, 1));
        Double hi = opset < 11 ? (at.has("max") ? at.f("max", 0) : null) : bound(opt(in, 2));
        return Pointwise.map(k, name, List.of(in.get(0)), r -> {
            Expr e = r.getFirst();
            if (lo != null) e = new Expr.Binary(BinOp.MAX, e, new Expr.Const(lo));
            if (hi != null) e = new Expr.Binary(BinOp.MIN, e, new Expr.Const(hi));
            return e;
        }, in.get(0).type());
    }

    private static Double bound(Value v) {
        if (v == null) return null;
        if (v.data().length != 1) throw new NotExpressible("Clip: a bound must be a scalar, it has " + v.data().length + " elements");
        return v.data()[0];
    }

    private static int[] ints(long[] a) {
        return a == null ? null : Arrays.stream(a).mapToInt(Math::toIntExact).toArray();
    }

    private static int[] kernel(Attrs at, Value w, int sp) {
        long[] ks = at.ints("kernel_shape").orElse(null);
        if (ks != null) return ints(ks);
        int[] out = new int[sp];
        for (int a = 0; a < sp; a++) out[a] = w.dims().get(a + 2);
        return out;
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
            List<Integer> view = new java.util.ArrayList<>(java.util.Collections.nCopies(x.rank() - axis, 1));
            view.set(0, (int) zp.size());
            z = zp.view(view);
        }
        return Pointwise.map(k, name, List.of(x, z), r -> new Expr.Binary(BinOp.SUB, r.get(0), r.get(1)), DataType.INT32_VALUE);
    }

    private static Value conv(Kernels k, String name, Attrs at, List<Value> in) {
        Value x = in.get(0), w = in.get(1);
        int sp = x.rank() - 2;
        Windows.Geometry g = Windows.geometry(x.dims().subList(2, x.rank()), kernel(at, w, sp), at.ints("strides").orElse(null),
                at.ints("dilations").orElse(null), at.ints("pads").orElse(null), at.s("auto_pad", "NOTSET"), false);
        return Windows.conv(k, name, x, w, opt(in, 2), g, (int) at.i("group", 1));
    }

    private static Value convTranspose(Kernels k, String name, Attrs at, List<Value> in) {
        Value x = in.get(0), w = in.get(1);
        int sp = x.rank() - 2;
        int[] ker = kernel(at, w, sp);
        int[] s = at.ints("strides").orElse(null) == null ? ones(sp) : ints(at.ints("strides").orElse(null));
        int[] d = at.ints("dilations").orElse(null) == null ? ones(sp) : ints(at.ints("dilations").orElse(null));
        int[] op = at.ints("output_padding").orElse(null) == null ? new int[sp] : ints(at.ints("output_padding").orElse(null));
        int[] pads = at.ints("pads").orElse(null) == null ? new int[2 * sp] : ints(at.ints("pads").orElse(null));
        int[] begin = Arrays.copyOfRange(pads, 0, sp), end = Arrays.copyOfRange(pads, sp, 2 * sp);
        String auto = at.s("auto_pad", "NOTSET");
        int[] outShape = ints(at.ints("output_shape").orElse(null));
        if (outShape != null && outShape.length > sp) outShape = Arrays.copyOfRange(outShape, outShape.length - sp, outShape.length);
        if (outShape == null && (auto.equals("SAME_UPPER") || auto.equals("SAME_LOWER"))) {
            outShape = new int[sp];
            for (int a = 0; a < sp; a++) outShape[a] = x.dims().get(a + 2) * s[a];
        }
        if (outShape != null) {
            for (int a = 0; a < sp; a++) {
                int total = s[a] * (x.dims().get(a + 2) - 1) + op[a] + (ker[a] - 1) * d[a] + 1 - outShape[a];
                int half = Math.floorDiv(total, 2); // ONNX's reference: Python's floor division
                if (auto.equals("SAME_UPPER")) { begin[a] = half; end[a] = total - half; }
                else { begin[a] = total - half; end[a] = half; }
            }
        }
        return Windows.convTranspose(k, name, x, w, opt(in, 2), ker, s, d, begin, end, op, (int) at.i("group", 1));
    }

    private static int[] ones(int n) {
        int[] a = new int[n];
        Arrays.fill(a, 1);
        return a;
    }

    private static Windows.Geometry poolGeometry(Attrs at, Value x) {
        int[] ker = ints(at.ints("kernel_shape").orElse(null));
        if (ker == null) throw new IllegalArgumentException("kernel_shape is required");
        int sp = ker.length;
        return Windows.geometry(x.dims().subList(x.rank() - sp, x.rank()), ker, at.ints("strides").orElse(null), at.ints("dilations").orElse(null),
                at.ints("pads").orElse(null), at.s("auto_pad", "NOTSET"), at.i("ceil_mode", 0) != 0);
    }

    /**
     * Softmax/LogSoftmax's normalised axes: from opset 13 the one axis {@code axis} (default −1);
     * before, the input is coerced to 2-D at {@code axis} (default 1) and every axis from it on is
     * normalised together.
     */
    private static Value softmax(Kernels k, String name, Attrs at, Value x, long opset, boolean log) {
        boolean[] reduced = new boolean[x.rank()];
        long axis = at.i("axis", opset >= 13 ? -1 : 1);
        int a0 = (int) (axis < 0 ? axis + x.rank() : axis);
        if (a0 < 0 || a0 >= Math.max(1, x.rank())) throw new IllegalArgumentException("axis " + axis + " outside rank " + x.rank());
        for (int a = 0; a < x.rank(); a++) reduced[a] = opset >= 13 ? a == a0 : a >= a0;
        for (int a = 0; a < x.rank(); a++)
            if (reduced[a] && x.dims().get(a) == 0) return Pointwise.copy(k, name, x);
        return Reductions.softmax(k, name, x, reduced, log);
    }

    private static Value reduce(Kernels k, String name, NodeProto n, Attrs at, List<Value> in, long opset) {
        Value x = in.get(0);
        long[] axes = at.ints("axes").orElse(null);
        if (axes == null && opt(in, 1) != null) axes = in.get(1).longs();
        boolean[] reduced = new boolean[x.rank()];
        if (axes == null || axes.length == 0) {
            // noop: each element is reduced alone (ReduceSumSquare gives x², ReduceLogSum log x, …)
            if (at.i("noop_with_empty_axes", 0) == 0) Arrays.fill(reduced, true);
        } else for (long a : axes) reduced[(int) (a < 0 ? a + x.rank() : a)] = true;
        for (int a = 0; a < x.rank(); a++)
            if (reduced[a] && x.dims().get(a) == 0) throw new NotExpressible(n.getOpType() + ": reduction over an empty axis (zero-size tensor)");
        boolean keep = at.i("keepdims", 1) != 0;
        return switch (n.getOpType()) {
            case "ReduceMax" -> Reductions.reduce(k, name, x, reduced, keep, BinOp.MAX, false);
            case "ReduceMin" -> Reductions.reduce(k, name, x, reduced, keep, BinOp.MIN, false);
            case "ReduceProd" -> Reductions.reduce(k, name, x, reduced, keep, BinOp.MUL, false);
            case "ReduceMean" -> Reductions.reduce(k, name, x, reduced, keep, BinOp.ADD, true);
            case "ReduceSumSquare" -> Reductions.reduce(k, name, x, reduced, keep, BinOp.ADD, e -> new Expr.Binary(BinOp.MUL, e, e));
            case "ReduceL1" -> Reductions.reduce(k, name, x, reduced, keep, BinOp.ADD, e -> new Expr.Unary(UnOp.ABS, e));
            case "ReduceL2" -> Pointwise.unary(k, name, Reductions.reduce(k, name + "_sq", x, reduced, keep, BinOp.ADD,
                    e -> new Expr.Binary(BinOp.MUL, e, e)), UnOp.SQRT);
            case "ReduceLogSum" -> Pointwise.unary(k, name, Reductions.reduce(k, name + "_sum", x, reduced, keep, BinOp.ADD, false),
                    UnOp.LOG);
            case "ReduceLogSumExp" -> Reductions.logSumExp(k, name, x, reduced, keep);
            default -> Reductions.reduce(k, name, x, reduced, keep, BinOp.ADD, false);
        };
    }
}
