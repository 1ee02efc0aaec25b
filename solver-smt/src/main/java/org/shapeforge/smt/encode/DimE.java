package org.shapeforge.smt.encode;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntSort;

/**
 * A symbolic ground dimension (Def. 1.1) as a triple: whether it is the unit {@code 1∅}, its size
 * and its basis code ({@link BasisCodes}). Every triple built by the encoding is canonical: the
 * unit has size 1 and basis code 0, so identity of dimensions is componentwise equality and
 * {@code 1_default} (an atom) differs from {@code 1∅} only in the flag.
 */
public record DimE(BoolExpr unit, ArithExpr<IntSort> size, ArithExpr<IntSort> basis) {

    /** The unit {@code 1∅}. */
    public static DimE unit(Context ctx) {
        return new DimE(ctx.mkTrue(), ctx.mkInt(1), ctx.mkInt(0));
    }

    /** Identity of ground dimensions (canonical triples). */
    public BoolExpr eq(Context ctx, DimE o) {
        return ctx.mkAnd(ctx.mkEq(unit, o.unit), ctx.mkEq(size, o.size), ctx.mkEq(basis, o.basis));
    }

    /** The broadcast order {@code this ⊑ upper} (Def. 1.2): upper is the unit, or they are equal. */
    public BoolExpr le(Context ctx, DimE upper) {
        return ctx.mkOr(upper.unit, eq(ctx, upper));
    }

    /** {@code cond ? a : b}, componentwise. */
    @SuppressWarnings("unchecked")
    public static DimE ite(Context ctx, BoolExpr cond, DimE a, DimE b) {
        if (a == b) return a;
        return new DimE(
                (BoolExpr) ctx.mkITE(cond, a.unit, b.unit),
                (ArithExpr<IntSort>) ctx.mkITE(cond, a.size, b.size),
                (ArithExpr<IntSort>) ctx.mkITE(cond, a.basis, b.basis));
    }
}
