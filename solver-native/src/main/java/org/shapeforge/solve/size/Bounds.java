package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Exact interval propagation over a conjunction of linear {@code ≥ 0} forms: each form
 * {@code Σ cᵢ·xᵢ + c₀ ≥ 0} bounds every {@code xⱼ} by the others' extreme values (rounded
 * inward, the unknowns being integers). Sound — it removes no integer solution — and cheap;
 * it gives {@link LinearSolver} finite variable bounds for the ILP and refutes simple systems
 * outright. Stops after {@link #ROUNDS} rounds (bounds may creep forever on infeasible cycles).
 */
final class Bounds {
    static final int ROUNDS = 64;

    private Bounds() {}

    /** The propagated intervals, or the label of a constraint that emptied one. */
    sealed interface Outcome {
        record Narrowed(Map<String, Interval> intervals) implements Outcome {}

        record Conflict(String label, String detail) implements Outcome {}
    }

    record Form(LinearExpr expr, String label) {}

    static Outcome propagate(List<Form> forms, Map<String, Interval> initial) {
        TreeMap<String, Interval> iv = new TreeMap<>(initial);
        for (Form f : forms) for (String v : f.expr().variables()) iv.putIfAbsent(v, Interval.ALL);
        for (int round = 0; round < ROUNDS; round++) {
            boolean changed = false;
            for (Form f : forms) {
                LinearExpr e = f.expr();
                if (e.isConstant() && e.constant().signum() < 0)
                    return new Outcome.Conflict(f.label(), e.constant() + " ≥ 0 is false");
                Extremes ex = new Extremes(e, iv);
                for (String x : e.variables()) {
                    Optional<BigInteger> rest = ex.maxOfRest(x, iv);
                    if (rest.isEmpty()) continue;
                    BigInteger c = e.coeff(x), need = rest.get().negate();
                    Interval old = iv.get(x);
                    Interval now = c.signum() > 0 ? old.atLeast(ceilDiv(need, c)) : old.atMost(floorDiv(need, c));
                    if (now.equals(old)) continue;
                    if (now.empty()) return new Outcome.Conflict(f.label(), "the range of " + x + " becomes empty (" + now + ")");
                    iv.put(x, now);
                    ex.moved(x, old, now);
                    changed = true;
                }
            }
            if (!changed) break;
        }
        return new Outcome.Narrowed(iv);
    }

    /**
     * {@code c₀ + Σᵢ max(cᵢ·xᵢ)} of one form, kept as the sum of the bounded terms and the count of
     * unbounded ones, so that {@link #maxOfRest} is O(1) per variable (a per-variable re-sum was
     * O(n²) per form: a 20,000-part sum, issue 13). {@link #moved} keeps it exact when a bound
     * narrows inside the pass, so the results are those of re-summing.
     */
    private static final class Extremes {
        private final LinearExpr e;
        private BigInteger bounded;
        private int unbounded;

        Extremes(LinearExpr e, Map<String, Interval> iv) {
            this.e = e;
            this.bounded = e.constant();
            for (var t : e.coeffs().entrySet()) add(t.getValue(), iv.get(t.getKey()), 1);
        }

        private void add(BigInteger c, Interval i, int sign) {
            BigInteger end = c.signum() > 0 ? i.hi() : i.lo();
            if (end == null) unbounded += sign;
            else bounded = sign > 0 ? bounded.add(c.multiply(end)) : bounded.subtract(c.multiply(end));
        }

        /** {@code c₀ + Σ_{i≠x} max(cᵢ·xᵢ)}, empty when unbounded. */
        Optional<BigInteger> maxOfRest(String x, Map<String, Interval> iv) {
            BigInteger c = e.coeff(x);
            Interval i = iv.get(x);
            BigInteger end = c.signum() > 0 ? i.hi() : i.lo();
            if (end == null) return unbounded == 1 ? Optional.of(bounded) : Optional.empty();
            return unbounded == 0 ? Optional.of(bounded.subtract(c.multiply(end))) : Optional.empty();
        }

        void moved(String x, Interval old, Interval now) {
            BigInteger c = e.coeff(x);
            add(c, old, -1);
            add(c, now, 1);
        }
    }

    static BigInteger floorDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() != 0 && (qr[1].signum() != b.signum()) ? qr[0].subtract(BigInteger.ONE) : qr[0];
    }

    static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        return floorDiv(a.negate(), b).negate();
    }
}
