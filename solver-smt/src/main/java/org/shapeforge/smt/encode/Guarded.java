package org.shapeforge.smt.encode;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;

/**
 * One constraint's encoding: {@code holds} is exact whenever {@code inRange} (every row it
 * mentions fits the unrolling). {@link #relaxed} and {@link #relaxedNegation} are the
 * rank-unbounded over-approximations of the constraint and of its negation: a real solution of
 * any rank satisfies them.
 */
public record Guarded(BoolExpr inRange, BoolExpr holds) {
    public BoolExpr relaxed(Context ctx) {
        return ctx.mkImplies(inRange, holds);
    }

    public BoolExpr relaxedNegation(Context ctx) {
        return ctx.mkImplies(inRange, ctx.mkNot(holds));
    }
}
