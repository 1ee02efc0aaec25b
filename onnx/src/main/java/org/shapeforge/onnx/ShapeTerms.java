package org.shapeforge.onnx;

import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;

/**
 * Shape elements ({@link ShapeValue}) as axis terms, for the ops that read a shape computed at run
 * time (Reshape, Expand, ConstantOfShape, Resize, TopK, Tile, Pad, Slice, Range): a known size is its
 * term, a dimension term itself, any other element one fresh size variable per expression (shared
 * through {@link Emitter#shapeTerms}) defined by it — a size relation for the solver, or a runtime
 * size where it mentions a dim_param ({@link Emitter#define}).
 */
final class ShapeTerms {
    private ShapeTerms() {}

    /** A fresh size variable equal to the product of {@code fs} (one per product: {@link Emitter#shapeTerms}). */
    static Dim product(Node n, Emitter e, List<Dim> fs) {
        return dim(n, e, new ShapeValue.Product(fs));
    }

    /**
     * The axis term a shape element stands for (the caller checks a known value is at least 1): a
     * known size, the term itself, else one fresh variable per expression defined by it
     * ({@link Emitter#define}: a size relation, or a runtime size over dim_params). A floor division
     * of sizes is a fresh size q with {@code q·k = n − n % k}; over a dim_param, q is defined
     * by {@link #symbolicFloor} (the form the solver reads symbolically), so a Reshape to
     * {@code [b, s // 2, 2·d]} keeps {@code seq // 2}.
     */
    static Dim dim(Node n, Emitter e, ShapeValue v) {
        return dim(Site.of(n), e, v);
    }

    /**
     * Where a shape expression is read: the origin its relations carry ({@code at.as(role)}), the
     * name hint of an unknown extent it may need (the node's name, or a graph value's), and whether
     * a sum over dim_params is a size relation for the solver ({@code relations}: a graph input's
     * expression dim_param, which the graph then constrains as any axis) instead of a runtime size
     * ({@link Emitter#define}).
     */
    record Site(NodeOrigin at, String hint, boolean relations) {
        static Site of(Node n) {
            return new Site(n.origin(""), ShapeOps.hint(n), false);
        }
    }

    /** {@link #dim(Node, Emitter, ShapeValue)} at any site (a graph input's expression dim_param). */
    static Dim dim(Site n, Emitter e, ShapeValue v) {
        switch (v) {
            case ShapeValue.Known(long k) -> { return Emitter.size(k); }
            case ShapeValue.Term(Dim d) -> { return d; }
            default -> { }
        }
        SizeForm f = SizeForm.of(v).absorbed();
        if (f.constant() == 0 && f.atoms().size() == 1 && f.coefficients().values().iterator().next() == 1
                && f.atoms().values().iterator().next() instanceof SizeForm.Atom.Floor(SizeForm num, long k))
            return floor(n, e, num, k);
        Dim cached = e.shapeTerms.get(f.show());
        if (cached != null) return cached;
        SizeExpr[] pm = sum(n, e, f);
        if (pm[0] == null) return unknown(n, e, f); // never a size (the caller's contract): keep it unrelated
        SizeExpr meaning = pm[1] == null ? pm[0] : new SizeExpr.Sub(pm[0], pm[1]);
        Dim r = e.fresh("sh");
        NodeOrigin o = n.at().as("shape arithmetic: " + f.show());
        if (n.relations()) e.rel(Emitter.sz(r), Rel.EQ, meaning, o);
        else e.define(r, meaning, o);
        e.shapeTerms.put(f.show(), r);
        e.termForms.put(r, f);
        return r;
    }

    /**
     * The form of a shape element for arithmetic on it: a term this class made for an expression
     * is that expression (its size equals it by the relation or runtime size that defines it), so
     * {@code x.shape[1] // 7} after padding to {@code 7·((h + 6) // 7)} is {@code (h + 6) // 7};
     * any other element its own form ({@link SizeForm#of}).
     */
    static SizeForm form(Emitter e, ShapeValue v) {
        if (v instanceof ShapeValue.Term(Dim d) && e.termForms.get(d) instanceof SizeForm f) return f;
        return SizeForm.of(v);
    }

