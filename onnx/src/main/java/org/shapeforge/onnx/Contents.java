package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Integer contents through the ops that exported models use to compute shapes at run time
 * ({@code Shape → Gather → Unsqueeze → Concat → Reshape}, PyTorch's dynamic reshapes): after a
 * node's shape logic, its output gets the contents its inputs determine — Gather with constant
 * indices, Slice with constant bounds and Concat over 1-D tensors select and join elements;
 * Squeeze, Unsqueeze, Cast, CastLike and Identity keep them. Elements stay dimension terms where
 * they are (a symbolic batch axis), so a Reshape or Expand reading the result relates its output
 * axes to those very terms. Add, Sub, Mul and Neg fold known integers; on dimension terms they yield no
 * contents, and a Reshape reading the result is the "must be known at import time" error.
 */
final class Contents {
    private Contents() {}

    /** {@code outs} with the contents the node's inputs determine attached where there are any. */
    static List<Tensor> propagate(Node n, List<Tensor> outs) {
        if (outs.isEmpty() || outs.getFirst() == null) return outs;
        Optional<List<ShapeValue>> v = switch (n.op()) {
            case "Cast", "CastLike", "Identity", "Squeeze", "Unsqueeze" -> n.optInput(0).flatMap(Tensor::contents);
            case "Gather" -> gather(n);
            case "Slice" -> slice(n);
            case "Concat" -> concat(n);
            case "Add", "Sub", "Mul" -> arithmetic(n);
            case "Neg" -> n.input(0).rank() <= 1 ? n.input(0).ints().map(a -> {
                long[] out = new long[a.length];
                for (int i = 0; i < a.length; i++) out[i] = Math.negateExact(a[i]);
                return ShapeValue.known(out);
            }) : Optional.empty();
            default -> Optional.empty();
        };
        if (v.isEmpty() || outs.getFirst().contents().isPresent()) return outs;
        List<Tensor> out = new ArrayList<>(outs);
        out.set(0, outs.getFirst().withContents(v.get()));
        return out;
    }

    private static Optional<List<ShapeValue>> gather(Node n) {
        Tensor data = n.input(0), idx = n.input(1);
        if (data.rank() != 1 || idx.rank() > 1 || idx.ints().isEmpty()) return Optional.empty();
        Optional<List<ShapeValue>> c = data.contents();
        if (c.isEmpty()) return Optional.empty();
        List<ShapeValue> out = new ArrayList<>();
        for (long i : idx.ints().get()) {
            long j = i < 0 ? i + c.get().size() : i;
            if (j < 0 || j >= c.get().size())
                throw n.error("index " + i + " is out of range for the " + c.get().size() + " elements of input 0");
            out.add(c.get().get((int) j));
        }
        return Optional.of(out);
    }

    private static Optional<List<ShapeValue>> slice(Node n) {
        Tensor x = n.input(0);
        Optional<List<ShapeValue>> c = x.contents();
        if (x.rank() != 1 || c.isEmpty()) return Optional.empty();
        long[] starts, ends, steps;
        if (n.attrs().has("starts")) {
            starts = n.attrs().ints("starts").orElseThrow();
            ends = n.attrs().ints("ends").orElseThrow();
            steps = new long[] {1};
        } else {
            starts = n.constInts(1, "starts");
            ends = n.constInts(2, "ends");
            steps = n.optInput(4).isPresent() ? n.constInts(4, "steps") : new long[] {1};
        }
        if (starts.length != 1) return Optional.empty();
        long len = c.get().size(), step = steps[0];
        long s = starts[0] < 0 ? starts[0] + len : starts[0], t = ends[0] < 0 ? ends[0] + len : ends[0];
        List<ShapeValue> out = new ArrayList<>();
        if (step > 0) {
            for (long i = Math.clamp(s, 0, len); i < Math.clamp(t, 0, len); i += step) out.add(c.get().get((int) i));
        } else if (step < 0) {
            for (long i = Math.clamp(s, 0, len - 1); i > Math.clamp(t, -1, len - 1); i += step) out.add(c.get().get((int) i));
        }
        return Optional.of(out);
    }

    /**
     * Add, Sub and Mul of two known 0-D or 1-D integer tensors (one of them may have one element),
     * exactly: the rank arithmetic of expanded functions (LayerNormalization's {@code Size(Shape(X))
     * − axis}). Dimension terms are not combined (a product of sizes is no dimension term).
     */
    private static Optional<List<ShapeValue>> arithmetic(Node n) {
        if (n.inputs().size() != 2 || n.inputs().contains(null)) return Optional.empty();
        Tensor a = n.input(0), b = n.input(1);
        if (a.rank() > 1 || b.rank() > 1 || a.ints().isEmpty() || b.ints().isEmpty()) return Optional.empty();
        long[] x = a.ints().get(), y = b.ints().get();
        int len = Math.max(x.length, y.length);
        if (x.length != len && x.length != 1 || y.length != len && y.length != 1) return Optional.empty();
        long[] out = new long[len];
        for (int i = 0; i < len; i++) {
            long p = x[x.length == 1 ? 0 : i], q = y[y.length == 1 ? 0 : i];
            out[i] = switch (n.op()) {
                case "Add" -> Math.addExact(p, q);
                case "Sub" -> Math.subtractExact(p, q);
                default -> Math.multiplyExact(p, q);
            };
        }
        return Optional.of(ShapeValue.known(out));
    }

    private static Optional<List<ShapeValue>> concat(Node n) {
        List<ShapeValue> out = new ArrayList<>();
        for (Tensor t : n.inputs()) {
            if (t == null) continue;
            Optional<List<ShapeValue>> c = t.contents();
            if (t.rank() != 1 || c.isEmpty()) return Optional.empty();
            out.addAll(c.get());
        }
        return Optional.of(out);
    }
}
