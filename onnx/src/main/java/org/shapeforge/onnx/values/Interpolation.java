package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BiFunction;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Expr;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.onnx.Attrs;

/**
 * Resize (opset ≥ 11; nearest, linear, cubic) and Upsample as ONNX's reference computes them:
 * one axis at a time, the last first (the reference nests axis 0 outermost), each a contraction
 * {@code y[…, o, …] =:+ x[…, v, …]·W[o, v]} with an interpolation matrix W built when the code is
 * generated, plus the extrapolation value on rows whose source coordinate leaves the input
 * ({@code tf_crop_and_resize}). Row o of W: the source coordinate {@code x_ori(o)} by
 * {@code coordinate_transformation_mode}; {@code ratio = x_ori − floor(x_ori)}, or 1 when
 * {@code x_ori} is an integer (the reference prefers the pixel on the left); the 2 (nearest,
 * linear) or 4 (cubic, {@code cubic_coeff_a}) nearest source pixels with the coefficients of the
 * mode, out-of-range pixels read at the edge, or dropped and the rest renormalised with
 * {@code exclude_outside}. An axis whose W is the identity is not run. Upsample is Resize with
 * {@code asymmetric} coordinates and {@code floor} rounding (nearest repeats pixels).
 */
final class Interpolation {
    private Interpolation() {}

    /**
     * How many times a row's taps the input axis must be for the taps' form: its reads through a
     * gathered coordinate run one lane at a time, the dense contraction in the GEMM's vector FMAs
     * (8 lanes, 2 a cycle); below, the dense form does more multiply-adds in less time (lraspp's
     * 28 → 224 upsampling: 1.0 ms as taps, about 0.3 ms dense).
     */
    static final int TAPS_AT = 16;

