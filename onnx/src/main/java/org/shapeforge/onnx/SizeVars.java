package org.shapeforge.onnx;

import java.util.List;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** The importer's one walker over the dimension variables of size expressions, terms and size relations. */
final class SizeVars {
    private SizeVars() {}

    /** The dimension variables of the size relation {@code c} (other constraints link nothing: none). */
    static void vars(Constraint c, Set<String> out) {
        switch (c) {
            case Constraint.SizeRel(SizeExpr l, var r, SizeExpr rt, var span) -> {
                vars(l, out);
                vars(rt, out);
            }
            default -> { } // order and equality facts leave a size a size
        }
    }

    /** The dimension variables of {@code e}. */
    static void vars(SizeExpr e, Set<String> out) {
        switch (e) {
            case SizeExpr.Size(Dim d) -> dimVars(d, out);
            case SizeExpr.Add(SizeExpr a, SizeExpr b) -> { vars(a, out); vars(b, out); }
            case SizeExpr.Sub(SizeExpr a, SizeExpr b) -> { vars(a, out); vars(b, out); }
            case SizeExpr.Mul(SizeExpr a, SizeExpr b) -> { vars(a, out); vars(b, out); }
            case SizeExpr.Mod(SizeExpr a, long m) -> vars(a, out);
            case SizeExpr.Lit l -> { }
        }
    }

    /** The dimension variables of term {@code d}. */
    static void dimVars(Dim d, Set<String> out) {
        switch (d) {
            case Dim.Var(String v, _) -> out.add(v);
            case Dim.Concat(List<Dim> parts) -> parts.forEach(p -> dimVars(p, out));
            case Dim.Affine a -> dimVars(a.over(), out);
            default -> { }
        }
    }

    /** The dimension variables of any constraint {@code c}: its terms, rows and size expressions. */
    static void allVars(Constraint c, Set<String> out) {
        switch (c) {
            case Constraint.DimEq(Dim a, Dim b, var sp) -> { dimVars(a, out); dimVars(b, out); }
            case Constraint.DimLe(Dim a, Dim b, var sp) -> { dimVars(a, out); dimVars(b, out); }
            case Constraint.RowEq(Row a, Row b, var sp) -> { rowVars(a, out); rowVars(b, out); }
            case Constraint.RowLe(Row a, Row b, var sp) -> { rowVars(a, out); rowVars(b, out); }
            case Constraint.RowLeOne(Row a, Row b, var sp) -> { rowVars(a, out); rowVars(b, out); }
            case Constraint.SizeIn(SizeExpr e, long lo, long hi, var sp) -> vars(e, out);
            case Constraint.Likely(Dim d, var values, var sp) -> dimVars(d, out);
            default -> vars(c, out);
        }
    }

    private static void rowVars(Row r, Set<String> out) {
        switch (r) {
            case Row.Closed(List<Dim> lead, List<Dim> trail) -> { lead.forEach(d -> dimVars(d, out)); trail.forEach(d -> dimVars(d, out)); }
            case Row.Open o -> { o.lead().forEach(d -> dimVars(d, out)); o.trail().forEach(d -> dimVars(d, out)); }
            case Row.Rigid(List<Dim> axes) -> axes.forEach(d -> dimVars(d, out));
        }
    }
}
