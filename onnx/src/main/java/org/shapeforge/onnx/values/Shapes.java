package org.shapeforge.onnx.values;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto.DataType;
import org.shapeforge.onnx.Attrs;

/**
 * The data-movement ops' ONNX semantics (attribute vs input forms across opsets, negative axes,
 * Reshape's 0 and −1, Slice's clamping, Split's defaults, Pad's modes) resolved to the
 * {@link Shaping} operations; and the ops computed with no kernel: Shape, Size and ConstantOfShape
 * (from their input's shape or integer contents) and Constant (its value attribute). Gather placed
 * on the host ({@link Placement#HOST}) is a copy ({@link HostSelection#gather}).
 */
final class Shapes {
    private Shapes() {}

    static List<Value> lower(LoweringCall c) {
        return switch (c.op()) {
            case "Shape", "Size", "ConstantOfShape" -> List.of(shapeOf(c.k(), c.name(), c.op(), c.at(), c.in().get(0)));
            case "Constant" -> List.of(constant(c.at()));
            case "Gather" -> switch (c.placement()) {
                case HOST -> List.of(HostSelection.gather(c.name(), c.in().get(0), c.in().get(1), axis(c.at().i("axis", 0), c.in().get(0).rank())));
                case KERNEL -> {
                    Value x = c.in().get(0), idx = c.in().get(1);
                    int axis = axis(c.at().i("axis", 0), x.rank());
                    // indices from the data (not a constant of the graph): read by the kernel, not here
                    yield !c.known().test(1) && Shaping.gathersByData(x.dims().get(axis))
                            ? List.of(Shaping.gathered(c.k(), c.name(), x, axis, idx))
                            : apply(c.k(), c.name(), c.node(), c.at(), c.in(), c.opset());
                }
            };
            default -> apply(c.k(), c.name(), c.node(), c.at(), c.in(), c.opset());
        };
    }

