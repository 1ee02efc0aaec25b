package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.reason.Verdict;
import org.shapeforge.term.Dim;

/**
 * Integer contents through the ops that exported models use to compute shapes at run time
 * ({@code Shape → Gather → Unsqueeze → Concat → Reshape}, PyTorch's dynamic reshapes, chunk's split
 * point, expand's {@code Where(Equal(shape, -1), ones, shape)}): after a node's shape logic, its output
 * gets the contents its inputs determine — Gather with constant indices, Slice with constant bounds and
 * Concat over 1-D tensors select and join elements; Squeeze, Unsqueeze, Cast, CastLike, Identity and
 * Reshape of a shape tensor keep them (small tensors of rank 2 or more through Reshape, Slice and
 * Transpose: {@link ContentsNd}); a size scaled by a float and rounded is an unknown extent
 * ({@link RealSizes}). Elements stay dimension terms where they are (a symbolic batch
 * axis), so a consumer relates its output axes to those very terms. Add, Sub, Mul, Div, Mod, Max and
 * Min compute {@link SizeForm}s over sizes (known integers fold as ONNX computes them); Equal, Where and
 * Not fold where decided for every value of the sizes (a size is at least 1; comparisons, Max and
 * Min through the reasoning service, {@link SizeOrder}). An undecided computation
 * yields no contents — never a guess — and a consumer needing them is the "must be known at import
 * time" error naming it.
 */
final class Contents {
    private Contents() {}

