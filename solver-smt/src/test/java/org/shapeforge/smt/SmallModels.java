package org.shapeforge.smt;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Brute force over a small universe, for the generated inputs of {@link GroundGen}: dimension
 * variables range over {@code 1∅, 2, 3, 3:x, 1_default}, row variables over rows of rank ≤ 2 of
 * those (every marker position; rigid rows under {@code rigid}). Judged by the evaluator.
 */
final class SmallModels {
    private SmallModels() {}

    static final List<Dim> DIMS = List.of(Dim.unit(), new Dim.Atom(2), new Dim.Atom(3), new Dim.Atom(3, "x"), new Dim.Atom(1));

    /** A solution of {@code cs} in the universe, if any. */
    static Optional<Assignment> find(List<Constraint> cs, Semantics s) {
        Set<String> dims = new LinkedHashSet<>(), rows = new LinkedHashSet<>();
        for (Constraint c : cs) collect(c, dims, rows);
        List<Assignment> partial = List.of(Assignment.empty());
        for (String d : dims) {
            List<Assignment> next = new ArrayList<>();
            for (Assignment a : partial) for (Dim v : DIMS) next.add(a.withDim(d, v));
            partial = next;
        }
        List<Row> values = rowValues(s);
        for (String r : rows) {
            List<Assignment> next = new ArrayList<>();
            for (Assignment a : partial) for (Row v : values) next.add(a.withRow(r, v));
            partial = next;
        }
        for (Assignment a : partial) if (Evaluator.holdsAll(cs, a, s)) return Optional.of(a);
        return Optional.empty();
    }

    private static List<Row> rowValues(Semantics s) {
        List<List<Dim>> seqs = new ArrayList<>();
        seqs.add(List.of());
        for (Dim x : DIMS) seqs.add(List.of(x));
        for (Dim x : DIMS) for (Dim y : DIMS) seqs.add(List.of(x, y));
        List<Row> out = new ArrayList<>();
        for (List<Dim> q : seqs) {
            if (s == Semantics.RIGID) out.add(new Row.Rigid(q));
            else for (int m = 0; m <= q.size(); m++) out.add(new Row.Closed(q.subList(0, m), q.subList(m, q.size())));
        }
        return out;
    }

    private static void collect(Constraint c, Set<String> dims, Set<String> rows) {
        switch (c) {
            case Constraint.DimEq(var l, var r, var sp) -> { dim(l, dims); dim(r, dims); }
            case Constraint.DimLe(var l, var r, var sp) -> { dim(l, dims); dim(r, dims); }
            case Constraint.RowEq(var l, var r, var sp) -> { row(l, dims, rows); row(r, dims, rows); }
            case Constraint.RowLe(var l, var r, var sp) -> { row(l, dims, rows); row(r, dims, rows); }
            case Constraint.RowLeOne(var l, var r, var sp) -> { row(l, dims, rows); row(r, dims, rows); }
            case Constraint.Total t -> { t.rows().forEach(r -> row(r, dims, rows)); t.dividedBy().forEach(d -> dim(d, dims)); }
            case Constraint.Exact e -> { e.rows().forEach(r -> row(r, dims, rows)); e.axes().forEach(d -> dim(d, dims)); }
            default -> throw new IllegalArgumentException("not generated: " + c);
        }
    }

    private static void row(Row r, Set<String> dims, Set<String> rows) {
        r.flat().forEach(d -> dim(d, dims));
        if (r.rowVar() != null) rows.add(r.rowVar());
    }

    private static void dim(Dim d, Set<String> dims) {
        switch (d) {
            case Dim.Var(String n, _) -> dims.add(n);
            case Dim.Concat(var parts) -> parts.forEach(p -> dim(p, dims));
            case Dim.Affine a -> { dim(a.over(), dims); a.kernel().ifPresent(k -> dim(k, dims)); }
            default -> {}
        }
    }
}
