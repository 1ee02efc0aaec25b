package org.shapeforge.onnx;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.solver.Outcome;
import org.shapeforge.term.Dim;

/**
 * Sizes that depend on a {@code dim_param}: a variable σ⋆ leaves unbound but that a residual size
 * relation ties to a dynamic dimension ({@code size(batch) * size(4) == size(y_0)} from
 * {@code Reshape(x, [-1, 6])}, {@code sh = batch · 4} from shape arithmetic) has no number — the
 * closed model's value was computed with the dynamic dimensions at 1 (the soundness check's
 * reading) and holds for that batch only. Such a size is printed as the expression its relation
 * states ({@code batch*4}) when one relation defines it alone, else as the variable's name; never
 * as the number. The program front end's {@code SymbolicShapes} reads residual equations the same
 * way.
 */
final class SymbolicSizes {
    private final Map<String, SizeExpr> defined = new HashMap<>();
    private final Set<String> dependent = new HashSet<>();
    private Map<String, Dim> bindings = Map.of();

    private SymbolicSizes() {}

    /** With the importer's runtime sizes ({@link Emitter#define}), each printed as its definition. */
    static SymbolicSizes of(Outcome.Sat s, Set<String> dynamic, Map<String, SizeExpr> runtime) {
        SymbolicSizes out = new SymbolicSizes();
        out.defined.putAll(runtime);
        out.dependent.addAll(runtime.keySet());
        if (dynamic.isEmpty() || s.solved().isEmpty()) return out;
        out.bindings = s.solved().get().dimBindings();
        List<Constraint> residual = s.solved().get().residual();
        Map<String, Set<String>> links = new HashMap<>();
        for (Constraint c : residual) {
            Set<String> vs = new HashSet<>();
            vars(c, vs);
            for (String v : vs) links.computeIfAbsent(v, k -> new HashSet<>()).addAll(vs);
            if (c instanceof Constraint.SizeRel(SizeExpr l, Constraint.Rel r, SizeExpr rt, var span) && r == Constraint.Rel.EQ) {
                out.define(l, rt);
                out.define(rt, l);
            }
        }
        ArrayDeque<String> todo = new ArrayDeque<>(dynamic);
        Set<String> seen = new HashSet<>(dynamic);
        while (!todo.isEmpty())
            for (String w : links.getOrDefault(todo.poll(), Set.of()))
                if (seen.add(w)) todo.add(w);
        seen.removeAll(dynamic);
        out.dependent.addAll(seen);
        out.dependent.addAll(runtime.keySet());
        return out;
    }

    /** Records {@code side = other} as a definition when {@code side} is {@code size(v)} or {@code size(v) + k}. */
    private void define(SizeExpr side, SizeExpr other) {
        if (side instanceof SizeExpr.Size(Dim.Var(String v, _)) && !mentions(other, v)) defined.putIfAbsent(v, other);
        else if (side instanceof SizeExpr.Add(SizeExpr.Size(Dim.Var(String v, _)), SizeExpr.Lit(long k)) && !mentions(other, v))
            defined.putIfAbsent(v, new SizeExpr.Sub(other, new SizeExpr.Lit(k)));
    }

    /** Whether {@code d} mentions a variable whose size a residual relation ties to a dynamic dimension. */
    boolean dependsOnDynamic(Dim d) {
        Set<String> vs = new HashSet<>();
        dimVars(d, vs);
        for (String v : vs) if (dependent.contains(v)) return true;
        return false;
    }

    /** The symbolic rendering of {@code d} when it is a variable whose size depends on a dynamic one. */
    Optional<String> printed(Dim d) {
        for (int i = 0; i < 64 && d instanceof Dim.Var(String w, _) && !dependent.contains(w) && bindings.get(w) instanceof Dim next; i++)
            d = next; // σ⋆'s chain (an output axis equal to a runtime size)
        if (!(d instanceof Dim.Var(String v, _)) || !dependent.contains(v)) return Optional.empty();
        SizeExpr e = defined.get(v);
        return Optional.of(e == null ? v : show(e, 8));
    }

