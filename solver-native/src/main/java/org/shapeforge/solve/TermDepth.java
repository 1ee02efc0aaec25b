package org.shapeforge.solve;

import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The nesting depth of a constraint's terms (Concat and Affine dimensions, size expressions).
 * The native solver's term walks (substitution through compound terms, the size translators, the
 * evaluator's re-check) recurse on this depth, so the solver refuses terms nested deeper than
 * {@link #LIMIT} up front with a clear reason (issue 13 item 1) instead of overflowing the stack;
 * a long flat sum ({@code a = 3 ^ 3 ^ …}) is depth 2.
 *
 * <p>The walk itself recurses, but never below depth {@code LIMIT + 1}: it stops as soon as that
 * depth is reached, so its stack use is bounded whatever the input (about a thousand small
 * frames). It allocates nothing: it runs once per constraint, 10^6 times at scale (issue 12).
 */
final class TermDepth {
    /** Deepest nesting the native solver accepts. */
    static final int LIMIT = 1_000;

    private TermDepth() {}

    /** The deepest nesting among the constraint's terms (a variable or literal is depth 1); past {@link #LIMIT}, some depth above it. */
    static int of(Constraint c) {
        return switch (c) {
            case Constraint.DimEq(Dim l, Dim r, var s) -> Math.max(dim(l, 1), dim(r, 1));
            case Constraint.DimLe(Dim l, Dim r, var s) -> Math.max(dim(l, 1), dim(r, 1));
            case Constraint.RowEq(Row l, Row r, var s) -> Math.max(row(l), row(r));
            case Constraint.RowLe(Row l, Row r, var s) -> Math.max(row(l), row(r));
            case Constraint.RowLeOne(Row l, Row r, var s) -> Math.max(row(l), row(r));
            case Constraint.Total t -> Math.max(rows(t.rows()), dims(t.dividedBy(), 1));
            case Constraint.Exact x -> Math.max(rows(x.rows()), dims(x.axes(), 1));
            case Constraint.SizeRel r -> Math.max(size(r.left(), 1), size(r.right(), 1));
            case Constraint.SizeIn r -> size(r.expr(), 1);
            case Constraint.Likely l -> dim(l.dim(), 1);
        };
    }

    private static int rows(List<Row> rows) {
        int max = 0;
        for (int i = 0; i < rows.size() && max <= LIMIT; i++) max = Math.max(max, row(rows.get(i)));
        return max;
    }

    private static int row(Row r) {
        return switch (r) {
            case Row.Open o -> Math.max(dims(o.lead(), 1), dims(o.trail(), 1));
            case Row.Closed k -> Math.max(dims(k.lead(), 1), dims(k.trail(), 1));
            case Row.Rigid g -> dims(g.axes(), 1);
        };
    }

    private static int dims(List<Dim> ds, int depth) {
        int max = 0;
        for (int i = 0; i < ds.size() && max <= LIMIT; i++) max = Math.max(max, dim(ds.get(i), depth));
        return max;
    }

    private static int dim(Dim d, int depth) {
        if (depth > LIMIT) return depth;
        return switch (d) {
            case Dim.Concat k -> Math.max(depth, dims(k.parts(), depth + 1));
            case Dim.Affine a -> {
                int m = Math.max(depth, dim(a.over(), depth + 1));
                yield a.kernel().isPresent() && m <= LIMIT ? Math.max(m, dim(a.kernel().get(), depth + 1)) : m;
            }
            case Dim.Var v -> depth;
            case Dim.Atom x -> depth;
            case Dim.Unit u -> depth;
        };
    }

    private static int size(SizeExpr e, int depth) {
        if (depth > LIMIT) return depth;
        return switch (e) {
            case SizeExpr.Size s -> Math.max(depth, dim(s.dim(), depth + 1));
            case SizeExpr.Add(var l, var r) -> Math.max(depth, Math.max(size(l, depth + 1), size(r, depth + 1)));
            case SizeExpr.Sub(var l, var r) -> Math.max(depth, Math.max(size(l, depth + 1), size(r, depth + 1)));
            case SizeExpr.Mul(var l, var r) -> Math.max(depth, Math.max(size(l, depth + 1), size(r, depth + 1)));
            case SizeExpr.Mod(var l, long k) -> Math.max(depth, size(l, depth + 1));
            case SizeExpr.Lit l -> depth;
        };
    }
}
