package org.shapeforge.lang;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Variables of statements renamed by a {@link Names} map, structure and spans kept: the one walk
 * over the AST that the fuzzer's metamorphic variants and the native solver's canonical form
 * (issue 10: results independent of names) both use. A map may also just observe the variables
 * it is shown (returning them unchanged) to collect them in traversal order.
 */
public final class Renaming {
    private Renaming() {}

    /** A renaming of dimension and row variables (row variables by their bare name). */
    public interface Names {
        String dim(String v);

        String row(String v);
    }

    /** The statement with every variable renamed; declarations keep their variables' order; expectations are returned as they are. */
    public static Statement statement(Statement s, Names n) {
        return switch (s) {
            case Declaration d -> {
                List<Declaration.VarRef> vs = new ArrayList<>();
                for (var v : d.vars()) vs.add(new Declaration.VarRef(v.row() ? n.row(v.name()) : n.dim(v.name()), v.row()));
                yield new Declaration(d.kind(), vs, d.span());
            }
            case Constraint c -> constraint(c, n);
            case Expectation e -> e;
        };
    }

    public static Constraint constraint(Constraint c, Names n) {
        return switch (c) {
            case Constraint.DimEq(var l, var r, var sp) -> new Constraint.DimEq(dim(l, n), dim(r, n), sp);
            case Constraint.DimLe(var l, var r, var sp) -> new Constraint.DimLe(dim(l, n), dim(r, n), sp);
            case Constraint.RowEq(var l, var r, var sp) -> new Constraint.RowEq(row(l, n), row(r, n), sp);
            case Constraint.RowLe(var l, var r, var sp) -> new Constraint.RowLe(row(l, n), row(r, n), sp);
            case Constraint.RowLeOne(var l, var r, var sp) -> new Constraint.RowLeOne(row(l, n), row(r, n), sp);
            case Constraint.Total(var rows, var num, var by, var sp) -> new Constraint.Total(rows(rows, n),
                    num instanceof Constraint.TotalNum.StridedVar(long k, Dim.Var v, long d)
                            ? new Constraint.TotalNum.StridedVar(k, (Dim.Var) dim(v, n), d) : num, dims(by, n), sp);
            case Constraint.Exact(var rows, var axes, var sp) -> new Constraint.Exact(rows(rows, n), dims(axes, n), sp);
            case Constraint.SizeRel(var l, var rel, var r, var sp) -> new Constraint.SizeRel(size(l, n), rel, size(r, n), sp);
            case Constraint.SizeIn(var e, long lo, long hi, var sp) -> new Constraint.SizeIn(size(e, n), lo, hi, sp);
            case Constraint.Likely(var d, var vs, var sp) -> new Constraint.Likely(dim(d, n), vs, sp);
        };
    }

    public static SizeExpr size(SizeExpr e, Names n) {
        return switch (e) {
            case SizeExpr.Lit l -> l;
            case SizeExpr.Size(Dim d) -> new SizeExpr.Size(dim(d, n));
            case SizeExpr.Add(var a, var b) -> new SizeExpr.Add(size(a, n), size(b, n));
            case SizeExpr.Sub(var a, var b) -> new SizeExpr.Sub(size(a, n), size(b, n));
            case SizeExpr.Mul(var a, var b) -> new SizeExpr.Mul(size(a, n), size(b, n));
            case SizeExpr.Mod(var a, long k) -> new SizeExpr.Mod(size(a, n), k);
        };
    }

    public static Dim dim(Dim d, Names n) {
        return switch (d) {
            case Dim.Unit u -> u;
            case Dim.Atom a -> a;
            case Dim.Var(String v, _) -> Dim.var(n.dim(v));
            case Dim.Concat(var parts) -> new Dim.Concat(dims(parts, n));
            case Dim.Affine a -> new Dim.Affine(dim(a.over(), n), a.stride(), a.kernel().map(k -> dim(k, n)), a.dilation(), a.padding(), a.offset());
        };
    }

    public static Row row(Row r, Names n) {
        return switch (r) {
            case Row.Closed(var l, var t) -> new Row.Closed(dims(l, n), dims(t, n));
            case Row.Open(var l, var v, var t, _) -> new Row.Open(dims(l, n), n.row(v), dims(t, n));
            case Row.Rigid(var axes) -> new Row.Rigid(dims(axes, n));
        };
    }

    private static List<Dim> dims(List<Dim> ds, Names n) {
        List<Dim> out = new ArrayList<>(ds.size());
        for (Dim d : ds) out.add(dim(d, n));
        return out;
    }

    private static List<Row> rows(List<Row> rs, Names n) {
        List<Row> out = new ArrayList<>(rs.size());
        for (Row r : rs) out.add(row(r, n));
        return out;
    }
}
