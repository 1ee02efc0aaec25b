package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;

/**
 * Integer contents through the ops that exported models use to compute shapes at run time
 * ({@code Shape → Gather → Unsqueeze → Concat → Reshape}, PyTorch's dynamic reshapes): after a
 * node's shape logic, its output gets the contents its inputs determine — Gather with constant
 * indices, Slice with constant bounds and Concat over 1-D tensors select and join elements;
 * Squeeze, Unsqueeze, Cast, CastLike and Identity keep them. Elements stay dimension terms where
 * they are (a symbolic batch axis), so a Reshape or Expand reading the result relates its output
 * axes to those very terms. Add, Sub, Mul, Div and Neg fold known integers; Add, Sub, Mul and Div on
 * dimension terms give fresh size variables with a size relation (or runtime sizes); Equal and Where
 * fold where decided (a size is at least 1). Other computations yield no
 * contents, and a Reshape reading the result is the "must be known at import time" error.
 */
final class Contents {
    private Contents() {}

    /** {@code outs} with the contents the node's inputs determine attached where there are any. */
    static List<Tensor> propagate(Node n, Emitter e, List<Tensor> outs) {
        if (outs.isEmpty() || outs.getFirst() == null) return outs;
        Optional<List<ShapeValue>> v = switch (n.op()) {
            case "Cast", "CastLike", "Identity", "Squeeze", "Unsqueeze" -> n.optInput(0).flatMap(Tensor::contents);
            case "Gather" -> gather(n);
            case "Slice" -> slice(n);
            case "Concat" -> concat(n);
            case "Add", "Sub", "Mul", "Div" -> arithmetic(n, e);
            case "Equal" -> equal(n);
            case "Where" -> where(n);
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
     * Add, Sub, Mul and Div of two 0-D or 1-D integer tensors with contents (one of them may have
     * one element, broadcast). Known integers fold exactly (the rank arithmetic of expanded functions:
     * LayerNormalization's {@code Size(Shape(X)) − axis}); where a dimension term takes part the
     * element becomes a fresh size variable tied to its operands by a size relation —
     * {@code r = p + q}, {@code r + q = p}, {@code r·q = p} — and a product keeps its factors
     * ({@link ShapeValue.Product}), so {@code x.view(b·h, -1)} imports with the −1 solved. Div is taken as exact (exported models divide
     * evenly: heads, groups); a remainder is a shape mismatch naming the node. Integer division of
     * known values truncates, as ONNX's.
     */
    private static Optional<List<ShapeValue>> arithmetic(Node n, Emitter e) {
        var pair = pair(n, 0, 1);
        if (pair.isEmpty()) return Optional.empty();
        List<ShapeValue> x = pair.get().get(0), y = pair.get().get(1);
        int len = Math.max(x.size(), y.size());
        List<ShapeValue> out = new ArrayList<>();
        for (int i = 0; i < len; i++) {
            ShapeValue p = x.get(x.size() == 1 ? 0 : i), q = y.get(y.size() == 1 ? 0 : i);
            if (p instanceof ShapeValue.Known(long u) && q instanceof ShapeValue.Known(long v)) {
                if (n.op().equals("Div") && v == 0) return Optional.empty();
                out.add(new ShapeValue.Known(switch (n.op()) {
                    case "Add" -> Math.addExact(u, v);
                    case "Sub" -> Math.subtractExact(u, v);
                    case "Mul" -> Math.multiplyExact(u, v);
                    default -> u / v;
                }));
                continue;
            }
            if (n.op().equals("Mul")) {
                List<Dim> fs = new ArrayList<>();
                if (!factors(p, fs) || !factors(q, fs)) return Optional.empty();
                out.add(fs.size() == 1 ? ShapeValue.of(fs.getFirst()) : new ShapeValue.Product(fs));
                continue;
            }
            Dim pd = asSize(n, e, p), qd = asSize(n, e, q);
            if (pd == null || qd == null) return Optional.empty();
            Dim r = e.fresh("sh");
            SizeExpr ps = Emitter.sz(pd), qs = Emitter.sz(qd), rs = Emitter.sz(r);
            NodeOrigin o = n.origin("shape arithmetic, element " + i);
            switch (n.op()) {
                case "Add" -> e.define(r, Emitter.plus(ps, qs), o);
                case "Sub" -> e.define(r, new SizeExpr.Sub(ps, qs), o);
                default -> e.rel(new SizeExpr.Mul(rs, qs), Rel.EQ, ps, o.as(o.role() + " (division taken as exact)"));
            }
            out.add(new ShapeValue.Term(r));
        }
        return Optional.of(out);
    }

    /** The size an element stands for as a dimension term, or null for a known value that is no size (≤ 0). */
    private static Dim asSize(Node n, Emitter e, ShapeValue v) {
        return switch (v) {
            case ShapeValue.Term(Dim d) -> d;
            case ShapeValue.Known(long k) -> k >= 1 ? Emitter.size(k) : null;
            case ShapeValue.Product(List<Dim> fs) -> product(n, e, fs);
        };
    }

    /** A fresh size variable equal to the product of {@code fs}. */
    static Dim product(Node n, Emitter e, List<Dim> fs) {
        Dim r = e.fresh("sh");
        e.define(r, Emitter.product(fs), n.origin("shape arithmetic: a product of sizes"));
        return r;
    }

    /** Appends the factors of an element (a known 1 has none); false for a known value that is no size. */
    private static boolean factors(ShapeValue v, List<Dim> out) {
        switch (v) {
            case ShapeValue.Term(Dim d) -> out.add(d);
            case ShapeValue.Known(long k) -> {
                if (k < 1) return false;
                if (k > 1) out.add(Emitter.size(k));
            }
            case ShapeValue.Product(List<Dim> fs) -> out.addAll(fs);
        }
        return true;
    }

    /**
     * Equal of two 0-D or 1-D tensors with contents, where it is decided: known integers compare; a
     * dimension term is a size, at least 1, so it equals no known value below 1 (PyTorch's
     * {@code Equal(shape, -1)} in expand patterns) and equals itself.
     */
    private static Optional<List<ShapeValue>> equal(Node n) {
        var pair = pair(n, 0, 1);
        if (pair.isEmpty()) return Optional.empty();
        List<ShapeValue> x = pair.get().get(0), y = pair.get().get(1), out = new ArrayList<>();
        int len = Math.max(x.size(), y.size());
        for (int i = 0; i < len; i++) {
            ShapeValue p = x.get(x.size() == 1 ? 0 : i), q = y.get(y.size() == 1 ? 0 : i);
            Boolean eq = switch (p) {
                case ShapeValue.Known(long u) when q instanceof ShapeValue.Known(long v) -> u == v;
                case ShapeValue.Known(long u) when u < 1 -> false;
                default -> q instanceof ShapeValue.Known(long v) && v < 1 ? Boolean.FALSE : p.equals(q) ? Boolean.TRUE : null;
            };
            if (eq == null) return Optional.empty();
            out.add(new ShapeValue.Known(eq ? 1 : 0));
        }
        return Optional.of(out);
    }

    /** Where with a known condition over two tensors with contents: the elements it selects. */
    private static Optional<List<ShapeValue>> where(Node n) {
        if (n.inputs().size() != 3 || n.inputs().contains(null) || n.input(0).rank() > 1 || n.input(0).ints().isEmpty())
            return Optional.empty();
        var pair = pair(n, 1, 2);
        if (pair.isEmpty()) return Optional.empty();
        long[] c = n.input(0).ints().get();
        List<ShapeValue> x = pair.get().get(0), y = pair.get().get(1), out = new ArrayList<>();
        int len = Math.max(c.length, Math.max(x.size(), y.size()));
        for (List<?> l : List.of(x, y)) if (l.size() != len && l.size() != 1) return Optional.empty();
        if (c.length != len && c.length != 1) return Optional.empty();
        for (int i = 0; i < len; i++)
            out.add(c[c.length == 1 ? 0 : i] != 0 ? x.get(x.size() == 1 ? 0 : i) : y.get(y.size() == 1 ? 0 : i));
        return Optional.of(out);
    }

    /** The contents of inputs {@code i} and {@code j} when both are 0-D or 1-D with contents of broadcastable lengths. */
    private static Optional<List<List<ShapeValue>>> pair(Node n, int i, int j) {
        if (n.inputs().size() <= Math.max(i, j) || n.inputs().get(i) == null || n.inputs().get(j) == null) return Optional.empty();
        Tensor a = n.input(i), b = n.input(j);
        Optional<List<ShapeValue>> ca = a.contents(), cb = b.contents();
        if (a.rank() > 1 || b.rank() > 1 || ca.isEmpty() || cb.isEmpty()) return Optional.empty();
        int len = Math.max(ca.get().size(), cb.get().size());
        if (ca.get().size() != len && ca.get().size() != 1 || cb.get().size() != len && cb.get().size() != 1) return Optional.empty();
        return Optional.of(List.of(ca.get(), cb.get()));
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
