package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.lang.Constraint.Rel;

/**
 * Exact refutation of the equalities of a {@link LinearSystem} over the integers, before any
 * ILP: variables with a unit coefficient are eliminated by substitution (the first step of
 * Pugh's Omega test), and every remaining equality {@code Σ cᵢ·xᵢ + c₀ = 0} must have
 * {@code gcd(cᵢ) | c₀}. Refutes e.g. {@code a = 6·q ∧ a = 4·o + 1} at any size, where branch
 * and bound would search the whole domain. Incomplete (no non-unit elimination): a silence
 * proves nothing.
 */
final class Equalities {
    private Equalities() {}

    /** A reason the equalities have no integer solution, or empty when this test finds none. */
    static Optional<String> refute(LinearSystem sys) {
        List<LinearExpr> eqs = new ArrayList<>();
        List<Set<String>> labels = new ArrayList<>();
        for (LinearConstraint c : sys.constraints()) {
            if (c.rel() != Rel.EQ) continue;
            eqs.add(c.expr());
            labels.add(new LinkedHashSet<>(List.of(c.label())));
        }
        while (true) {
            for (int i = 0; i < eqs.size(); i++) {
                LinearExpr e = eqs.get(i);
                BigInteger g = e.coeffs().values().stream().reduce(BigInteger.ZERO, BigInteger::gcd);
                if (g.signum() == 0 ? e.constant().signum() != 0 : e.constant().mod(g).signum() != 0)
                    return Optional.of(String.join(" ∧ ", labels.get(i)) + " give " + e + " = 0"
                            + (g.signum() == 0 ? "" : ", and gcd " + g + " does not divide " + e.constant()));
            }
            int pick = -1;
            String x = null;
            for (int i = 0; i < eqs.size() && pick < 0; i++) {
                for (var t : eqs.get(i).coeffs().entrySet()) {
                    if (t.getValue().abs().equals(BigInteger.ONE)) {
                        pick = i;
                        x = t.getKey();
                        break;
                    }
                }
            }
            if (pick < 0) return Optional.empty();
            LinearExpr e = eqs.remove(pick);
            Set<String> from = labels.remove(pick);
            // c·x + rest = 0 with c = ±1, so x = −c·rest.
            BigInteger c = e.coeff(x);
            LinearExpr value = e.minus(LinearExpr.var(x).times(c)).times(c.negate());
            for (int i = 0; i < eqs.size(); i++) {
                if (eqs.get(i).coeff(x).signum() == 0) continue;
                eqs.set(i, eqs.get(i).replace(x, value));
                labels.get(i).addAll(from);
            }
        }
    }
}