    static List<Value> apply(Kernels k, String name, NodeProto n, Attrs at, List<Value> in, long opset) {
        String op = n.getOpType();
        Value x = in.isEmpty() ? null : in.get(0);
        return switch (op) {
            case "Reshape" -> List.of(Shaping.reshape(k, name, x, reshapeDims(x, in.get(1).longs(), at.i("allowzero", 0) != 0)));
            case "Flatten" -> {
                long ax = at.i("axis", 1);
                int axis = (int) (ax < 0 ? ax + x.rank() : ax);
                int lead = (int) Shaping.product(x.dims().subList(0, axis));
                yield List.of(Shaping.reshape(k, name, x, List.of(lead, (int) (x.size() / Math.max(1, lead)))));
            }
            case "Squeeze" -> {
                long[] axes = axesOf(at, in, 1);
                List<Integer> dims = new ArrayList<>();
                boolean[] drop = new boolean[x.rank()];
                if (axes == null) for (int a = 0; a < x.rank(); a++) drop[a] = x.dims().get(a) == 1;
                else for (long a : axes) drop[axis(a, x.rank())] = true;
                for (int a = 0; a < x.rank(); a++) if (!drop[a]) dims.add(x.dims().get(a));
                yield List.of(Shaping.reshape(k, name, x, dims));
            }
            case "Unsqueeze" -> {
                long[] axes = axesOf(at, in, 1);
                int r = x.rank() + axes.length;
                boolean[] ins = new boolean[r];
                for (long a : axes) ins[axis(a, r)] = true;
                List<Integer> dims = new ArrayList<>();
                int src = 0;
                for (int a = 0; a < r; a++) dims.add(ins[a] ? 1 : x.dims().get(src++));
                yield List.of(Shaping.reshape(k, name, x, dims));
            }
            case "Transpose" -> {
                long[] p = at.ints("perm").orElse(null);
                int[] perm = new int[x.rank()];
                for (int a = 0; a < x.rank(); a++) perm[a] = p == null ? x.rank() - 1 - a : (int) p[a];
                yield List.of(Shaping.transpose(k, name, x, perm));
            }
            case "Expand" -> {
                List<Long> target = Arrays.stream(in.get(1).longs()).boxed().toList();
                k.admit(name + " target", target); // in long arithmetic, before any int
                List<Integer> shape = new ArrayList<>();
                for (long d : target) shape.add(k.extent(name + " target", d));
                yield List.of(Shaping.expand(k, name, x, shape));
            }
            case "Concat" -> {
                List<Value> parts = in.stream().filter(Objects::nonNull).toList();
                int axis = axis(at.i("axis", 0), parts.getFirst().rank());
                if (parts.stream().allMatch(p -> p.dims().get(axis) == 0)) throw new NotExpressible("Concat: zero-size result");
                yield List.of(Shaping.concat(k, name, parts, axis));
            }
            case "Split" -> split(k, name, n, at, in, opset);
            case "Gather" -> {
                Value idx = in.get(1);
                int axis = axis(at.i("axis", 0), x.rank());
                yield List.of(Shaping.select(k, name, x, axis, gatherIndices(name, idx, x.dims().get(axis))).view(gatherDims(x, idx, axis)));
            }
            case "Slice" -> List.of(slice(k, name, at, in, opset));
            case "Pad" -> List.of(pad(k, name, at, in, opset));
            default -> throw new NotExpressible(op + ": no lowering to the loop IR for this op");
        };
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
                List<Long> asked = Arrays.stream(x.data()).mapToObj(v -> (long) v).toList();
                k.admit(name, asked); // the whole tensor first, in long arithmetic: then every axis fits an int
                List<Integer> dims = asked.stream().map(d -> k.extent(name, d)).toList();
                Value fill = at.get("value") != null ? Value.read(at.get("value").getT())
                        : new Value(List.of(), new double[] {0}, DataType.FLOAT_VALUE);
                double[] data = new double[(int) Kernels.cells(dims)];
                Arrays.fill(data, fill.data()[0]);
                yield new Value(dims, data, fill.type());
            }
        };
    }

    /**
     * Gather's indices read from {@code idx}'s data along an axis of {@code n}, negative ones from
     * the end; one out of range is an error naming it (the kernel and the host copy alike).
     */
    static int[] gatherIndices(String name, Value idx, int n) {
        int[] at = new int[idx.data().length];
        for (int j = 0; j < at.length; j++) {
            long v = (long) idx.data()[j];
            if (v < -n || v >= n) throw new IllegalArgumentException(name + ": index " + v + " out of range for an axis of " + n);
            at[j] = (int) (v < 0 ? v + n : v);
        }
        return at;
    }

    /** Gather's result dims: {@code x}'s with {@code axis} replaced by {@code idx}'s dims. */
    static List<Integer> gatherDims(Value x, Value idx, int axis) {
        List<Integer> dims = new ArrayList<>(x.dims().subList(0, axis));
        dims.addAll(idx.dims());
        dims.addAll(x.dims().subList(axis + 1, x.rank()));
        return dims;
    }

    static int axis(long a, int rank) {
        long r = a < 0 ? a + rank : a;
        if (r < 0 || r >= rank) throw new IllegalArgumentException("axis " + a + " out of range for rank " + rank);
        return (int) r;
    }

    /** The {@code axes} attribute (older opsets) or constant input {@code k} (newer ones); null when neither. */
    private static long[] axesOf(Attrs at, List<Value> in, int k) {
        if (at.ints("axes").orElse(null) != null) return at.ints("axes").orElse(null);
        return k < in.size() && in.get(k) != null ? in.get(k).longs() : null;
    }

    static List<Integer> reshapeDims(Value x, long[] shape, boolean allowZero) {
        List<Integer> dims = new ArrayList<>();
        int infer = -1;
        long known = 1;
        for (int a = 0; a < shape.length; a++) {
            long d = shape[a];
            if (d == 0 && !allowZero) d = x.dims().get(a);
            if (d == -1) {
                infer = a;
                dims.add(-1);
                continue;
            }
            dims.add((int) d);
            known *= d;
        }
        if (infer >= 0) dims.set(infer, (int) (x.size() / known));
        return dims;
    }

    private static List<Value> split(Kernels k, String name, NodeProto n, Attrs at, List<Value> in, long opset) {
        Value x = in.get(0);
        int axis = axis(at.i("axis", 0), x.rank());
        int d = x.dims().get(axis), outs = n.getOutputCount();
        long[] sizes = at.ints("split").orElse(null);
        if (sizes == null && in.size() > 1 && in.get(1) != null) sizes = in.get(1).longs();
        if (sizes == null) {
            sizes = new long[outs];
            int chunk = at.has("num_outputs") ? (d + outs - 1) / outs : d / outs;
            for (int j = 0; j < outs; j++) sizes[j] = Math.min(chunk, Math.max(0, d - (long) chunk * j));
        }
        List<Value> out = new ArrayList<>();
        int off = 0;
        for (int j = 0; j < sizes.length; j++) {
            int[] start = new int[x.rank()], step = new int[x.rank()], len = new int[x.rank()];
            Arrays.fill(step, 1);
            for (int a = 0; a < x.rank(); a++) len[a] = x.dims().get(a);
            start[axis] = off;
            len[axis] = (int) sizes[j];
            out.add(Shaping.slice(k, name + "_" + j, x, start, step, len));
            off += (int) sizes[j];
        }
        return out;
    }

    private static Value slice(Kernels k, String name, Attrs at, List<Value> in, long opset) {
        Value x = in.get(0);
        long[] starts, ends, axes, steps;
        if (opset < 10 || at.has("starts")) {
            starts = at.ints("starts").orElse(null);
            ends = at.ints("ends").orElse(null);
            axes = at.ints("axes").orElse(null);
            steps = null;
        } else {
            starts = in.get(1).longs();
            ends = in.get(2).longs();
            axes = in.size() > 3 && in.get(3) != null ? in.get(3).longs() : null;
            steps = in.size() > 4 && in.get(4) != null ? in.get(4).longs() : null;
        }
        int r = x.rank();
        int[] start = new int[r], step = new int[r], len = new int[r];
        for (int a = 0; a < r; a++) {
            step[a] = 1;
            len[a] = x.dims().get(a);
        }
        for (int j = 0; j < starts.length; j++) {
            int a = axes == null ? j : axis(axes[j], r);
            long dim = x.dims().get(a), st = steps == null ? 1 : steps[j];
            long s = starts[j], e = ends[j];
            if (s < 0) s += dim;
            if (e < 0) e += dim;
            if (st > 0) {
                s = Math.max(0, Math.min(dim, s));
                e = Math.max(0, Math.min(dim, e));
            } else {
                s = Math.max(0, Math.min(dim - 1, s));
                e = Math.max(-1, Math.min(dim - 1, e));
            }
            long l = Math.max(0, st > 0 ? (e - s + st - 1) / st : (s - e + (-st) - 1) / (-st));
            start[a] = (int) s;
            step[a] = (int) st;
            len[a] = (int) l;
        }
        return Shaping.slice(k, name, x, start, step, len);
    }

    private static Value pad(Kernels k, String name, Attrs at, List<Value> in, long opset) {
        Value x = in.get(0);
        int r = x.rank();
        long[] pads;
        double value;
        long[] axes = null;
        if (opset < 11) {
            pads = at.ints("pads").orElse(null) != null ? at.ints("pads").orElse(null) : at.ints("paddings").orElse(null);
            value = at.f("value", 0);
        } else {
            pads = in.get(1).longs();
            value = in.size() > 2 && in.get(2) != null && in.get(2).size() > 0 ? in.get(2).data()[0] : 0;
            if (in.size() > 3 && in.get(3) != null) axes = in.get(3).longs();
        }
        long[] lo = new long[r], hi = new long[r];
        int na = axes == null ? r : axes.length;
        for (int j = 0; j < na; j++) {
            int a = axes == null ? j : axis(axes[j], r);
            lo[a] = pads[j];
            hi[a] = pads[j + na];
        }
        // the padded sizes, checked against the budget before any int arithmetic on them
        List<Long> dims = new ArrayList<>();
        for (int a = 0; a < r; a++) {
            double d = (double) x.dims().get(a) + lo[a] + hi[a];
            dims.add(d >= Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, x.dims().get(a) + lo[a] + hi[a]));
        }
        k.admit(name, dims);
        int[] before = new int[r], after = new int[r];
        for (int a = 0; a < r; a++) { // a pad past the budget is refused as the tensor it would make; a crop past the axis removes it all
            before[a] = lo[a] > 0 ? k.extent(name + " pads", lo[a]) : (int) Math.max(-x.dims().get(a), lo[a]);
            after[a] = hi[a] > 0 ? k.extent(name + " pads", hi[a]) : (int) Math.max(-x.dims().get(a), hi[a]);
        }
        String mode = at.s("mode", "constant");
        return mode.equals("constant") ? Shaping.padConstant(k, name, x, before, after, value)
                : Shaping.padIndexed(k, name, x, before, after, mode);
    }
}
