package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.onnx.values.Lowerings;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Dim;

/**
 * Ops that rearrange axes: Reshape (0 copies the input axis, −1 is solved from the element count
 * as a product equation, Total_elems-style), Flatten (two products), Transpose (equalities by the
 * permutation), Squeeze/Unsqueeze (attribute and input forms; a squeezed axis must have size 1),
 * Expand (broadcast order against the constant target shape).
 */
final class Reshaping {
    private Reshaping() {}

    /** The reshaping ops: their shape logic here, their lowerings in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(Reshaping::reshape, Lowerings.SHAPES, "Reshape"),
            OpSpec.each(Reshaping::flatten, Lowerings.SHAPES, "Flatten"),
            OpSpec.each(Reshaping::transpose, Lowerings.SHAPES, "Transpose"),
            OpSpec.each(Reshaping::squeeze, Lowerings.SHAPES, "Squeeze"),
            OpSpec.each(Reshaping::unsqueeze, Lowerings.SHAPES, "Unsqueeze"),
            OpSpec.each(Reshaping::expand, Lowerings.SHAPES, "Expand"));

    static List<Tensor> reshape(Node n, Emitter e) {
        Tensor x = n.input(0);
        if (!n.attrs().has("shape")) {
            var data = dataTarget(n, e, 1);
            if (data.isPresent()) return List.of(n.result(0, data.get()));
        }
        List<ShapeValue> target = n.attrs().has("shape") ? ShapeValue.known(n.attrs().ints("shape").orElseThrow())
                : shapeInput(n, 1, "the target shape");
        boolean allowZero = n.attrs().i("allowzero", 0) != 0;
        List<Dim> y = new ArrayList<>();
        List<Dim> factored = new ArrayList<>(); // y with each product axis as its factors, for the element count
        int minus = -1;
        for (int i = 0; i < target.size(); i++) {
            if (target.get(i) instanceof ShapeValue.Term(Dim d)) { // an axis size computed from a Shape: that very term
                y.add(d);
                factored.add(d);
                continue;
            }
            if (target.get(i) instanceof ShapeValue.Product(List<Dim> fs)) {
                y.add(ShapeTerms.product(n, e, fs));
                factored.addAll(fs);
                continue;
            }
            if (target.get(i) instanceof ShapeValue.Linear l) { // (seq + 1) // 2, h - 2: a size defined by it
                y.add(ShapeTerms.dim(n, e, l));
                factored.add(y.getLast());
                continue;
            }
            long t = ((ShapeValue.Known) target.get(i)).value();
            if (t == 0 && !allowZero) {
                if (i >= x.rank()) throw n.error("target entry " + i + " is 0 (copy) but the input has rank " + x.rank());
                y.add(x.dim(i));
            } else if (t == -1) {
                if (minus >= 0) throw n.error("the target shape has two -1 entries");
                minus = i;
                y.add(e.fresh("y"));
            } else if (t < 0) {
                throw n.error("target entry " + t + " is invalid (only -1 may be negative)");
            } else {
                y.add(Emitter.size(t));
            }
            factored.add(y.getLast());
        }
        NodeOrigin count = n.origin("element count of input 0 and the target shape " + show(target));
        // the input's axes as a Shape reads them (a transposed batch axis is batch), so they cancel against the target's
        List<Dim> in = x.dims().stream().allMatch(Dim::isGround) || target.stream().allMatch(v -> v instanceof ShapeValue.Known)
                ? x.dims() : x.dims().stream().map(d -> e.resolve(d, count)).toList();
        if (minus < 0 || !runtimeMinusOne(e, in, factored, y.get(minus), count)) sameElements(n, e, in, factored, count);
        return List.of(n.result(0, y));
    }

    /**
     * The −1 of a Reshape whose input keeps a dim_param after cancelling shared terms
     * ({@code [batch, 4, 6] → [-1, 6]}): defined as a runtime size ({@link Emitter#define}),
     * {@code batch·4}, when the rest of the target is known and divides the input's known part.
     * False (and nothing emitted) otherwise: the element count is then an ordinary relation.
     */
    private static boolean runtimeMinusOne(Emitter e, List<Dim> in, List<Dim> out, Dim minus, NodeOrigin o) {
        List<Dim> a = new ArrayList<>(in), b = new ArrayList<>(out);
        for (var it = b.iterator(); it.hasNext(); ) {
            Dim d = it.next();
            if (d != minus && a.remove(d)) it.remove();
        }
        if (!b.remove(minus)) return false;
        long known = 1, other = 1;
        List<Dim> symbolic = new ArrayList<>();
        for (Dim d : b) {
            if (!d.isGround()) return false;
            other = Math.multiplyExact(other, Sizes.size(d));
        }
        for (Dim d : a) {
            if (d.isGround()) known = Math.multiplyExact(known, Sizes.size(d));
            else symbolic.add(d);
        }
        if (symbolic.isEmpty() || !symbolic.stream().allMatch(e::symbolic) || known % other != 0) return false;
        SizeExpr meaning = Emitter.product(symbolic);
        if (known / other != 1) meaning = new SizeExpr.Mul(meaning, Emitter.lit(known / other));
        e.define(minus, meaning, o);
        return true;
    }

