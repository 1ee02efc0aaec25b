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
                for (String x : e.variables()) {
                    Optional<BigInteger> rest = maxOfRest(e, x, iv);
                    if (rest.isEmpty()) continue;
                    BigInteger c = e.coeff(x), need = rest.get().negate();
                    Interval old = iv.get(x);
                    Interval now = c.signum() > 0 ? old.atLeast(ceilDiv(need, c)) : old.atMost(floorDiv(need, c));
                    if (now.equals(old)) continue;
                    if (now.empty()) return new Outcome.Conflict(f.label(), "the range of " + x + " becomes empty (" + now + ")");
                    iv.put(x, now);
                    changed = true;
                }
            }
            if (!changed) break;
        }
        return new Outcome.Narrowed(iv);
    }

    /** {@code c₀ + Σ_{i≠x} max(cᵢ·xᵢ)}, empty when unbounded. */
    private static Optional<BigInteger> maxOfRest(LinearExpr e, String x, Map<String, Interval> iv) {
        BigInteger sum = e.constant();
        for (var t : e.coeffs().entrySet()) {
            if (t.getKey().equals(x)) continue;
            Interval i = iv.get(t.getKey());
            BigInteger end = t.getValue().signum() > 0 ? i.hi() : i.lo();
            if (end == null) return Optional.empty();
            sum = sum.add(t.getValue().multiply(end));
        }
        return Optional.of(sum);
    }

    static BigInteger floorDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() != 0 && (qr[1].signum() != b.signum()) ? qr[0].subtract(BigInteger.ONE) : qr[0];
    }

    static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        return floorDiv(a.negate(), b).negate();
    }
}
