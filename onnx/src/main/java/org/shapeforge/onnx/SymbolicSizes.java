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

    private SymbolicSizes() {}

    static SymbolicSizes of(Outcome.Sat s, Set<String> dynamic) {
        SymbolicSizes out = new SymbolicSizes();
        if (dynamic.isEmpty() || s.solved().isEmpty()) return out;
        List<Constraint> residual = s.solved().get().residual();
        Map<String, Set<String>> links = new HashMap<>();
        for (Constraint c : residual) {
            Set<String> vs = new HashSet<>();
            vars(c, vs);
            for (String v : vs) links.computeIfAbsent(v, k -> new HashSet<>()).addAll(vs);
            if (c instanceof Constraint.SizeRel(SizeExpr l, Constraint.Rel r, SizeExpr rt, var span) && r == Constraint.Rel.EQ) {
                if (rt instanceof SizeExpr.Size(Dim.Var(String v)) && !mentions(l, v)) out.defined.putIfAbsent(v, l);
                else if (l instanceof SizeExpr.Size(Dim.Var(String v)) && !mentions(rt, v)) out.defined.putIfAbsent(v, rt);
            }
        }
        ArrayDeque<String> todo = new ArrayDeque<>(dynamic);
        Set<String> seen = new HashSet<>(dynamic);
        while (!todo.isEmpty())
            for (String w : links.getOrDefault(todo.poll(), Set.of()))
                if (seen.add(w)) todo.add(w);
        seen.removeAll(dynamic);
        out.dependent.addAll(seen);
        return out;
    }

    /** The symbolic rendering of {@code d} when it is a variable whose size depends on a dynamic one. */
    Optional<String> printed(Dim d) {
        if (!(d instanceof Dim.Var(String v)) || !dependent.contains(v)) return Optional.empty();
        SizeExpr e = defined.get(v);
        return Optional.of(e == null ? v : show(e));
    }

    private static String show(SizeExpr e) {
        return switch (e) {
            case SizeExpr.Lit(long k) -> Long.toString(k);
            case SizeExpr.Size(Dim d) -> d instanceof Dim.Atom(long k, var b) ? Long.toString(k)
                    : d instanceof Dim.Unit ? "1" : org.shapeforge.lang.Printer.print(d);
            case SizeExpr.Add(SizeExpr a, SizeExpr b) -> show(a) + "+" + show(b);
            case SizeExpr.Sub(SizeExpr a, SizeExpr b) -> show(a) + "-" + paren(b);
            case SizeExpr.Mul(SizeExpr a, SizeExpr b) -> paren(a) + "*" + paren(b);
            default -> org.shapeforge.lang.Printer.print(e);
        };
    }

    private static String paren(SizeExpr e) {
        return e instanceof SizeExpr.Add || e instanceof SizeExpr.Sub ? "(" + show(e) + ")" : show(e);
    }

    private static boolean mentions(SizeExpr e, String v) {
        Set<String> vs = new HashSet<>();
        vars(e, vs);
        return vs.contains(v);
    }

    /** The dimension variables of the residual constraints that carry sizes (others link nothing here). */
    private static void vars(Constraint c, Set<String> out) {
        switch (c) {
            case Constraint.SizeRel(SizeExpr l, var r, SizeExpr rt, var span) -> {
                vars(l, out);
                vars(rt, out);
            }
            case Constraint.DimEq(Dim a, Dim b, var span) -> {
                dimVars(a, out);
                dimVars(b, out);
            }
            case Constraint.DimLe(Dim a, Dim b, var span) -> {
                dimVars(a, out);
                dimVars(b, out);
            }
            default -> { }
        }
    }

    private static void vars(SizeExpr e, Set<String> out) {
        switch (e) {
            case SizeExpr.Size(Dim d) -> dimVars(d, out);
            case SizeExpr.Add(SizeExpr a, SizeExpr b) -> { vars(a, out); vars(b, out); }
            case SizeExpr.Sub(SizeExpr a, SizeExpr b) -> { vars(a, out); vars(b, out); }
            case SizeExpr.Mul(SizeExpr a, SizeExpr b) -> { vars(a, out); vars(b, out); }
            case SizeExpr.Mod(SizeExpr a, long m) -> vars(a, out);
            default -> { }
        }
    }

    private static void dimVars(Dim d, Set<String> out) {
        switch (d) {
            case Dim.Var(String v) -> out.add(v);
            case Dim.Concat(List<Dim> parts) -> parts.forEach(p -> dimVars(p, out));
            case Dim.Affine a -> dimVars(a.over(), out);
            default -> { }
        }
    }
}
