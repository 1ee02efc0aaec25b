package org.shapeforge.solve;

import java.util.ArrayDeque;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The nesting depth of a constraint's terms (Concat and Affine dimensions, size expressions),
 * measured without recursion. The native solver's term walks (substitution through compound
 * terms, the size translators, the evaluator's re-check) recurse on this depth, so the solver
 * refuses terms nested deeper than {@link #LIMIT} up front with a clear reason (issue 13 item 1)
 * instead of overflowing the stack; a long flat sum ({@code a = 3 ^ 3 ^ …}) is depth 2.
 */
final class TermDepth {
    /** Deepest nesting the native solver accepts. */
    static final int LIMIT = 1_000;

    private TermDepth() {}

    private record Node(Object term, int depth) {}

    /** The deepest nesting among the constraint's terms (a variable or literal is depth 1). */
    static int of(Constraint c) {
        ArrayDeque<Node> todo = new ArrayDeque<>();
        switch (c) {
            case Constraint.DimEq(Dim l, Dim r, var s) -> push(todo, 1, l, r);
            case Constraint.DimLe(Dim l, Dim r, var s) -> push(todo, 1, l, r);
            case Constraint.RowEq(Row l, Row r, var s) -> rows(todo, List.of(l, r));
            case Constraint.RowLe(Row l, Row r, var s) -> rows(todo, List.of(l, r));
            case Constraint.RowLeOne(Row l, Row r, var s) -> rows(todo, List.of(l, r));
            case Constraint.Total t -> {
                rows(todo, t.rows());
                t.dividedBy().forEach(d -> push(todo, 1, d));
            }
            case Constraint.Exact x -> {
                rows(todo, x.rows());
                x.axes().forEach(d -> push(todo, 1, d));
            }
            case Constraint.SizeRel r -> push(todo, 1, r.left(), r.right());
            case Constraint.SizeIn r -> push(todo, 1, r.expr());
            case Constraint.Likely l -> push(todo, 1, l.dim());
        }
        int max = 0;
        while (!todo.isEmpty()) {
            Node n = todo.pop();
            max = Math.max(max, n.depth());
            if (max > LIMIT) return max; // enough to refuse: no need to walk the rest
            int d = n.depth() + 1;
            switch (n.term()) {
                case Dim.Concat k -> k.parts().forEach(p -> push(todo, d, p));
                case Dim.Affine a -> {
                    push(todo, d, a.over());
                    a.kernel().ifPresent(k -> push(todo, d, k));
                }
                case SizeExpr.Size s -> push(todo, d, s.dim());
                case SizeExpr.Add(var l, var r) -> push(todo, d, l, r);
                case SizeExpr.Sub(var l, var r) -> push(todo, d, l, r);
                case SizeExpr.Mul(var l, var r) -> push(todo, d, l, r);
                case SizeExpr.Mod(var l, long k) -> push(todo, d, l);
                default -> {}
            }
        }
        return max;
    }

    private static void rows(ArrayDeque<Node> todo, List<Row> rows) {
        for (Row r : rows) for (Dim d : r.flat()) push(todo, 1, d);
    }

    private static void push(ArrayDeque<Node> todo, int depth, Object... terms) {
        for (Object t : terms) todo.push(new Node(t, depth));
    }
}
