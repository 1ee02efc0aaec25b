package org.shapeforge.program.dynamic;

import org.shapeforge.semantics.Arith;

/**
 * {@link Arith} over {@link ExtentExpr}, folding constants (constants go to the right of a sum or
 * product and combine there: {@code 3+n+1} is {@code n+4}, {@code 2*n*2} is {@code n*4}), so that
 * {@code Sizes.affineInput} states the affine size formula once for numbers and for symbolic extents.
 */
final class ExtentArith implements Arith<ExtentExpr> {
    static final ExtentArith INSTANCE = new ExtentArith();

    @Override
    public ExtentExpr lit(long n) {
        return new ExtentExpr.Const(n);
    }

    @Override
    public ExtentExpr add(ExtentExpr a, ExtentExpr b) {
        if (a instanceof ExtentExpr.Const(long x) && b instanceof ExtentExpr.Const(long y)) return lit(Math.addExact(x, y));
        if (b instanceof ExtentExpr.Const(long y) && y == 0) return a;
        if (a instanceof ExtentExpr.Const(long x) && x == 0) return b;
        if (a instanceof ExtentExpr.Const) return add(b, a); // n+3, constants to the right
        if (b instanceof ExtentExpr.Add(var x, ExtentExpr.Const c)) return add(add(a, x), c); // (a+x)+c
        if (a instanceof ExtentExpr.Add(var x, ExtentExpr.Const(long c)) && b instanceof ExtentExpr.Const(long y))
            return add(x, lit(Math.addExact(c, y))); // n+3+1 = n+4
        return new ExtentExpr.Add(a, b);
    }

    @Override
    public ExtentExpr sub(ExtentExpr a, ExtentExpr b) {
        if (a instanceof ExtentExpr.Const(long x) && b instanceof ExtentExpr.Const(long y)) return lit(Math.subtractExact(x, y));
        if (b instanceof ExtentExpr.Const(long y) && y == 0) return a;
        return new ExtentExpr.Sub(a, b);
    }

    @Override
    public ExtentExpr mul(ExtentExpr a, ExtentExpr b) {
        if (a instanceof ExtentExpr.Const(long x) && b instanceof ExtentExpr.Const(long y)) return lit(Math.multiplyExact(x, y));
        if (b instanceof ExtentExpr.Const(long y) && y == 1) return a;
        if (a instanceof ExtentExpr.Const(long x) && x == 1) return b;
        if (a instanceof ExtentExpr.Const && !(b instanceof ExtentExpr.Const)) return mul(b, a); // n*4
        if (a instanceof ExtentExpr.Mul(var x, ExtentExpr.Const(long c)) && b instanceof ExtentExpr.Const(long y))
            return mul(x, lit(Math.multiplyExact(c, y))); // n*2*2 = n*4
        return new ExtentExpr.Mul(a, b);
    }
}