    static Value apply(Kernels k, String name, String op, Attrs at, List<Value> in, long opset) {
        Value x = in.getFirst();
        int r = x.rank();
        boolean legacy = op.equals("Upsample") || opset < 11;
        double[] scales = at.floats("scales").orElse(null);
        int scalesAt = legacy ? 1 : 2;
        if (scales == null && in.size() > scalesAt && in.get(scalesAt) != null && in.get(scalesAt).size() > 0) scales = in.get(scalesAt).data();
        long[] sizes = !legacy && in.size() > 3 && in.get(3) != null && in.get(3).size() > 0 ? in.get(3).longs() : null;
        if (scales == null && sizes == null) throw new IllegalArgumentException(name + ": neither scales nor sizes is given");
        if (scales != null && scales.length != r || sizes != null && sizes.length != r)
            throw new NotExpressible(name + ": scales or sizes over a subset of the axes (opset 18's axes) is not lowered");
        double[] roi = !legacy && in.size() > 1 && in.get(1) != null && in.get(1).size() == 2L * r ? in.get(1).data() : null;
        String coord = legacy ? "asymmetric" : at.s("coordinate_transformation_mode", "half_pixel");
        String mode = at.s("mode", "nearest");
        String nearest = legacy ? "floor" : at.s("nearest_mode", "round_prefer_floor");
        if (at.i("antialias", 0) != 0) throw new NotExpressible(name + ": antialias is not lowered");
        if (!at.s("keep_aspect_ratio_policy", "stretch").equals("stretch"))
            throw new NotExpressible(name + ": keep_aspect_ratio_policy is not lowered");
        Setting s = new Setting(coord, mode, nearest, at.f("cubic_coeff_a", -0.75), at.i("exclude_outside", 0) != 0,
                at.f("extrapolation_value", 0));
        Value y = x;
        for (int a = r - 1; a >= 0; a--) {
            int n = x.dims().get(a);
            double want = sizes != null ? sizes[a] : Math.floor(n * scales[a]);
            int out = k.extent(name + " axis " + a, want >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) want);
            k.admit(name + " axis " + a + " interpolation matrix", List.of(out, n));
            double scale = sizes != null ? out / (double) n : scales[a];
            double[] axisRoi = roi == null ? null : new double[] {roi[a], roi[r + a]};
            Matrix m = s.matrix(n, out, scale, axisRoi);
            if (!m.identity()) y = contract(k, name + "_" + a, y, a, m);
        }
        return y == x ? Pointwise.copy(k, name, x) : y;
    }

    /** W ([out][in]) and the additive row term E. */
    record Matrix(double[][] w, double[] e) {
        boolean identity() {
            if (w.length != w[0].length) return false;
            for (int o = 0; o < w.length; o++) {
                if (e[o] != 0) return false;
                for (int v = 0; v < w[o].length; v++) if (w[o][v] != (o == v ? 1 : 0)) return false;
            }
            return true;
        }
    }

    record Setting(String coord, String mode, String nearest, double a, boolean exclude, double extrapolation) {
        Matrix matrix(int in, int out, double scale, double[] roi) {
            double[][] w = new double[out][in];
            double[] e = new double[out];
            double outWidth = scale * in;
            for (int o = 0; o < out; o++) {
                double x = switch (coord) {
                    case "align_corners" -> outWidth == 1 ? 0 : o * (in - 1) / (outWidth - 1);
                    case "asymmetric" -> o / scale;
                    case "tf_half_pixel_for_nn" -> (o + 0.5) / scale;
                    case "pytorch_half_pixel" -> outWidth == 1 ? -0.5 : (o + 0.5) / scale - 0.5;
                    case "half_pixel" -> (o + 0.5) / scale - 0.5;
                    case "tf_crop_and_resize" -> {
                        if (roi == null) throw new IllegalArgumentException("tf_crop_and_resize needs roi");
                        double t = outWidth == 1 ? (roi[1] - roi[0]) * (in - 1) / 2 : o * (roi[1] - roi[0]) * (in - 1) / (outWidth - 1);
                        yield t + roi[0] * (in - 1);
                    }
                    default -> throw new NotExpressible("Resize: coordinate_transformation_mode '" + coord + "' is not lowered");
                };
                if (coord.equals("tf_crop_and_resize") && (x < 0 || x > in - 1)) {
                    e[o] = extrapolation;
                    continue;
                }
                double ratio = x == Math.floor(x) ? 1 : x - Math.floor(x);
                double[] c = coefficients(ratio);
                long left = (long) Math.ceil(x) - 1; // the nearest pixel on the left, ratio in (0, 1]
                long first = left - (c.length / 2 - 1);
                double sum = 0;
                for (int t = 0; t < c.length; t++) {
                    long idx = first + t;
                    if (exclude && (idx < 0 || idx >= in)) c[t] = 0;
                    sum += c[t];
                }
                for (int t = 0; t < c.length; t++) {
                    long idx = Math.max(0, Math.min(in - 1, first + t));
                    w[o][(int) idx] += exclude ? c[t] / sum : c[t];
                }
            }
            return new Matrix(w, e);
        }

        private double[] coefficients(double ratio) {
            return switch (mode) {
                case "nearest" -> {
                    if (ratio == 1) yield new double[] {0, 1};
                    boolean right = switch (nearest) {
                        case "round_prefer_floor" -> ratio > 0.5;
                        case "round_prefer_ceil" -> ratio >= 0.5;
                        case "floor" -> false;
                        case "ceil" -> true;
                        default -> throw new NotExpressible("Resize: nearest_mode '" + nearest + "' is not lowered");
                    };
                    yield right ? new double[] {0, 1} : new double[] {1, 0};
                }
                case "linear" -> new double[] {1 - ratio, ratio};
                case "cubic" -> new double[] {
                    ((a * (ratio + 1) - 5 * a) * (ratio + 1) + 8 * a) * (ratio + 1) - 4 * a,
                    ((a + 2) * ratio - (a + 3)) * ratio * ratio + 1,
                    ((a + 2) * (1 - ratio) - (a + 3)) * (1 - ratio) * (1 - ratio) + 1,
                    ((a * ((1 - ratio) + 1) - 5 * a) * ((1 - ratio) + 1) + 8 * a) * ((1 - ratio) + 1) - 4 * a};
                default -> throw new NotExpressible("Resize: mode '" + mode + "' is not lowered");
            };
        }
    }

    /**
     * {@code y[…, o, …] =:+ x[…, v, …]·W[o, v]} along {@code axis}, then {@code + E[o]} where E is
     * not all zero. A row of W has at most 4 nonzero entries (the taps of the mode), so where the
     * input axis is at least {@link #TAPS_AT} times that the sum runs over the taps alone
     * ({@link #taps}), not over the axis.
     */
    private static Value contract(Kernels k, String name, Value x, int axis, Matrix m) {
        int out = m.w().length, in = m.w()[0].length;
        int width = 0;
        for (double[] row : m.w()) {
            int nz = 0;
            for (double c : row) if (c != 0) nz++;
            width = Math.max(width, nz);
        }
        Value y = in >= TAPS_AT * Math.max(1, width) ? taps(k, name, x, axis, m, Math.max(1, width)) : dense(k, name, x, axis, m);
        return extrapolated(k, name, x, axis, m, y);
    }

    /**
     * {@code y[…, o, …] =:+ x[…, J[o, t], …]·C[o, t]} over the {@code width} taps t of row o: J the
     * columns of its nonzero entries in order, C their values (a row with fewer pads with column 0,
     * weight 0), J read by the kernel ({@link Index.Gathered}, as Gather on data indices): the same
     * sum as the dense row but its zeros, width multiply-adds per cell instead of the input axis
     * (a bilinear 640 → 1066 resize: 2 instead of 640).
     */
    private static Value taps(Kernels k, String name, Value x, int axis, Matrix m, int width) {
        int out = m.w().length, in = m.w()[0].length;
        double[] cols = new double[out * width], coef = new double[out * width];
        for (int o = 0; o < out; o++) {
            int t = 0;
            for (int v = 0; v < in; v++)
                if (m.w()[o][v] != 0) {
                    cols[o * width + t] = v;
                    coef[o * width + t++] = m.w()[o][v];
                }
        }
        Value j = new Value(List.of(out, width), cols, DataType.FLOAT_VALUE);
        return weighted(k, name, x, axis, out, width, coef, (b, os) -> new Index.Gathered(new Access(b.tensor(j), os), in));
    }

    /** The contraction with W itself, over the whole input axis. */
    private static Value dense(Kernels k, String name, Value x, int axis, Matrix m) {
        int out = m.w().length, in = m.w()[0].length;
        double[] flat = new double[out * in];
        for (int o = 0; o < out; o++) System.arraycopy(m.w()[o], 0, flat, o * in, in);
        return weighted(k, name, x, axis, out, in, flat, (b, os) -> os.get(1));
    }

    /**
     * {@code y[…, o, …] =:+ x[…, source(o, s), …]·C[o, s]} for s below {@code inner}: {@code coef}
     * is C ({@code [out][inner]}, row-major), {@code source} the coordinate of x along {@code axis}
     * given the kernel and the indices {@code (o, s)} (s itself for the dense form, a tap's column
     * for {@link #taps}).
     */
    private static Value weighted(Kernels k, String name, Value x, int axis, int out, int inner, double[] coef,
            BiFunction<Kernel, List<Index>, Index> source) {
        Kernel b = new Kernel(name);
        List<Index> xi = new ArrayList<>(), yi = new ArrayList<>();
        List<Integer> dims = new ArrayList<>();
        List<Index> os = null;
        for (int a = 0; a < x.rank(); a++) {
            if (a == axis) {
                Kernel.Ix o = b.iter(out), s = b.iter(inner);
                os = List.of(Kernel.at(o), Kernel.at(s));
                xi.add(null);
                yi.add(Kernel.at(o));
                dims.add(out);
            } else {
                Kernel.Ix i = b.iter(x.dims().get(a));
                xi.add(Kernel.at(i));
                yi.add(Kernel.at(i));
                dims.add(x.dims().get(a));
            }
        }
        xi.set(axis, source.apply(b, os));
        Expr c = Kernel.read(b.tensor(new Value(List.of(out, inner), coef, DataType.FLOAT_VALUE)), os);
        return b.run(k, dims, yi, new Expr.Binary(BinOp.MUL, Kernel.read(b.tensor(x), xi), c), Update.accumulate(BinOp.ADD), x.type());
    }

    /** {@code y + E[o]} along {@code axis} where E is not all zero, else {@code y}. */
    private static Value extrapolated(Kernels k, String name, Value x, int axis, Matrix m, Value y) {
        int out = m.w().length;
        boolean extrapolates = false;
        for (double e : m.e()) extrapolates |= e != 0;
        if (!extrapolates) return y;
        List<Integer> view = new ArrayList<>(Collections.nCopies(x.rank() - axis, 1));
        view.set(0, out);
        Value e = new Value(view, m.e().clone(), DataType.FLOAT_VALUE);
        return Pointwise.map(k, name + "_extrapolate", List.of(y, e), r -> new Expr.Binary(BinOp.ADD, r.get(0), r.get(1)), x.type());
    }
}