    /** The expression, a defined variable read through its definition (at most {@code depth} deep). */
    private String show(SizeExpr e, int depth) {
        return switch (e) {
            case SizeExpr.Lit(long k) -> Long.toString(k);
            case SizeExpr.Size(Dim d) -> d instanceof Dim.Atom(long k, var b) ? Long.toString(k)
                    : d instanceof Dim.Unit ? "1"
                    : d instanceof Dim.Var(String w, _) && depth > 0 && defined.containsKey(w) ? paren(defined.get(w), depth - 1)
                    : org.shapeforge.lang.Printer.print(d);
            case SizeExpr.Add(SizeExpr a, SizeExpr b) -> show(a, depth) + "+" + show(b, depth);
            case SizeExpr.Sub(SizeExpr a, SizeExpr b) -> show(a, depth) + "-" + paren(b, depth);
            case SizeExpr.Mul(SizeExpr a, SizeExpr b) -> paren(a, depth) + "*" + paren(b, depth);
            default -> org.shapeforge.lang.Printer.print(e);
        };
    }

    private String paren(SizeExpr e, int depth) {
        return e instanceof SizeExpr.Add || e instanceof SizeExpr.Sub ? "(" + show(e, depth) + ")" : show(e, depth);
    }

    private static boolean mentions(SizeExpr e, String v) {
        Set<String> vs = new HashSet<>();
        vars(e, vs);
        return vs.contains(v);
    }

    /** The dimension variables of the residual size relations (other constraints link nothing here). */
    private static void vars(Constraint c, Set<String> out) {
        switch (c) {
            case Constraint.SizeRel(SizeExpr l, var r, SizeExpr rt, var span) -> {
                vars(l, out);
                vars(rt, out);
            }
            default -> { } // order and equality facts leave a size a size (closing settles them: SolvedForm.closedSymbolic)
        }
    }

    /**
     * The dimension variables of any constraint the importer emits or the solver leaves residual
     * (dimension and row facts, size relations), for {@link Emitter#resolve}'s links.
     */
    static void allVars(Constraint c, Set<String> out) {
        switch (c) {
            case Constraint.DimEq(Dim a, Dim b, var sp) -> { dimVars(a, out); dimVars(b, out); }
            case Constraint.DimLe(Dim a, Dim b, var sp) -> { dimVars(a, out); dimVars(b, out); }
            case Constraint.RowEq(org.shapeforge.term.Row a, org.shapeforge.term.Row b, var sp) -> { rowVars(a, out); rowVars(b, out); }
            case Constraint.RowLe(org.shapeforge.term.Row a, org.shapeforge.term.Row b, var sp) -> { rowVars(a, out); rowVars(b, out); }
            case Constraint.RowLeOne(org.shapeforge.term.Row a, org.shapeforge.term.Row b, var sp) -> { rowVars(a, out); rowVars(b, out); }
            case Constraint.SizeIn(SizeExpr e, long lo, long hi, var sp) -> vars(e, out);
            case Constraint.Likely(Dim d, var values, var sp) -> dimVars(d, out);
            default -> vars(c, out);
        }
    }

    private static void rowVars(org.shapeforge.term.Row r, Set<String> out) {
        switch (r) {
            case org.shapeforge.term.Row.Closed(List<Dim> lead, List<Dim> trail) -> { lead.forEach(d -> dimVars(d, out)); trail.forEach(d -> dimVars(d, out)); }
            case org.shapeforge.term.Row.Open o -> { o.lead().forEach(d -> dimVars(d, out)); o.trail().forEach(d -> dimVars(d, out)); }
            case org.shapeforge.term.Row.Rigid(List<Dim> axes) -> axes.forEach(d -> dimVars(d, out));
        }
    }

    /** The dimension variables of {@code e} (the importer's one walker over size expressions). */
    static void vars(SizeExpr e, Set<String> out) {
        switch (e) {
            case SizeExpr.Size(Dim d) -> dimVars(d, out);
            case SizeExpr.Add(SizeExpr a, SizeExpr b) -> { vars(a, out); vars(b, out); }
            case SizeExpr.Sub(SizeExpr a, SizeExpr b) -> { vars(a, out); vars(b, out); }
            case SizeExpr.Mul(SizeExpr a, SizeExpr b) -> { vars(a, out); vars(b, out); }
            case SizeExpr.Mod(SizeExpr a, long m) -> vars(a, out);
            default -> { }
        }
    }

    static void dimVars(Dim d, Set<String> out) {
        switch (d) {
            case Dim.Var(String v, _) -> out.add(v);
            case Dim.Concat(List<Dim> parts) -> parts.forEach(p -> dimVars(p, out));
            case Dim.Affine a -> dimVars(a.over(), out);
            default -> { }
        }
    }
}