    /** {@code outs} with the contents the node's inputs determine attached where there are any. */
    static List<Tensor> propagate(Node n, Emitter e, List<Tensor> outs) {
        if (outs.isEmpty() || outs.getFirst() == null) return outs;
        Optional<Tensor> nd = outs.getFirst().contents().isPresent() || n.inputs().isEmpty() || n.input(0) == null
                ? Optional.empty() : ContentsNd.fold(n, e, outs.getFirst());
        if (nd.isPresent()) { // a small tensor of rank 2 or more with its contents and its axes as numbers
            List<Tensor> out = new ArrayList<>(outs);
            out.set(0, nd.get());
            return out;
        }
        Optional<List<ShapeValue>> v = switch (n.op()) {
            case "CastLike", "Identity", "Squeeze", "Unsqueeze" -> n.optInput(0).flatMap(Tensor::contents);
            case "Cast" -> {
                if (n.input(0).contents().isEmpty()) yield cast(n, e, outs.getFirst());
                RealSizes.converted(n, e, outs.getFirst()); // to a float type: the sizes as reals too
                yield n.input(0).contents();
            }
            case "Floor", "Ceil", "Round" -> n.input(0).contents().isPresent() ? n.input(0).contents() // integers already
                    : RealSizes.rounded(n, e, outs.getFirst());
            case "Gather" -> gather(n);
            case "Slice" -> slice(n);
            case "Concat" -> concat(n);
            case "Mul", "Div" -> {
                Optional<List<ShapeValue>> r = arithmetic(n, e);
                if (r.isEmpty()) RealSizes.scaled(n, e, outs.getFirst());
                yield r;
            }
            case "Add", "Sub", "Mod", "Max", "Min" -> arithmetic(n, e);
            case "Reshape" -> outs.getFirst().rank() <= 1 ? n.input(0).contents() : Optional.empty();
            case "Not" -> n.input(0).rank() <= 1 ? n.input(0).ints().map(a -> {
                long[] out = new long[a.length];
                for (int i = 0; i < a.length; i++) out[i] = a[i] == 0 ? 1 : 0;
                return ShapeValue.known(out);
            }) : Optional.empty();
            case "Equal", "Less", "LessOrEqual", "Greater", "GreaterOrEqual" -> compare(n, e);
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

    /** Cast of a size computed in floating point ({@link RealSizes}): to a float type the same real, to an integer type rounded. */
    private static Optional<List<ShapeValue>> cast(Node n, Emitter e, Tensor out) {
        RealSizes.Real real = e.reals.get(n.input(0).name());
        if (real == null) return Optional.empty();
        if (!RealSizes.toFloat(n)) return RealSizes.rounded(n, e, out);
        e.reals.put(out.name(), real);
        return Optional.empty();
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
     * Add, Sub, Mul, Div, Mod, Max and Min of two 0-D or 1-D integer tensors with contents (one of
     * them may have one element, broadcast). Known integers fold exactly as ONNX computes them
     * (Div truncates, Mod takes the divisor's sign unless {@code fmod}); where a size takes part the
     * element is a {@link SizeForm}: sums, differences and multiples stay linear, a product of sizes
     * keeps its factors ({@link ShapeValue.Product}, so {@code x.view(b·h, -1)} imports with the −1
     * solved), division by a known positive integer is floor
     * division ({@code (seq + 1) // 2}; a numerator not proved non-negative is required to be, a
     * domain condition: {@link ShapeTerms#nonNegative}), Mod by one is {@code p − k·(p // k)}, and Max/Min pick the
     * operand that is larger (smaller) for every value of the sizes; of two sizes not so ordered, the
     * result is a size known only at run time (an unknown extent named after the node, seed 004). Division by a size is taken as
     * exact (heads, groups): a fresh size r with {@code r·q = p}, a remainder a shape mismatch naming
     * the node. Anything else undecided gives no contents (never a guess).
     */
    private static Optional<List<ShapeValue>> arithmetic(Node n, Emitter e) {
        var pair = pair(n, 0, 1);
        if (pair.isEmpty() || n.inputs().size() != 2) return Optional.empty();
        List<ShapeValue> x = pair.get().get(0), y = pair.get().get(1);
        int len = Math.max(x.size(), y.size());
        List<ShapeValue> out = new ArrayList<>();
        for (int i = 0; i < len; i++) {
            ShapeValue p = x.get(x.size() == 1 ? 0 : i), q = y.get(y.size() == 1 ? 0 : i);
            Optional<ShapeValue> r = p instanceof ShapeValue.Known(long u) && q instanceof ShapeValue.Known(long v)
                    ? known(n, u, v) : symbolic(n, e, p, q, i);
            if (r.isEmpty()) return Optional.empty();
            out.add(r.get());
        }
        return Optional.of(out);
    }

    private static Optional<ShapeValue> known(Node n, long u, long v) {
        if ((n.op().equals("Div") || n.op().equals("Mod")) && v == 0) return Optional.empty();
        return Optional.of(new ShapeValue.Known(switch (n.op()) {
            case "Add" -> Math.addExact(u, v);
            case "Sub" -> Math.subtractExact(u, v);
            case "Mul" -> Math.multiplyExact(u, v);
            case "Max" -> Math.max(u, v);
            case "Min" -> Math.min(u, v);
            case "Mod" -> n.attrs().i("fmod", 0) != 0 ? u % v : Math.floorMod(u, v);
            default -> u / v;
        }));
    }

    private static Optional<ShapeValue> symbolic(Node n, Emitter e, ShapeValue p, ShapeValue q, int i) {
        SizeForm a = ShapeTerms.form(e, p), b = ShapeTerms.form(e, q);
        Long k = q instanceof ShapeValue.Known(long v) ? v : null;
        switch (n.op()) {
            case "Add" -> { return Optional.of(a.plus(b).value()); }
            case "Sub" -> { return Optional.of(a.minus(b).value()); }
            case "Max", "Min" -> {
                boolean max = n.op().equals("Max");
                if (SizeOrder.decide(e, b, Rel.LE, a) == Verdict.TRUE) return Optional.of(max ? p : q);
                if (SizeOrder.decide(e, a, Rel.LE, b) == Verdict.TRUE) return Optional.of(max ? q : p);
                // not ordered for every value of the sizes: a size still (both are), known only at run time
                if (a.atLeast(1) && b.atLeast(1))
                    return Optional.of(new ShapeValue.Term(ShapeOps.unknownExtent(e, n, n.op().toLowerCase(Locale.ROOT)
                            + " of two sizes that are not ordered for every value of the dynamic dims (element " + i + ")")));
                return Optional.empty();
            }
            case "Mul" -> { // a product of sizes keeps its factors (a Reshape cancels them), else a multiple of a form
                List<Dim> fs = new ArrayList<>();
                if (factors(p, fs) && factors(q, fs))
                    return Optional.of(fs.isEmpty() ? new ShapeValue.Known(1) : fs.size() == 1 ? ShapeValue.of(fs.getFirst()) : new ShapeValue.Product(fs));
                if (k != null) return Optional.of(a.times(k).value());
                if (p instanceof ShapeValue.Known(long u)) return Optional.of(b.times(u).value());
                return Optional.empty();
            }
            case "Mod" -> {
                return k != null && k >= 1 && a.atLeast(0) ? Optional.of(a.mod(k).value()) : Optional.empty();
            }
            default -> { // Div
                if (k != null) {
                    if (k < 1) return Optional.empty();
                    if (!a.atLeast(0)) ShapeTerms.nonNegative(n, e, a); // floor = truncation where a >= 0
                    return Optional.of(a.floorDiv(k).value());
                }
                Dim pd = asSize(n, e, p), qd = asSize(n, e, q);
                if (pd == null || qd == null) return Optional.empty();
                Dim r = e.fresh("sh");
                NodeOrigin o = n.origin("shape arithmetic, element " + i);
                e.rel(new SizeExpr.Mul(Emitter.sz(r), Emitter.sz(qd)), Rel.EQ, Emitter.sz(pd), o.as(o.role() + " (division taken as exact)"));
                return Optional.of(new ShapeValue.Term(r));
            }
        }
    }

    /** The size an element stands for as a dimension term, or null for a known value that is no size (≤ 0). */
    private static Dim asSize(Node n, Emitter e, ShapeValue v) {
        return v instanceof ShapeValue.Known(long k) && k < 1 ? null : ShapeTerms.dim(n, e, v);
    }

    /** Appends the factors of an element (a known 1 has none); false for a known value that is no size or a form. */
    private static boolean factors(ShapeValue v, List<Dim> out) {
        switch (v) {
            case ShapeValue.Term(Dim d) -> out.add(d);
            case ShapeValue.Known(long k) -> {
                if (k < 1) return false;
                if (k > 1) out.add(Emitter.size(k));
            }
            case ShapeValue.Product(List<Dim> fs) -> out.addAll(fs);
            case ShapeValue.Linear l -> { return false; }
        }
        return true;
    }

    /**
     * Equal, Less, LessOrEqual, Greater and GreaterOrEqual of two 0-D or 1-D tensors with contents,
     * where decided for every value of the sizes ({@link SizeOrder}: TRUE is 1, FALSE is 0, an
     * element neither proved leaves the contents undecided) — a size is at least 1, so PyTorch's
     * {@code Equal(shape, -1)} in expand patterns is all false and {@code Greater(x.size(1), 0)} true.
     */
    private static Optional<List<ShapeValue>> compare(Node n, Emitter e) {
        var pair = pair(n, 0, 1);
        if (pair.isEmpty()) return Optional.empty();
        List<ShapeValue> x = pair.get().get(0), y = pair.get().get(1), out = new ArrayList<>();
        int len = Math.max(x.size(), y.size());
        Rel rel = switch (n.op()) {
            case "Equal" -> Rel.EQ;
            case "Less" -> Rel.LT;
            case "LessOrEqual" -> Rel.LE;
            case "Greater" -> Rel.GT;
            default -> Rel.GE; // GreaterOrEqual
        };
        for (int i = 0; i < len; i++) {
            Verdict v = SizeOrder.decide(e, SizeForm.of(x.get(x.size() == 1 ? 0 : i)), rel, SizeForm.of(y.get(y.size() == 1 ? 0 : i)));
            if (v != Verdict.TRUE && v != Verdict.FALSE) return Optional.empty();
            out.add(new ShapeValue.Known(v == Verdict.TRUE ? 1 : 0));
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
