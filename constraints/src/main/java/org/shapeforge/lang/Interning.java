package org.shapeforge.lang;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * A front end's symbol table applied to a whole problem: every variable becomes one canonical
 * term (one name instance, one {@link Dim.Var} per dimension variable, one bare {@link Row.Open}
 * per row variable) carrying a dense id ({@link Dim.Var#id()}, {@link Row.Open#varId()}) in order of
 * first sight — constraints in order, then declarations. Meaning, spans and printing are unchanged.
 *
 * <p>Why: a solver interns the problem's variables before solving (the native solver's
 * {@code Canon}), a hash probe per occurrence and, where a term lacks the id, a rebuilt term. A
 * problem interned here gives it ids that agree with its own numbering, so it probes each name
 * once, at its first sight, and keeps the problem's terms as they are — at 10^6 constraints the
 * difference between rebuilding about a million terms the collector then copies, and none
 * (issue 12). The ids are hints: a reader confirms each against the name, so a problem interned
 * otherwise, or not at all, solves the same.
 *
 * <p>The order is the native solver's order of first sight: within a constraint, left before
 * right; a row's leading axes, its variable, its trailing axes; a concatenation's parts; an affine
 * term's input size, then its kernel; Total_elems' rows, divisors, then its Strided_var; Exact's
 * rows, then its axes; a size predicate's expressions left to right. Hints ({@code likely}) and the
 * one-shot order, which the solver does not read this way, are numbered after the declarations.
 */
public final class Interning {
    private final Map<String, Dim.Var> dims = new HashMap<>();
    private final Map<String, Row.Open> rows = new HashMap<>();
    private final List<Dim.Var> dimById = new ArrayList<>();
    private final List<Row.Open> rowById = new ArrayList<>();

    private Interning() {}

    /**
     * {@code p} with its variables interned, carrying its {@link Symbols} (a new problem; {@code p}
     * is unchanged).
     */
    public static Problem of(Problem p) {
        Interning in = new Interning();
        List<Statement> st = p.statements();
        Statement[] out = new Statement[st.size()];
        for (int i = 0; i < st.size(); i++)
            if (st.get(i) instanceof Constraint c && !(c instanceof Constraint.Likely || c instanceof Constraint.RowLeOne))
                out[i] = in.constraint(c);
        for (int i = 0; i < st.size(); i++)
            if (st.get(i) instanceof Declaration d) out[i] = in.declaration(d);
        for (int i = 0; i < st.size(); i++)
            if (out[i] == null) out[i] = st.get(i) instanceof Constraint c ? in.constraint(c) : st.get(i);
        return new Problem(p.file(), List.of(out), new Symbols(in.dimById, in.rowById));
    }

    private Declaration declaration(Declaration d) {
        List<Declaration.VarRef> vs = new ArrayList<>(d.vars().size());
        for (var v : d.vars()) vs.add(new Declaration.VarRef(v.row() ? rowVar(v.name()).var() : dimVar(v.name()).name(), v.row()));
        return new Declaration(d.kind(), vs, d.span());
    }

    private Constraint constraint(Constraint c) {
        return switch (c) {
            case Constraint.DimEq(var l, var r, var sp) -> {
                Dim a = dim(l);
                yield new Constraint.DimEq(a, dim(r), sp);
            }
            case Constraint.DimLe(var l, var r, var sp) -> {
                Dim a = dim(l);
                yield new Constraint.DimLe(a, dim(r), sp);
            }
            case Constraint.RowEq(var l, var r, var sp) -> {
                Row a = row(l);
                yield new Constraint.RowEq(a, row(r), sp);
            }
            case Constraint.RowLe(var l, var r, var sp) -> {
                Row a = row(l);
                yield new Constraint.RowLe(a, row(r), sp);
            }
            case Constraint.RowLeOne(var l, var r, var sp) -> {
                Row a = row(l);
                yield new Constraint.RowLeOne(a, row(r), sp);
            }
            case Constraint.Total(var rs, var num, var by, var sp) -> {
                List<Row> a = rows(rs);
                List<Dim> b = dims(by);
                Constraint.TotalNum n = num instanceof Constraint.TotalNum.StridedVar(long k, Dim.Var v, long d)
                        ? new Constraint.TotalNum.StridedVar(k, dimVar(v.name()), d) : num;
                yield new Constraint.Total(a, n, b, sp);
            }
            case Constraint.Exact(var rs, var axes, var sp) -> {
                List<Row> a = rows(rs);
                yield new Constraint.Exact(a, dims(axes), sp);
            }
            case Constraint.SizeRel(var l, var rel, var r, var sp) -> {
                SizeExpr a = size(l);
                yield new Constraint.SizeRel(a, rel, size(r), sp);
            }
            case Constraint.SizeIn(var e, long lo, long hi, var sp) -> new Constraint.SizeIn(size(e), lo, hi, sp);
            case Constraint.Likely(var d, var vs, var sp) -> new Constraint.Likely(dim(d), vs, sp);
        };
    }

    private SizeExpr size(SizeExpr e) {
        return switch (e) {
            case SizeExpr.Lit l -> l;
            case SizeExpr.Size(Dim d) -> new SizeExpr.Size(dim(d));
            case SizeExpr.Add(var a, var b) -> {
                SizeExpr x = size(a);
                yield new SizeExpr.Add(x, size(b));
            }
            case SizeExpr.Sub(var a, var b) -> {
                SizeExpr x = size(a);
                yield new SizeExpr.Sub(x, size(b));
            }
            case SizeExpr.Mul(var a, var b) -> {
                SizeExpr x = size(a);
                yield new SizeExpr.Mul(x, size(b));
            }
            case SizeExpr.Mod(var a, long k) -> new SizeExpr.Mod(size(a), k);
        };
    }

    private Dim.Var dimVar(String name) {
        Dim.Var v = dims.get(name);
        if (v == null) {
            dims.put(name, v = new Dim.Var(name, dims.size()));
            dimById.add(v);
        }
        return v;
    }

    private Row.Open rowVar(String name) {
        Row.Open o = rows.get(name);
        if (o == null) {
            rows.put(name, o = new Row.Open(List.of(), name, List.of(), rows.size()));
            rowById.add(o);
        }
        return o;
    }

    private Dim dim(Dim d) {
        return switch (d) {
            case Dim.Unit u -> u;
            case Dim.Atom a -> a;
            case Dim.Var v -> dimVar(v.name());
            case Dim.Concat(var parts) -> new Dim.Concat(dims(parts));
            case Dim.Affine a -> {
                Dim over = dim(a.over());
                Optional<Dim> k = a.kernel().isPresent() ? Optional.of(dim(a.kernel().get())) : a.kernel();
                yield new Dim.Affine(over, a.stride(), k, a.dilation(), a.padding(), a.offset());
            }
        };
    }

    private Row row(Row r) {
        return switch (r) {
            case Row.Closed(var l, var t) -> {
                List<Dim> a = dims(l);
                yield new Row.Closed(a, dims(t));
            }
            case Row.Open o -> {
                List<Dim> a = dims(o.lead());
                Row.Open bare = rowVar(o.var());
                List<Dim> t = dims(o.trail());
                yield a.isEmpty() && t.isEmpty() ? bare : bare.withFlanks(a, t);
            }
            case Row.Rigid(var axes) -> new Row.Rigid(dims(axes));
        };
    }

    private List<Dim> dims(List<Dim> ds) {
        if (ds.isEmpty()) return ds;
        List<Dim> out = new ArrayList<>(ds.size());
        for (Dim d : ds) out.add(dim(d));
        return out;
    }

    private List<Row> rows(List<Row> rs) {
        List<Row> out = new ArrayList<>(rs.size());
        for (Row r : rs) out.add(row(r));
        return out;
    }
}
