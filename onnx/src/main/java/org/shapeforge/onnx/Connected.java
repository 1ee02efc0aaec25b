package org.shapeforge.onnx;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The constraints connected to some terms: two constraints are connected when they share a
 * variable (a dimension variable, or a row variable of an open row), transitively. A presolve of
 * these alone ({@link Presolve}) decides what the whole store decides about the terms' variables,
 * as the native solver works on shared variables only (every rule reads the facts of the variables
 * it binds); constraints without any variable are always taken (a false one is a failure the
 * presolve must see). Every variable of every constructor is visited (an {@code Affine}'s kernel,
 * a {@code Total}'s rows and divisors), so nothing that links is missed.
 */
final class Connected {
    private Connected() {}

    /** The indices of the constraints of {@code cs} connected to a variable of {@code seeds}, or without variables. */
    static BitSet to(List<Constraint> cs, List<Dim> seeds) {
        Map<String, String> parent = new HashMap<>();
        String[] first = new String[cs.size()];
        for (int i = 0; i < cs.size(); i++) {
            String[] head = {null};
            forEachVar(cs.get(i), v -> {
                if (head[0] == null) head[0] = find(parent, v);
                else union(parent, head[0], v);
            });
            first[i] = head[0];
        }
        Set<String> roots = new HashSet<>();
        for (Dim d : seeds) dim(d, v -> roots.add(find(parent, v)));
        BitSet out = new BitSet(cs.size());
        for (int i = 0; i < cs.size(); i++)
            if (first[i] == null || roots.contains(find(parent, first[i]))) out.set(i);
        return out;
    }

    private static String find(Map<String, String> parent, String v) {
        String r = v;
        for (String p; (p = parent.get(r)) != null; ) r = p;
        for (String p; (p = parent.get(v)) != null && !p.equals(r); v = p) parent.put(v, r); // path compression, no recursion
        return r;
    }

    private static void union(Map<String, String> parent, String rootA, String b) {
        String a = find(parent, rootA), rb = find(parent, b);
        if (!a.equals(rb)) parent.put(rb, a);
    }

    /** Every variable of {@code c}: dimension variables by name, row variables as {@code ρ:name}. */
    static void forEachVar(Constraint c, Consumer<String> f) {
        switch (c) {
            case Constraint.DimEq(Dim l, Dim r, var sp) -> { dim(l, f); dim(r, f); }
            case Constraint.DimLe(Dim l, Dim r, var sp) -> { dim(l, f); dim(r, f); }
            case Constraint.RowEq(Row l, Row r, var sp) -> { row(l, f); row(r, f); }
            case Constraint.RowLe(Row l, Row r, var sp) -> { row(l, f); row(r, f); }
            case Constraint.RowLeOne(Row l, Row r, var sp) -> { row(l, f); row(r, f); }
            case Constraint.Total t -> {
                t.rows().forEach(r -> row(r, f));
                t.dividedBy().forEach(d -> dim(d, f));
                if (t.numerator() instanceof Constraint.TotalNum.StridedVar s) dim(s.var(), f);
            }
            case Constraint.Exact x -> { x.rows().forEach(r -> row(r, f)); x.axes().forEach(d -> dim(d, f)); }
            case Constraint.SizeRel(SizeExpr l, var rel, SizeExpr r, var sp) -> { size(l, f); size(r, f); }
            case Constraint.SizeIn(SizeExpr e, long lo, long hi, var sp) -> size(e, f);
            case Constraint.Likely(Dim d, var values, var sp) -> dim(d, f);
        }
    }

    private static void size(SizeExpr e, Consumer<String> f) {
        switch (e) {
            case SizeExpr.Lit l -> { }
            case SizeExpr.Size(Dim d) -> dim(d, f);
            case SizeExpr.Add(SizeExpr a, SizeExpr b) -> { size(a, f); size(b, f); }
            case SizeExpr.Sub(SizeExpr a, SizeExpr b) -> { size(a, f); size(b, f); }
            case SizeExpr.Mul(SizeExpr a, SizeExpr b) -> { size(a, f); size(b, f); }
            case SizeExpr.Mod(SizeExpr a, long m) -> size(a, f);
        }
    }

    static void dim(Dim d, Consumer<String> f) {
        switch (d) {
            case Dim.Var(String v, _) -> f.accept(v);
            case Dim.Unit u -> { }
            case Dim.Atom a -> { }
            case Dim.Concat(List<Dim> parts) -> parts.forEach(p -> dim(p, f));
            case Dim.Affine a -> { dim(a.over(), f); a.kernel().ifPresent(k -> dim(k, f)); }
        }
    }

    private static void row(Row r, Consumer<String> f) {
        switch (r) {
            case Row.Closed(List<Dim> lead, List<Dim> trail) -> { lead.forEach(d -> dim(d, f)); trail.forEach(d -> dim(d, f)); }
            case Row.Open o -> { o.lead().forEach(d -> dim(d, f)); f.accept("ρ:" + o.var()); o.trail().forEach(d -> dim(d, f)); }
            case Row.Rigid(List<Dim> axes) -> axes.forEach(d -> dim(d, f));
        }
    }
}
