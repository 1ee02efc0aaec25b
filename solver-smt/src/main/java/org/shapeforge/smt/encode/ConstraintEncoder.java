package org.shapeforge.smt.encode;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Constraints to formulas under one semantics ({@code language.md}, "Semantics"):
 *
 * <table>
 *   <caption>Row equality and order</caption>
 *   <tr><th>semantics</th><th>{@code ~}</th><th>{@code <=}</th></tr>
 *   <tr><td>flat</td><td>≈</td><td>two-sorted order (marked order on marked rows)</td></tr>
 *   <tr><td>marked</td><td>identity</td><td>two-sorted order</td></tr>
 *   <tr><td>rigid</td><td>content equality (≈); open terms rigid</td><td>two-sorted order</td></tr>
 *   <tr><td>content</td><td>≈</td><td>one-shot order</td></tr>
 * </table>
 *
 * {@code <=1} is the one-shot order everywhere; dimension constraints, Total_elems, Exact and
 * size predicates read the same under all four (sizes: {@link SizeEncoder}).
 */
public final class ConstraintEncoder {
    private final Context ctx;
    private final Semantics semantics;
    private final DimEncoder dims;
    private final RowEncoder rows;
    private final RowRelations rel;
    private final SizeEncoder sizes;

    public ConstraintEncoder(Context ctx, Vars vars, BasisCodes bases, Semantics semantics) {
        this.ctx = ctx;
        this.semantics = semantics;
        this.dims = new DimEncoder(ctx, vars, bases);
        this.rows = new RowEncoder(ctx, vars, dims, semantics);
        this.rel = new RowRelations(ctx);
        this.sizes = new SizeEncoder(ctx, dims, rows);
    }

    public Guarded encode(Constraint c) {
        List<BoolExpr> side = new ArrayList<>();
        return switch (c) {
            case Constraint.DimEq(Dim l, Dim r, var span) -> exact(side, dims.encode(l, side).eq(ctx, dims.encode(r, side)));
            case Constraint.DimLe(Dim l, Dim u, var span) -> exact(side, dims.encode(l, side).le(ctx, dims.encode(u, side)));
            case Constraint.RowEq(Row l, Row r, var span) -> {
                RowE a = rows.encode(l, side), b = rows.encode(r, side);
                Split eq = semantics == Semantics.MARKED ? rel.identical(a, b) : rel.flatEq(a, b);
                yield guarded(side, eq, a, b);
            }
            case Constraint.RowLe(Row l, Row u, var span) -> {
                RowE a = rows.encode(l, side), b = rows.encode(u, side);
                Split le = semantics == Semantics.CONTENT ? rel.oneShot(a, b) : rel.le(a, b);
                yield guarded(side, le, a, b);
            }
            case Constraint.RowLeOne(Row l, Row u, var span) -> {
                RowE a = rows.encode(l, side), b = rows.encode(u, side);
                yield guarded(side, rel.oneShot(a, b), a, b);
            }
            case Constraint.Total t -> sizes.total(t);
            case Constraint.Exact e -> sizes.exact(e);
            case Constraint.SizeRel r -> sizes.rel(r);
            case Constraint.SizeIn r -> sizes.in(r);
            case Constraint.Likely l -> Guarded.exact(ctx, ctx.mkTrue());
        };
    }

    private Guarded exact(List<BoolExpr> side, BoolExpr holds) {
        return Guarded.exact(ctx, withSide(side, holds));
    }

    private Guarded guarded(List<BoolExpr> side, Split rel, RowE a, RowE b) {
        return new Guarded(ctx.mkAnd(a.inRange(), b.inRange()), withSide(side, rel.both(ctx)), withSide(side, rel.lengths()));
    }

    /** The dimension encoder the constraints share (claims over dimensions use the same constants). */
    DimEncoder dims() {
        return dims;
    }

    BoolExpr withSide(List<BoolExpr> side, BoolExpr holds) {
        if (side.isEmpty()) return holds;
        List<BoolExpr> all = new ArrayList<>(side);
        all.add(holds);
        return ctx.mkAnd(all.toArray(BoolExpr[]::new));
    }
}
