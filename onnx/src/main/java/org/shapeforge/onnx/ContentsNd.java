package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Dim;

/**
 * Integer contents of small tensors of rank 2 or more, row-major, through Reshape, Slice and
 * Transpose: the way exporters reorder a padding list ({@code F.pad(x, (k, 0))} becomes
 * ConstantOfShape → Concat → Reshape to {@code [-1, 2]} → Slice reversed → Transpose → Reshape to
 * {@code [-1]} → Cast). The layout of such contents needs the tensor's shape as numbers: a folded
 * output's axes are the numbers the contents determine ({@link #grounded}, each axis term equated
 * to its number, so the constraints agree), and an input qualifies only when every axis is a
 * number. At most {@link ShapeOps#MAX_FOLDED} elements; anything undetermined gives no contents.
 */
final class ContentsNd {
    private ContentsNd() {}

    /** The node's first output with the contents it folds to, when it folds (else empty). */
    static Optional<Tensor> fold(Node n, Emitter e, Tensor out) {
        if (out.rank() != n.input(0).rank() && !n.op().equals("Reshape")) return Optional.empty();
        return switch (n.op()) {
            case "Reshape" -> reshape(n, e, out);
            case "Slice" -> slice(n, e, out);
            case "Transpose" -> transpose(n, e, out);
            default -> Optional.empty();
        };
    }

    /** The shape of {@code t} as numbers, when every axis is one. */
    static Optional<long[]> shape(Tensor t) {
        long[] s = new long[t.rank()];
        for (int i = 0; i < s.length; i++) {
            if (!t.dim(i).isGround()) return Optional.empty();
            s[i] = Sizes.size(t.dim(i));
        }
        return Optional.of(s);
    }

    private static Optional<Tensor> reshape(Node n, Emitter e, Tensor out) {
        Tensor x = n.input(0);
        Optional<List<ShapeValue>> c = x.contents();
        if (out.rank() < 2 || c.isEmpty() || c.get().size() > ShapeOps.MAX_FOLDED || n.optInput(1).flatMap(Tensor::ints).isEmpty())
            return Optional.empty();
        long[] target = n.input(1).ints().get().clone();
        long count = c.get().size(), known = 1;
        int free = -1;
        for (int i = 0; i < target.length; i++) {
            if (target[i] == 0 && n.attrs().i("allowzero", 0) == 0) {
                Optional<long[]> s = shape(x);
                if (s.isEmpty() || i >= s.get().length) return Optional.empty();
                target[i] = s.get()[i];
            }
            if (target[i] == -1) {
                if (free >= 0) return Optional.empty();
                free = i;
            } else if (target[i] < 1) return Optional.empty();
            else known = Math.multiplyExact(known, target[i]);
        }
        if (free >= 0) {
            if (count % known != 0) return Optional.empty();
            target[free] = count / known;
        } else if (known != count) return Optional.empty();
        return Optional.of(grounded(n, e, out, target, c.get()));
    }

    private static Optional<Tensor> slice(Node n, Emitter e, Tensor out) {
        Tensor x = n.input(0);
        Optional<List<ShapeValue>> c = x.contents();
        Optional<long[]> shape = shape(x);
        if (x.rank() < 2 || c.isEmpty() || shape.isEmpty() || n.attrs().has("starts")) return Optional.empty();
        long[] dims = shape.get();
        int r = dims.length;
        long[] starts = n.constInts(1, "starts"), ends = n.constInts(2, "ends");
        long[] axes = n.optInput(3).isPresent() ? n.constInts(3, "axes") : null;
        long[] steps = n.optInput(4).isPresent() ? n.constInts(4, "steps") : null;
        List<List<Integer>> picked = new ArrayList<>();
        for (int a = 0; a < r; a++) picked.add(range(0, dims[a], 1, dims[a]));
        for (int j = 0; j < starts.length; j++) {
            int a = (int) (axes == null ? j : axes[j] < 0 ? axes[j] + r : axes[j]);
            long step = steps == null ? 1 : steps[j];
            if (a < 0 || a >= r || step == 0 || j >= ends.length) return Optional.empty();
            picked.set(a, range(starts[j], ends[j], step, dims[a]));
        }
        long[] outShape = new long[r];
        for (int a = 0; a < r; a++) outShape[a] = picked.get(a).size();
        List<ShapeValue> vs = new ArrayList<>();
        for (long[] idx : indices(outShape)) {
            long flat = 0;
            for (int a = 0; a < r; a++) flat = flat * dims[a] + picked.get(a).get((int) idx[a]);
            vs.add(c.get().get((int) flat));
        }
        if (vs.isEmpty()) return Optional.empty();
        return Optional.of(grounded(n, e, out, outShape, vs));
    }

