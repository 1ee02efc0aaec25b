package org.shapeforge.smt.encode;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntSort;
import org.shapeforge.semantics.Arith;

/**
 * Z3 integer terms as an {@link Arith}, so that {@link org.shapeforge.semantics.Sizes} states the
 * Concat/Affine formulas once for the evaluator and for this encoding (architecture: "one place
 * for each formula").
 */
public record Z3Arith(Context ctx) implements Arith<ArithExpr<IntSort>> {
    @Override
    public ArithExpr<IntSort> lit(long n) {
        return ctx.mkInt(n);
    }

    @Override
    public ArithExpr<IntSort> add(ArithExpr<IntSort> a, ArithExpr<IntSort> b) {
        return ctx.mkAdd(a, b);
    }

    @Override
    public ArithExpr<IntSort> sub(ArithExpr<IntSort> a, ArithExpr<IntSort> b) {
        return ctx.mkSub(a, b);
    }

    @Override
    public ArithExpr<IntSort> mul(ArithExpr<IntSort> a, ArithExpr<IntSort> b) {
        return ctx.mkMul(a, b);
    }
}