    /**
     * A shape input {@code k} computed from data (no contents at import time) of a known length L: L
     * unknown extents named after the node (seed 004), related to nothing — the sizes are the data's.
     * Empty when the contents are known or the length is not.
     */
    static Optional<List<Dim>> dataTarget(Node n, Emitter e, int k) {
        Tensor t = n.input(k);
        if (t.contents().isPresent() || t.rank() != 1 || !(t.dim(0).isGround())) return Optional.empty();
        long len = Sizes.size(t.dim(0));
        if (len > ShapeOps.MAX_FOLDED) return Optional.empty();
        List<Dim> out = new ArrayList<>();
        for (long i = 0; i < len; i++) out.add(ShapeOps.unknownExtent(e, n));
        return Optional.of(out);
    }

    /**
     * The contents of shape input {@code k}: an initializer's or Constant's integers, or what
     * {@link Contents} computed from a Shape.
     */
    static List<ShapeValue> shapeInput(Node n, int k, String what) {
        return n.input(k).contents().orElseThrow(() -> ImportError.at("unsupported", n.file(), n.in(k), what
                + " must be known at import time: an initializer, a Constant, or computed from Shape by"
                + " Gather/Slice/Concat/Squeeze/Unsqueeze/Cast/Reshape and size arithmetic whose result is decided"
                + " (Max/Min/Equal of sizes not comparable for every value are not guessed)"));
    }

    /** A shape's contents as written in messages: {@code [0, -1]}, dimension terms printed. */
    static String show(List<ShapeValue> vs) {
        List<String> parts = new ArrayList<>();
        for (ShapeValue v : vs)
            parts.add(switch (v) {
                case ShapeValue.Known(long x) -> Long.toString(x);
                case ShapeValue.Term(Dim d) -> Printer.print(d);
                case ShapeValue.Product(List<Dim> fs) -> String.join("*", fs.stream().map(Printer::print).toList());
                case ShapeValue.Linear(SizeForm f) -> f.show();
            });
        return "[" + String.join(", ", parts) + "]";
    }

    /**
     * {@code Π in = Π out} after cancelling the terms both sides share (the axes a 0 entry copies),
     * so a symbolic axis carried through does not leave an underdetermined product.
     */
    static void sameElements(Node n, Emitter e, List<Dim> in, List<Dim> out, NodeOrigin o) {
        List<Dim> a = factors(e, in), b = factors(e, out);
        for (var it = b.iterator(); it.hasNext(); ) {
            Dim d = it.next();
            if (a.remove(d)) it.remove();
        }
        a.removeIf(d -> d instanceof Dim.Unit);
        b.removeIf(d -> d instanceof Dim.Unit);
        if (a.isEmpty() && b.isEmpty()) return;
        e.rel(Emitter.product(a), Rel.EQ, Emitter.product(b), o);
    }

    /** {@code ds} with each runtime size that is a product of sizes ({@code sh = batch·seq}) replaced by its factors. */
    private static List<Dim> factors(Emitter e, List<Dim> ds) {
        List<Dim> out = new ArrayList<>();
        for (Dim d : ds) {
            List<Dim> fs = d instanceof Dim.Var(String v, _) && e.runtime().get(v) instanceof SizeExpr m ? productFactors(m) : null;
            if (fs == null) out.add(d);
            else out.addAll(fs);
        }
        return out;
    }

