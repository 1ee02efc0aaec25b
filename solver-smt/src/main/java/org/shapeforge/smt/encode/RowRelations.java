package org.shapeforge.smt.encode;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntSort;
import java.util.ArrayList;
import java.util.List;

/**
 * Row relations on symbolic ground rows ({@link RowE}), each split into its rank-level part,
 * exact at every rank, and its axis-level part, exact for ranks within the unrolling (callers
 * guard it with {@link RowE#inRange()}):
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

    public Split flatEq(RowE a, RowE b) {
        List<BoolExpr> cs = new ArrayList<>();
        int n = Math.min(a.maxRank(), b.maxRank());
        for (int i = 0; i < n; i++) cs.add(below(i, a.rank(), a.axes().get(i).eq(ctx, b.axes().get(i))));
        // Within both unrollings, equal ranks are at most the shorter one: these positions cover every axis.
        // equal flat sequences have equal size sums, at every rank (a necessary, rank-level condition)
        return new Split(ctx.mkAnd(ctx.mkEq(a.rank(), b.rank()), ctx.mkEq(a.sizeSum(), b.sizeSum())), and(cs));
    }

    public Split identical(RowE a, RowE b) {
        if (a.rigid() != b.rigid()) return new Split(ctx.mkFalse(), ctx.mkTrue());
        Split flat = flatEq(a, b);
        if (a.rigid()) return flat;
        return new Split(ctx.mkAnd(flat.lengths(), ctx.mkEq(a.lead(), b.lead())), flat.axes());
    }

    /** {@code lower ⊑ upper} in the two-sorted order. */
    public Split le(RowE lower, RowE upper) {
        if (!lower.rigid() && upper.rigid()) return new Split(ctx.mkFalse(), ctx.mkTrue()); // clause (d)
        if (lower.rigid()) return rigidBelow(lower, upper); // clauses (b), (c)
        BoolExpr fit = ctx.mkAnd(ctx.mkLe(upper.lead(), lower.lead()), ctx.mkLe(upper.trail(ctx), lower.trail(ctx)));
        return new Split(fit, pointwiseExpanded(lower, upper));
    }

    /** {@code lower ⊑¹ upper}: the lower side rigidified. */
    public Split oneShot(RowE lower, RowE upper) {
        RowE flat = new RowE(true, lower.rank(), lower.rank(), lower.axes(), lower.inRange(), lower.sizeSum());
        return rigidBelow(flat, upper);
    }

    private Split rigidBelow(RowE lower, RowE upper) {
        if (!upper.rigid()) return new Split(ctx.mkGe(lower.rank(), upper.rank()), pointwiseExpanded(lower, upper));
        List<BoolExpr> cs = new ArrayList<>();
        int n = Math.min(lower.maxRank(), upper.maxRank());
        for (int i = 0; i < n; i++) cs.add(below(i, lower.rank(), lower.axes().get(i).le(ctx, upper.axes().get(i))));
        return new Split(ctx.mkEq(lower.rank(), upper.rank()), and(cs));
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
        return Bools.and(ctx, cs);
    }
}
