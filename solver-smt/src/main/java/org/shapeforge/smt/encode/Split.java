package org.shapeforge.smt.encode;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;

/**
 * A row relation as its rank-level part ({@code lengths}: conditions on ranks and flank lengths,
 * exact at every rank) and its axis-level part ({@code axes}: exact only within the unrolling).
 */
public record Split(BoolExpr lengths, BoolExpr axes) {
    public BoolExpr both(Context ctx) {
        return ctx.mkAnd(lengths, axes);
    }
}
