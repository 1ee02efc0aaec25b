package org.shapeforge.onnx.values;

import java.util.Arrays;
import java.util.List;
import org.shapeforge.onnx.Attrs;

/**
 * The windowed ops' ONNX semantics (Conv, ConvTranspose, MaxPool with its indices, AveragePool,
 * GlobalAveragePool: kernel shapes from the attribute or the weights, strides, dilations, explicit
 * and automatic pads, ConvTranspose's output_shape) resolved to a {@link Windows.Geometry} and the
 * {@link Windows} operations.
 */
final class WindowLowering {
    private WindowLowering() {}

    static List<Value> lower(LoweringCall c) {
        Kernels k = c.k();
        String name = c.name();
        Attrs at = c.at();
        List<Value> in = c.in();
        return switch (c.op()) {
            case "Conv" -> List.of(conv(k, name, at, in));
            case "ConvTranspose" -> List.of(convTranspose(k, name, at, in));
            case "MaxPool" -> {
                Windows.Geometry g = poolGeometry(at, in.get(0));
                Value y = Windows.maxPool(k, name, in.get(0), g);
                yield c.outputs() < 2 ? List.of(y)
                        : List.of(y, Windows.maxPoolIndices(k, name + "_indices", in.get(0), y, g, at.i("storage_order", 0) != 0));
            }
            case "AveragePool" -> List.of(Windows.averagePool(k, name, in.get(0), poolGeometry(at, in.get(0)),
                    at.i("count_include_pad", 0) != 0));
            case "GlobalAveragePool" -> List.of(Windows.globalAveragePool(k, name, in.get(0)));
            default -> throw new NotExpressible(c.op() + ": not a windowed op of this family");
        };
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

    /** Conv of {@code in} (x, w, optional bias) as the node's attributes say; also ConvInteger's and QLinearConv's core. */
    static Value conv(Kernels k, String name, Attrs at, List<Value> in) {
        return conv(k, name, at, in, Tail.NONE);
    }

    /** Conv with {@code tail} fused into its kernel where it can be (issue 29). */
    static Value conv(Kernels k, String name, Attrs at, List<Value> in, Tail tail) {
        Value x = in.get(0), w = in.get(1);
        int sp = x.rank() - 2;
        Windows.Geometry g = Windows.geometry(x.dims().subList(2, x.rank()), kernel(at, w, sp), at.ints("strides").orElse(null),
                at.ints("dilations").orElse(null), at.ints("pads").orElse(null), at.s("auto_pad", "NOTSET"), false);
        return Windows.conv(k, name, x, w, in.size() > 2 ? in.get(2) : null, g, (int) at.i("group", 1), tail);
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
        return Windows.convTranspose(k, name, x, w, in.size() > 2 ? in.get(2) : null, ker, s, d, begin, end, op, (int) at.i("group", 1));
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
}
