package org.shapeforge.smt.encode;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntSort;
import java.util.List;

/**
 * A symbolic ground row of the two-sorted algebra (Def. 2.12): a marked row {@code l·◇·r}
 * ({@code rigid == false}, {@code lead} = |l|) or a rigid row {@code F•}. Its flat sequence has
 * {@code rank} axes, of which the first {@code maxRank} are materialized ({@code axes.get(i)} is
 * axis {@code i} when {@code i < rank}). {@code inRange} says {@code rank ≤ maxRank}: where it
 * fails, the row is longer than the unrolling and the encoding says nothing about it — except
 * through {@code sizeSum}, the sum of the sizes of all its axes at every rank (an unbounded
 * integer: a rank-level invariant, {@link RowVarE#sizeSum()}).
 */
public record RowE(boolean rigid, ArithExpr<IntSort> rank, ArithExpr<IntSort> lead, List<DimE> axes, BoolExpr inRange,
        ArithExpr<IntSort> sizeSum) {
    public RowE {
        axes = List.copyOf(axes);
    }

    public int maxRank() {
        return axes.size();
    }

    /** Length of the trailing flank, {@code rank − lead} (marked rows). */
    public ArithExpr<IntSort> trail(Context ctx) {
        return ctx.mkSub(rank, lead);
    }

    /** Axis {@code j} for a symbolic index {@code 0 ≤ j < rank}. */
    public DimE at(Context ctx, ArithExpr<IntSort> j) {
        DimE out = DimE.unit(ctx);
        for (int i = maxRank() - 1; i >= 0; i--) out = DimE.ite(ctx, ctx.mkEq(j, ctx.mkInt(i)), axes.get(i), out);
        return out;
    }

    /**
     * The expansion {@code R↑n [i]} of a marked row (Def. 2.2) at a concrete position {@code i}
     * and symbolic target rank {@code n ≥ rank}: the leading flank, then units, then the trailing
     * flank aligned to the end.
     */
    public DimE expansionAt(Context ctx, ArithExpr<IntSort> n, int i) {
        if (rigid) throw new IllegalStateException("expansion of a rigid row at another rank");
        var pos = ctx.mkInt(i);
        DimE lead = i < maxRank() ? axes.get(i) : DimE.unit(ctx);
        var trailStart = ctx.mkSub(n, trail(ctx));
        DimE trail = at(ctx, ctx.mkAdd(ctx.mkSub(pos, n), rank));
        return DimE.ite(ctx, ctx.mkLt(pos, this.lead), lead,
                DimE.ite(ctx, ctx.mkGe(pos, trailStart), trail, DimE.unit(ctx)));
    }
}
