package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.lang.Constraint.Rel;

/**
 * Stages a {@link ProductConstraint} (mul_eq, group_mul_eq; seed 002) with the sizes known so
 * far: once fully known it is checked; an equation whose sides are single monomials goes to
 * {@link MonomialEquation} ({@code size(a) == size(b) * size(c)} with {@code a, b} known gives
 * {@code c}); anything else is an "underdetermined product" {@link SizeResult.Residual}.
 * A residue that becomes linear is reported as residual too: the caller re-translates it
 * into the {@link LinearSystem}.
 */
public final class ProductSolver {
    private ProductSolver() {}

    public static SizeResult solve(ProductConstraint c, Map<String, Long> known, Set<String> discardable) {
        Polynomial l = c.left().substitute(known), r = c.right().substitute(known);
        if (l.degree() == 0 && r.degree() == 0) {
            BigInteger lv = l.eval(Map.of()), rv = r.eval(Map.of());
            return c.rel().test(lv.compareTo(rv), 0)
                    ? new SizeResult.Holds(c.label())
                    : new SizeResult.Failed("size predicate: " + lv + " " + c.rel().symbol + " " + rv + " is false (" + c.label() + ")");
        }
        if (c.rel() == Rel.EQ && single(l) && single(r)) {
            var lt = l.terms().firstEntry();
            var rt = r.terms().firstEntry();
            BigInteger lk = lt == null ? BigInteger.ZERO : lt.getValue(), rk = rt == null ? BigInteger.ZERO : rt.getValue();
            if (lk.signum() >= 0 && rk.signum() >= 0) {
                List<String> lv = lt == null ? List.of() : lt.getKey().factors();
                List<String> rv = rt == null ? List.of() : rt.getKey().factors();
                return new MonomialEquation(lk, lv, rk, rv, "size predicate", c.label()).solve(discardable);
            }
        }
        return new SizeResult.Residual("size predicate: underdetermined product " + l + " " + c.rel().symbol + " " + r
                + " (" + c.label() + ")");
    }

    private static boolean single(Polynomial p) {
        return p.terms().size() <= 1;
    }
}