    /**
     * {@code f >= 0} as a size relation at {@code n}, for an integer Div by a positive constant
     * whose numerator is not proved non-negative for every value of the sizes: ONNX's Div
     * truncates, a size expression divides by floor ({@code //}, what the exporter wrote), and the
     * two agree exactly where the numerator is at least 0. The condition joins the graph's domain
     * (printed as {@code requires} where the rest of the graph does not imply it), so the answer is
     * exact on that domain; PyTorch's {@code ((samples // 80 - 3) // 2 - 1) // 2 + 1} is the length
     * of a convolution stack that is only valid where every numerator is non-negative anyway.
     */
    static void nonNegative(Node n, Emitter e, SizeForm f) {
        SizeExpr[] pm = sum(Site.of(n), e, f);
        SizeExpr plus = pm[0] == null ? Emitter.lit(0) : pm[0], minus = pm[1] == null ? Emitter.lit(0) : pm[1];
        e.rel(plus, Rel.GE, minus, n.origin("integer division of " + f.show() + " read as floor division, as ONNX's"
                + " truncating Div computes it where the numerator is at least 0"));
    }

    /** The positive and the negative part of {@code f} as size expressions (null where empty), each floor atom a size q. */
    private static SizeExpr[] sum(Site n, Emitter e, SizeForm f) {
        SizeExpr plus = null, minus = null;
        for (var en : f.coefficients().entrySet()) {
            SizeExpr atom = switch (f.atoms().get(en.getKey())) {
                case SizeForm.Atom.Factors(List<Dim> ds) -> Emitter.product(ds);
                case SizeForm.Atom.Floor(SizeForm num, long k) -> Emitter.sz(floor(n, e, num, k));
            };
            long c = en.getValue();
            SizeExpr t = Math.abs(c) == 1 ? atom : new SizeExpr.Mul(Emitter.lit(Math.abs(c)), atom);
            if (c > 0) plus = plus == null ? t : Emitter.plus(plus, t);
            else minus = minus == null ? t : Emitter.plus(minus, t);
        }
        if (f.constant() > 0) plus = plus == null ? Emitter.lit(f.constant()) : Emitter.plus(plus, Emitter.lit(f.constant()));
        if (f.constant() < 0) minus = minus == null ? Emitter.lit(-f.constant()) : Emitter.plus(minus, Emitter.lit(-f.constant()));
        return new SizeExpr[] {plus, minus};
    }

    private static Dim floor(Site n, Emitter e, SizeForm num, long k) {
        String key = "(" + num.show() + ")//" + k;
        Dim cached = e.shapeTerms.get(key);
        if (cached != null) return cached;
        Dim q = e.fresh("div");
        NodeOrigin o = n.at().as("shape arithmetic: " + key);
        if (num.mentions(e::symbolic)) {
            // the numerator written into the relation itself: a runtime size for it would be constrained further
            SizeExpr ns;
            if (num.value() instanceof ShapeValue.Term(Dim d)) ns = Emitter.sz(d);
            else {
                SizeExpr[] pm = sum(n, e, num);
                ns = pm[0] == null ? new SizeExpr.Sub(Emitter.lit(0), pm[1]) : pm[1] == null ? pm[0] : new SizeExpr.Sub(pm[0], pm[1]);
            }
            symbolicFloor(e, q, ns, k, o);
        } else {
            SizeExpr ns = Emitter.sz(dim(n, e, num.value()));
            e.rel(new SizeExpr.Mul(Emitter.sz(q), Emitter.lit(k)), Rel.EQ, new SizeExpr.Sub(ns, new SizeExpr.Mod(ns, k)), o);
        }
        e.shapeTerms.put(key, q);
        e.termForms.put(q, SizeForm.atom(new SizeForm.Atom.Floor(num, k)));
        return q;
    }

    /**
     * {@code q = num // k} over a dynamic size, in the form the native solver reads symbolically (a
     * strided convolution's): {@code num + 1 == k·q + r} with {@code r in 1..k} (r − 1 is the
     * remainder; a {@code %} over a dynamic size would stay open). The solver derives
     * {@code q = num // k}, with {@code num // k >= 1} (q is a size) as a domain condition.
     */
    static void symbolicFloor(Emitter e, Dim q, SizeExpr num, long k, NodeOrigin o) {
        Dim r = e.fresh("rem");
        e.rel(Emitter.plus(num, Emitter.lit(1)), Rel.EQ, Emitter.plus(Emitter.times(k, Emitter.sz(q)), Emitter.sz(r)), o);
        e.range(r, 1, k, o);
    }

    /** An expression this importer does not write as a size relation: a size of its own (seed 004's unknown extent). */
    private static Dim unknown(Site n, Emitter e, SizeForm f) {
        Dim q = ShapeOps.unknownExtent(e, n.hint(), Gap.Kind.UNKNOWN, Optional.empty(),
                f.show() + ": shape arithmetic not written as a size relation, kept as a size of its own");
        e.shapeTerms.put(f.show(), q);
        return q;
    }
}
