package org.shapeforge.onnx;

import java.util.List;
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
     * of sizes is a fresh size q with {@code q·k = n − n % k}; over a dim_param, where no such
     * relation can be handed to the solver, q is a size of its own, declared dynamic and named after
     * the node (seed 004's unknown extent: sound, less precise).
     */
    static Dim dim(Node n, Emitter e, ShapeValue v) {
        switch (v) {
            case ShapeValue.Known(long k) -> { return Emitter.size(k); }
            case ShapeValue.Term(Dim d) -> { return d; }
            default -> { }
        }
        SizeForm f = SizeForm.of(v);
        if (f.constant() == 0 && f.atoms().size() == 1 && f.coefficients().values().iterator().next() == 1
                && f.atoms().values().iterator().next() instanceof SizeForm.Atom.Floor(SizeForm num, long k))
            return floor(n, e, num, k);
        Dim cached = e.shapeTerms.get(f.show());
        if (cached != null) return cached;
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
        if (plus == null) return unknown(n, e, f); // never a size (the caller's contract): keep it unrelated
        SizeExpr meaning = minus == null ? plus : new SizeExpr.Sub(plus, minus);
        Dim r = e.fresh("sh");
        e.define(r, meaning, n.origin("shape arithmetic: " + f.show()));
        e.shapeTerms.put(f.show(), r);
        return r;
    }

    private static Dim floor(Node n, Emitter e, SizeForm num, long k) {
        String key = "(" + num.show() + ")//" + k;
        Dim cached = e.shapeTerms.get(key);
        if (cached != null) return cached;
        Dim q;
        if (num.mentions(e::symbolic)) {
            q = ShapeOps.unknownExtent(e, n, key + " of a dynamic size: a floor division kept as a size of its own");
        } else {
            q = e.fresh("div");
            SizeExpr ns = Emitter.sz(dim(n, e, num.value()));
            e.rel(new SizeExpr.Mul(Emitter.sz(q), Emitter.lit(k)), Rel.EQ, new SizeExpr.Sub(ns, new SizeExpr.Mod(ns, k)),
                    n.origin("shape arithmetic: " + key));
        }
        e.shapeTerms.put(key, q);
        return q;
    }

    /** An expression this importer does not write as a size relation: a size of its own (seed 004's unknown extent). */
    private static Dim unknown(Node n, Emitter e, SizeForm f) {
        Dim q = ShapeOps.unknownExtent(e, n, f.show() + ": shape arithmetic not written as a size relation, kept as a size of its own");
        e.shapeTerms.put(f.show(), q);
        return q;
    }
}
