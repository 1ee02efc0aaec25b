package org.shapeforge.solve;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Rewrites the input's facts so that every occurrence of a variable name is one {@code String}
 * instance (the first met), and collects the variables in order of first sight. Meaning is unchanged (names still compare by {@code equals}); what
 * changes is cost: the store's and the rank graphs' tables then find keys by identity and never
 * compare string contents, and each name's hash is computed once. A parser (or generator) makes
 * a fresh string per occurrence, so without this every lookup of a large problem would touch two
 * more cache lines. Terms whose names are already canonical are returned as they are.
 *
 * <p>The tables are {@link NameSet}s ({@code addOrGet} is the interning step): no entry object
 * per variable, which at 10^6 constraints is a million objects fewer for the collector to copy
 * (issue 12).
 */
final class Canon {
    /** The canonical instances, in order of first sight: the problem's variables. */
    private final NameSet dims, rows;

    Canon(int expected) {
        dims = new NameSet(expected);
        rows = new NameSet(expected);
    }

    /** The canonical instance of dimension variable {@code s}, recording it on first sight. */
    String dimName(String s) {
        return dims.addOrGet(s);
    }

    /** The canonical instance of row variable {@code s}. */
    String rowName(String s) {
        return rows.addOrGet(s);
    }

    /** The dimension variables seen, in order of first sight (a live view). */
    java.util.Set<String> dimVars() {
        return java.util.Collections.unmodifiableSet(dims);
    }

    /** The row variables seen, in order of first sight (a live view). */
    java.util.Set<String> rowVars() {
        return java.util.Collections.unmodifiableSet(rows);
    }

    Fact fact(Fact f) {
        return switch (f) {
            case Fact.DimEq(Dim l, Dim r) -> {
                Dim a = dim(l), b = dim(r);
                yield a == l && b == r ? f : new Fact.DimEq(a, b);
            }
            case Fact.DimLe(Dim l, Dim r) -> {
                Dim a = dim(l), b = dim(r);
                yield a == l && b == r ? f : new Fact.DimLe(a, b);
            }
            case Fact.RowEq(Row l, Row r) -> {
                Row a = row(l), b = row(r);
                yield a == l && b == r ? f : new Fact.RowEq(a, b);
            }
            case Fact.RowLe(Row l, Row r) -> {
                Row a = row(l), b = row(r);
                yield a == l && b == r ? f : new Fact.RowLe(a, b);
            }
        };
    }

    Row row(Row r) {
        return switch (r) {
            case Row.Closed c -> {
                List<Dim> l = dims(c.lead()), t = dims(c.trail());
                yield l == c.lead() && t == c.trail() ? c : new Row.Closed(l, t);
            }
            case Row.Open o -> {
                List<Dim> l = dims(o.lead()), t = dims(o.trail());
                String v = rowName(o.var());
                yield l == o.lead() && t == o.trail() && v == o.var() ? o : new Row.Open(l, v, t);
            }
            case Row.Rigid g -> {
                List<Dim> a = dims(g.axes());
                yield a == g.axes() ? g : new Row.Rigid(a);
            }
        };
    }

    private List<Dim> dims(List<Dim> ds) {
        List<Dim> out = null;
        for (int i = 0; i < ds.size(); i++) {
            Dim d = ds.get(i), c = dim(d);
            if (c != d && out == null) out = new ArrayList<>(ds.subList(0, i));
            if (out != null) out.add(c);
        }
        return out == null ? ds : out;
    }

    Dim dim(Dim d) {
        return switch (d) {
            case Dim.Var v -> {
                String n = dimName(v.name());
                yield n == v.name() ? v : new Dim.Var(n);
            }
            case Dim.Concat c -> {
                List<Dim> ps = dims(c.parts());
                yield ps == c.parts() ? c : new Dim.Concat(ps);
            }
            case Dim.Affine a -> {
                Dim o = dim(a.over());
                java.util.Optional<Dim> k = a.kernel().map(this::dim);
                yield o == a.over() && (k.isEmpty() || k.get() == a.kernel().get()) ? a
                        : new Dim.Affine(o, a.stride(), k, a.dilation(), a.padding(), a.offset());
            }
            case Dim.Unit u -> u;
            case Dim.Atom x -> x;
        };
    }
}
