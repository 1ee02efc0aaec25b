package org.shapeforge.smt.encode;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntSort;
import java.util.ArrayList;
import java.util.List;

/**
 * Row relations on symbolic ground rows ({@link RowE}), each stated for ranks within the
 * unrolling (callers guard with {@link RowE#inRange()}):
 *
 * <ul>
 *   <li>{@link #flatEq}: ≈ (Def. 2.9) — same rank, same flat sequence; also content equality.
 *   <li>{@link #identical}: identity in the two-sorted algebra (Def. 2.1): marked rows need equal
 *       flanks, rigid rows equal axes, and a marked row is never a rigid one.
 *   <li>{@link #le}: the two-sorted order (Def. 2.12), clause (a) being Def. 2.3.
 *   <li>{@link #oneShot}: {@code X ⊑¹ Y} iff {@code flat(X)• ⊑ Y} (Remark 2.15(ii)).
 * </ul>
 */
public final class RowRelations {
    private final Context ctx;

    public RowRelations(Context ctx) {
        this.ctx = ctx;
    }

    public BoolExpr flatEq(RowE a, RowE b) {
        List<BoolExpr> cs = new ArrayList<>();
        cs.add(ctx.mkEq(a.rank(), b.rank()));
        int n = Math.min(a.maxRank(), b.maxRank());
        for (int i = 0; i < n; i++) cs.add(below(i, a.rank(), a.axes().get(i).eq(ctx, b.axes().get(i))));
        // Within both unrollings, equal ranks are at most the shorter one: these positions cover every axis.
        return and(cs);
    }

    public BoolExpr identical(RowE a, RowE b) {
        if (a.rigid() != b.rigid()) return ctx.mkFalse();
        if (a.rigid()) return flatEq(a, b);
        return ctx.mkAnd(flatEq(a, b), ctx.mkEq(a.lead(), b.lead()));
    }

    /** {@code lower ⊑ upper} in the two-sorted order. */
    public BoolExpr le(RowE lower, RowE upper) {
        if (!lower.rigid() && upper.rigid()) return ctx.mkFalse(); // clause (d)
        if (lower.rigid()) return rigidBelow(lower, upper); // clauses (b), (c)
        List<BoolExpr> cs = new ArrayList<>();
        cs.add(ctx.mkLe(upper.lead(), lower.lead()));
        cs.add(ctx.mkLe(upper.trail(ctx), lower.trail(ctx)));
        cs.add(pointwiseExpanded(lower, upper));
        return and(cs);
    }

    /** {@code lower ⊑¹ upper}: the lower side rigidified. */
    public BoolExpr oneShot(RowE lower, RowE upper) {
        RowE flat = new RowE(true, lower.rank(), lower.rank(), lower.axes(), lower.inRange());
        return rigidBelow(flat, upper);
    }

    private BoolExpr rigidBelow(RowE lower, RowE upper) {
        List<BoolExpr> cs = new ArrayList<>();
        if (upper.rigid()) {
            cs.add(ctx.mkEq(lower.rank(), upper.rank()));
            int n = Math.min(lower.maxRank(), upper.maxRank());
            for (int i = 0; i < n; i++) cs.add(below(i, lower.rank(), lower.axes().get(i).le(ctx, upper.axes().get(i))));
        } else {
            cs.add(ctx.mkGe(lower.rank(), upper.rank()));
            cs.add(pointwiseExpanded(lower, upper));
        }
        return and(cs);
    }

    /** {@code lower[i] ⊑ upper↑rank(lower) [i]} for every axis of {@code lower}. */
    private BoolExpr pointwiseExpanded(RowE lower, RowE upper) {
        List<BoolExpr> cs = new ArrayList<>();
        for (int i = 0; i < lower.maxRank(); i++)
            cs.add(below(i, lower.rank(), lower.axes().get(i).le(ctx, upper.expansionAt(ctx, lower.rank(), i))));
        return and(cs);
    }

    private BoolExpr below(int i, ArithExpr<IntSort> rank, BoolExpr c) {
        return ctx.mkImplies(ctx.mkLt(ctx.mkInt(i), rank), c);
    }

    private BoolExpr and(List<BoolExpr> cs) {
        return ctx.mkAnd(cs.toArray(BoolExpr[]::new));
    }
}
