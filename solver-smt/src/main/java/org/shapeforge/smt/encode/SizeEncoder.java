package org.shapeforge.smt.encode;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntSort;
import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Size constraints (seed 000; seed 002's shape distribution predicates), read the same under
 * every semantics. Total_elems is non-linear: {@code Π sizes · Π dividedBy · denom = num} (the
 * evaluator's cross-multiplication, so no division rounds), with a non-zero divisor. Exact
 * aligns each row's axes at its offset in the concatenation. {@code %} is Z3's {@code mod},
 * the non-negative remainder, as in the evaluator.
 */
final class SizeEncoder {
    private final Context ctx;
    private final DimEncoder dims;
    private final RowEncoder rows;

    SizeEncoder(Context ctx, DimEncoder dims, RowEncoder rows) {
        this.ctx = ctx;
        this.dims = dims;
        this.rows = rows;
    }

    Guarded total(Constraint.Total t) {
        List<BoolExpr> side = new ArrayList<>();
        List<RowE> rs = encodeRows(t.rows(), side);
        List<ArithExpr<IntSort>> factors = new ArrayList<>();
        for (RowE r : rs)
            for (int i = 0; i < r.maxRank(); i++)
                factors.add(ite(ctx.mkLt(ctx.mkInt(i), r.rank()), r.axes().get(i).size(), ctx.mkInt(1)));
        List<ArithExpr<IntSort>> divisors = new ArrayList<>();
        for (Dim d : t.dividedBy()) divisors.add(dims.encode(d, side).size());
        ArithExpr<IntSort> div = product(divisors);
        side.add(ctx.mkNot(ctx.mkEq(div, ctx.mkInt(0))));
        ArithExpr<IntSort> num, denom;
        switch (t.numerator()) {
            case Constraint.TotalNum.NumElems(long n) -> {
                num = ctx.mkInt(n);
                denom = ctx.mkInt(1);
            }
            case Constraint.TotalNum.StridedVar(long coeff, Dim.Var v, long d) -> {
                num = ctx.mkMul(ctx.mkInt(coeff), dims.encode(v, side).size());
                denom = ctx.mkInt(d);
            }
        }
        BoolExpr eq = ctx.mkEq(ctx.mkMul(product(factors), div, denom), num);
        return new Guarded(inRange(rs), and(side, eq), and(side, ctx.mkTrue()));
    }

    Guarded exact(Constraint.Exact e) {
        List<BoolExpr> side = new ArrayList<>();
        List<RowE> rs = encodeRows(e.rows(), side);
        List<DimE> want = new ArrayList<>();
        for (Dim d : e.axes()) want.add(dims.encode(d, side));
        List<BoolExpr> cs = new ArrayList<>();
        ArithExpr<IntSort> offset = ctx.mkInt(0);
        for (RowE r : rs) {
            for (int i = 0; i < r.maxRank(); i++)
                for (int g = 0; g < want.size(); g++) {
                    var here = ctx.mkAnd(ctx.mkLt(ctx.mkInt(i), r.rank()), ctx.mkEq(ctx.mkAdd(offset, ctx.mkInt(i)), ctx.mkInt(g)));
                    cs.add(ctx.mkImplies(here, r.axes().get(i).eq(ctx, want.get(g))));
                }
            offset = ctx.mkAdd(offset, r.rank());
        }
        BoolExpr lengths = ctx.mkEq(offset, ctx.mkInt(want.size()));
        cs.add(lengths);
        return new Guarded(inRange(rs), and(side, ctx.mkAnd(cs.toArray(BoolExpr[]::new))), and(side, lengths));
    }

    Guarded rel(Constraint.SizeRel r) {
        List<BoolExpr> side = new ArrayList<>();
        var a = value(r.left(), side);
        var b = value(r.right(), side);
        BoolExpr holds = switch (r.rel()) {
            case EQ -> ctx.mkEq(a, b);
            case NE -> ctx.mkNot(ctx.mkEq(a, b));
            case LT -> ctx.mkLt(a, b);
            case LE -> ctx.mkLe(a, b);
            case GT -> ctx.mkGt(a, b);
            case GE -> ctx.mkGe(a, b);
        };
        return Guarded.exact(ctx, and(side, holds));
    }

    Guarded in(Constraint.SizeIn r) {
        List<BoolExpr> side = new ArrayList<>();
        var v = value(r.expr(), side);
        return Guarded.exact(ctx, and(side, ctx.mkAnd(ctx.mkLe(ctx.mkInt(r.lo()), v), ctx.mkLe(v, ctx.mkInt(r.hi())))));
    }

    private ArithExpr<IntSort> value(SizeExpr e, List<BoolExpr> side) {
        return switch (e) {
            case SizeExpr.Lit(long v) -> ctx.mkInt(v);
            case SizeExpr.Size(Dim d) -> dims.encode(d, side).size();
            case SizeExpr.Add(SizeExpr l, SizeExpr r) -> ctx.mkAdd(value(l, side), value(r, side));
            case SizeExpr.Sub(SizeExpr l, SizeExpr r) -> ctx.mkSub(value(l, side), value(r, side));
            case SizeExpr.Mul(SizeExpr l, SizeExpr r) -> ctx.mkMul(value(l, side), value(r, side));
            case SizeExpr.Mod(SizeExpr l, long k) -> ctx.mkMod(value(l, side), ctx.mkInt(k));
        };
    }

    private List<RowE> encodeRows(List<Row> rs, List<BoolExpr> side) {
        List<RowE> out = new ArrayList<>();
        for (Row r : rs) out.add(rows.encode(r, side));
        return out;
    }

    private BoolExpr inRange(List<RowE> rs) {
        return ctx.mkAnd(rs.stream().map(RowE::inRange).toArray(BoolExpr[]::new));
    }

    @SuppressWarnings("unchecked")
    private ArithExpr<IntSort> product(List<ArithExpr<IntSort>> fs) {
        if (fs.isEmpty()) return ctx.mkInt(1);
        if (fs.size() == 1) return fs.get(0);
        return ctx.mkMul(fs.toArray(ArithExpr[]::new));
    }

    @SuppressWarnings("unchecked")
    private ArithExpr<IntSort> ite(BoolExpr c, ArithExpr<IntSort> a, ArithExpr<IntSort> b) {
        return (ArithExpr<IntSort>) ctx.mkITE(c, a, b);
    }

    private BoolExpr and(List<BoolExpr> side, BoolExpr holds) {
        List<BoolExpr> all = new ArrayList<>(side);
        all.add(holds);
        return ctx.mkAnd(all.toArray(BoolExpr[]::new));
    }
}
