package org.shapeforge.smt.encode;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;

/**
 * One constraint's encoding: {@code holds} is exact whenever {@code inRange} (every row it
 * mentions fits the unrolling); {@code necessary} is implied by the constraint at every rank
 * (rank and flank-length conditions over the unbounded lengths, definedness of explicit
 * dimensions), and {@code holds} implies it. {@link #relaxed} and {@link #relaxedNegation} are the
 * rank-unbounded over-approximations of the constraint and of its negation: a real solution of
 * any rank satisfies them.
 */
public record Guarded(BoolExpr inRange, BoolExpr holds, BoolExpr necessary) {
    /** A constraint without rows: exact at every rank. */
    public static Guarded exact(Context ctx, BoolExpr holds) {
        return new Guarded(ctx.mkTrue(), holds, ctx.mkTrue());
    }

    public BoolExpr relaxed(Context ctx) {
        return ctx.mkAnd(necessary, ctx.mkImplies(inRange, holds));
    }

    public BoolExpr relaxedNegation(Context ctx) {
        return ctx.mkImplies(inRange, ctx.mkNot(holds));
    }
}