    /** The factors of a product of sizes and positive literals, or null for another expression. */
    private static List<Dim> productFactors(SizeExpr m) {
        return switch (m) {
            case SizeExpr.Size(Dim d) -> List.of(d);
            case SizeExpr.Lit(long k) -> k >= 1 ? List.of(Emitter.size(k)) : null;
            case SizeExpr.Mul(SizeExpr l, SizeExpr r) -> {
                List<Dim> a = productFactors(l), b = productFactors(r);
                if (a == null || b == null) yield null;
                List<Dim> out = new ArrayList<>(a);
                out.addAll(b);
                yield out;
            }
            default -> null;
        };
    }

    static List<Tensor> flatten(Node n, Emitter e) {
        Tensor x = n.input(0);
        long a = n.attrs().i("axis", 1);
        int axis = a == x.rank() ? x.rank() : a < 0 && a == -x.rank() ? 0 : n.axis(a, Math.max(1, x.rank()));
        List<Dim> y = e.freshRow("y", 2);
        sameElements(n, e, x.dims().subList(0, axis), List.of(y.get(0)), n.origin("input 0's axes before axis " + axis));
        sameElements(n, e, x.dims().subList(axis, x.rank()), List.of(y.get(1)), n.origin("input 0's axes from axis " + axis));
        return List.of(n.result(0, y));
    }

    static List<Tensor> transpose(Node n, Emitter e) {
        Tensor x = n.input(0);
        int r = x.rank();
        long[] perm = n.attrs().ints("perm").orElseGet(() -> {
            long[] p = new long[r];
            for (int i = 0; i < r; i++) p[i] = r - 1 - i;
            return p;
        });
        if (perm.length != r) throw n.error("perm has " + perm.length + " entries for rank " + r);
        boolean[] seen = new boolean[r];
        List<Dim> y = e.freshRow("y", r);
        for (int i = 0; i < r; i++) {
            int p = n.axis(perm[i], r);
            if (seen[p]) throw n.error("perm repeats axis " + p);
            seen[p] = true;
            e.eq(y.get(i), x.dim(p), n.origin("input 0's axis " + p + " (perm)"));
        }
        return List.of(n.result(0, y));
    }

    static List<Tensor> squeeze(Node n, Emitter e) {
        Tensor x = n.input(0);
        var axesOpt = n.attrOrInput("axes", 1);
        boolean[] drop = new boolean[x.rank()];
        if (axesOpt.isPresent()) {
            for (long a : axesOpt.get()) drop[n.axis(a, x.rank())] = true;
        } else {
            for (int i = 0; i < x.rank(); i++)
                drop[i] = e.sizeOf(x.dim(i), n.in(0), "Squeeze without axes (which axes have size 1)") == 1;
        }
        List<Dim> y = new ArrayList<>();
        for (int i = 0; i < x.rank(); i++) {
            if (drop[i]) e.rel(Emitter.sz(x.dim(i)), Rel.EQ, Emitter.lit(1), n.origin("input 0's squeezed axis " + i));
            else {
                Dim d = e.fresh("y");
                e.eq(d, x.dim(i), n.in(0));
                y.add(d);
            }
        }
        return List.of(n.result(0, y));
    }

    static List<Tensor> unsqueeze(Node n, Emitter e) {
        Tensor x = n.input(0);
        long[] axes = n.attrOrInput("axes", 1).orElseThrow(() -> n.error("axes are required"));
        int r = x.rank() + axes.length;
        boolean[] ins = new boolean[r];
        for (long a : axes) {
            int p = n.axis(a, r);
            if (ins[p]) throw n.error("axes repeat " + p);
            ins[p] = true;
        }
        List<Dim> y = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < r; i++) {
            if (ins[i]) y.add(Dim.unit());
            else {
                Dim d = e.fresh("y");
                e.eq(d, x.dim(k++), n.in(0));
                y.add(d);
            }
        }
        return List.of(n.result(0, y));
    }

    static List<Tensor> expand(Node n, Emitter e) {
        Tensor x = n.input(0);
        var data = dataTarget(n, e, 1);
        if (data.isPresent()) {
            if (data.get().size() < x.rank()) throw n.error("the target shape has " + data.get().size() + " entries, fewer than input 0's rank " + x.rank());
            return List.of(n.result(0, data.get()));
        }
        List<Dim> target = ShapeOps.dims(n, e, shapeInput(n, 1, "the target shape"), 1);
        List<Dim> y = e.freshRow("y", Math.max(x.rank(), target.size()));
        e.broadcastAll(y, List.of(x.dims(), target), List.of(n.in(0), n.in(1)));
        return List.of(n.result(0, y));
    }
}
