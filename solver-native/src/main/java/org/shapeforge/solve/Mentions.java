package org.shapeforge.solve;

import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Consumer;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** The dimension variables a constraint mentions (inside rows, compound terms and size expressions), without recursion. */
final class Mentions {
    private Mentions() {}

    static void dims(Constraint c, Consumer<String> out) {
        ArrayDeque<Object> todo = new ArrayDeque<>();
        switch (c) {
            case Constraint.DimEq(Dim l, Dim r, var s) -> push(todo, l, r);
            case Constraint.DimLe(Dim l, Dim r, var s) -> push(todo, l, r);
            case Constraint.RowEq(Row l, Row r, var s) -> push(todo, l, r);
            case Constraint.RowLe(Row l, Row r, var s) -> push(todo, l, r);
            case Constraint.RowLeOne(Row l, Row r, var s) -> push(todo, l, r);
            case Constraint.Total t -> {
                t.rows().forEach(todo::push);
                t.dividedBy().forEach(todo::push);
                if (t.numerator() instanceof Constraint.TotalNum.StridedVar s) todo.push(s.var());
            }
            case Constraint.Exact x -> {
                x.rows().forEach(todo::push);
                x.axes().forEach(todo::push);
            }
            case Constraint.SizeRel r -> push(todo, r.left(), r.right());
            case Constraint.SizeIn r -> todo.push(r.expr());
            case Constraint.Likely l -> todo.push(l.dim());
        }
        while (!todo.isEmpty()) {
            switch (todo.pop()) {
                case Dim.Var v -> out.accept(v.name());
                case Dim.Concat k -> k.parts().forEach(todo::push);
                case Dim.Affine a -> {
                    todo.push(a.over());
                    a.kernel().ifPresent(todo::push);
                }
                case Row r -> r.flat().forEach(todo::push);
                case SizeExpr.Size s -> todo.push(s.dim());
                case SizeExpr.Add(var l, var r) -> push(todo, l, r);
                case SizeExpr.Sub(var l, var r) -> push(todo, l, r);
                case SizeExpr.Mul(var l, var r) -> push(todo, l, r);
                case SizeExpr.Mod(var l, long k) -> todo.push(l);
                default -> {}
            }
        }
    }

    /** The row variables a constraint mentions. */
    static void rows(Constraint c, Consumer<String> out) {
        List<Row> rows = switch (c) {
            case Constraint.RowEq(Row l, Row r, var s) -> List.of(l, r);
            case Constraint.RowLe(Row l, Row r, var s) -> List.of(l, r);
            case Constraint.RowLeOne(Row l, Row r, var s) -> List.of(l, r);
            case Constraint.Total t -> t.rows();
            case Constraint.Exact x -> x.rows();
            default -> List.of();
        };
        for (Row r : rows) if (r instanceof Row.Open o) out.accept(o.var());
    }

    private static void push(ArrayDeque<Object> todo, Object a, Object b) {
        todo.push(a);
        todo.push(b);
    }
}