    /** The indices ONNX's Slice picks on one axis of size {@code dim} (bounds clamped as the operator states). */
    private static List<Integer> range(long start, long end, long step, long dim) {
        long s = start < 0 ? start + dim : start, t = end < 0 ? end + dim : end;
        List<Integer> out = new ArrayList<>();
        if (step > 0) for (long i = Math.clamp(s, 0, dim); i < Math.clamp(t, 0, dim); i += step) out.add((int) i);
        else for (long i = Math.clamp(s, 0, dim - 1); i > Math.clamp(t, -1, dim - 1); i += step) out.add((int) i);
        return out;
    }

    private static Optional<Tensor> transpose(Node n, Emitter e, Tensor out) {
        Tensor x = n.input(0);
        Optional<List<ShapeValue>> c = x.contents();
        Optional<long[]> shape = shape(x);
        if (x.rank() < 2 || c.isEmpty() || shape.isEmpty()) return Optional.empty();
        long[] dims = shape.get();
        int r = dims.length;
        long[] perm = n.attrs().ints("perm").orElse(null);
        if (perm == null) {
            perm = new long[r];
            for (int i = 0; i < r; i++) perm[i] = r - 1 - i;
        }
        if (perm.length != r) return Optional.empty();
        long[] outShape = new long[r];
        for (int a = 0; a < r; a++) outShape[a] = dims[(int) perm[a]];
        List<ShapeValue> vs = new ArrayList<>();
        for (long[] idx : indices(outShape)) {
            long[] src = new long[r];
            for (int a = 0; a < r; a++) src[(int) perm[a]] = idx[a];
            long flat = 0;
            for (int a = 0; a < r; a++) flat = flat * dims[a] + src[a];
            vs.add(c.get().get((int) flat));
        }
        return Optional.of(grounded(n, e, out, outShape, vs));
    }

    /** Every index of {@code shape} in row-major order. */
    private static List<long[]> indices(long[] shape) {
        List<long[]> out = new ArrayList<>();
        long total = 1;
        for (long d : shape) total *= d;
        for (long k = 0; k < total; k++) {
            long[] idx = new long[shape.length];
            long rest = k;
            for (int a = shape.length - 1; a >= 0; a--) {
                idx[a] = rest % shape[a];
                rest /= shape[a];
            }
            out.add(idx);
        }
        return out;
    }

    /** {@code out} with axes {@code shape} (each former axis term equated to its number) and contents {@code vs}. */
    private static Tensor grounded(Node n, Emitter e, Tensor out, long[] shape, List<ShapeValue> vs) {
        List<Dim> dims = new ArrayList<>();
        for (int a = 0; a < shape.length; a++) {
            Dim d = Emitter.size(shape[a]);
            if (!out.dim(a).equals(d)) e.eq(out.dim(a), d, n.origin("output 0's axis " + a + " (folded contents of shape " + Arrays.toString(shape) + ")"));
            dims.add(d);
        }
        return new Tensor(out.name(), dims, Optional.empty()).withContents(vs);
    }
}
