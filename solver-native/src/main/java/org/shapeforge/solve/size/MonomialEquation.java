package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code kₗ·Πxᵢ = kᵣ·Πyⱼ} over sizes: the one shape of product equation staging can decide
 * (Total_elems, mul_eq, group_mul_eq once all but one size are known). Solved exactly:
 * the unknowns' net exponents are collected (sizes are positive, so a factor on both sides
 * cancels — unless it is discardable, which leaves the equation residual); none left → checked; a single variable {@code x} with exponent {@code e} →
 * {@code x^e = n} by exact division and exact integer root; several on one side whose product
 * must be 1 (the constants equal) → each 1; several otherwise → an
 * "underdetermined product" {@link SizeResult.Residual}: the Diophantine case of Conj. 8.4(b),
 * never guessed.
 *
 * @param kind the constraint kind that opens every message ({@code "Total_elems"})
 * @param context the caller's rendering of the constraint (its printed rows), appended in parentheses
 */
public record MonomialEquation(BigInteger leftConst, List<String> leftVars, BigInteger rightConst,
        List<String> rightVars, String kind, String context) {
    public MonomialEquation {
        leftVars = List.copyOf(leftVars);
        rightVars = List.copyOf(rightVars);
        if (leftConst.signum() < 0 || rightConst.signum() < 0) throw new IllegalArgumentException("negative size product");
    }

    public SizeResult solve(Set<String> discardable) {
        TreeMap<String, Integer> net = new TreeMap<>();
        leftVars.forEach(v -> net.merge(v, 1, Integer::sum));
        rightVars.forEach(v -> net.merge(v, -1, Integer::sum));
        net.values().removeIf(e -> e == 0);
        String suffix = context.isEmpty() ? "" : " (" + context + ")";
        // Cancelling a factor on both sides assumes it is not 0: a discardable one may be.
        List<String> zeroable = leftVars.stream().filter(rightVars::contains).filter(discardable::contains).distinct().toList();
        if (!zeroable.isEmpty() && !(net.isEmpty() && leftConst.equals(rightConst)))
            return new SizeResult.Residual(kind + ": product with discardable factor " + zeroable + " on both sides" + suffix);
        if (net.isEmpty()) {
            return leftConst.equals(rightConst)
                    ? new SizeResult.Holds(kind + ": " + leftConst + suffix)
                    : new SizeResult.Failed(kind + ": " + leftConst + " ≠ " + rightConst + suffix);
        }
        if (net.size() > 1) {
            // every unknown on one side and the constants' ratio exactly 1: a product of sizes equal to 1
            // has each factor 1 (a 0 factor, even a discardable one, would make it 0)
            boolean oneSide = net.values().stream().allMatch(v -> v > 0) || net.values().stream().allMatch(v -> v < 0);
            BigInteger home = net.firstEntry().getValue() > 0 ? leftConst : rightConst;
            BigInteger other = net.firstEntry().getValue() > 0 ? rightConst : leftConst;
            if (oneSide && home.signum() > 0 && home.equals(other)) {
                Map<String, Long> ones = new TreeMap<>();
                for (String v : net.keySet()) ones.put(v, 1L);
                return new SizeResult.Solved(ones);
            }
            return new SizeResult.Residual(kind + ": underdetermined product " + equation(net) + suffix);
        }
        String x = net.firstKey();
        int e = Math.abs(net.firstEntry().getValue());
        BigInteger home = net.firstEntry().getValue() > 0 ? leftConst : rightConst;
        BigInteger other = net.firstEntry().getValue() > 0 ? rightConst : leftConst;
        String power = String.join("·", Collections.nCopies(e, x));
        if (home.signum() == 0) {
            return other.signum() == 0 ? new SizeResult.Holds(kind + ": 0 = 0, " + x + " free" + suffix)
                    : new SizeResult.Failed(kind + ": 0 ≠ " + other + suffix);
        }
        if (other.mod(home).signum() != 0)
            return new SizeResult.Failed(kind + ": " + other + " not divisible by " + home + suffix);
        BigInteger n = other.divide(home);
        if (n.signum() == 0 && !discardable.contains(x))
            return new SizeResult.Failed(kind + ": " + power + " = 0 needs " + x + " = 0, but sizes are at least 1" + suffix);
        BigInteger root = IntegerRoot.exact(n, e);
        if (root == null) return new SizeResult.Failed(kind + ": " + power + " = " + n + " has no integer solution" + suffix);
        if (root.bitLength() > 62) return new SizeResult.Failed(kind + ": " + x + " = " + root + " is too large" + suffix);
        return new SizeResult.Solved(Map.of(x, root.longValueExact()));
    }

    private String equation(Map<String, Integer> net) {
        StringBuilder l = new StringBuilder(), r = new StringBuilder();
        net.forEach((v, e) -> {
            StringBuilder side = e > 0 ? l : r;
            for (int i = 0; i < Math.abs(e); i++) side.append(side.isEmpty() ? "" : "·").append(v);
        });
        String ls = (leftConst.equals(BigInteger.ONE) && !l.isEmpty() ? "" : leftConst + (l.isEmpty() ? "" : "·")) + l;
        String rs = (rightConst.equals(BigInteger.ONE) && !r.isEmpty() ? "" : rightConst + (r.isEmpty() ? "" : "·")) + r;
        return ls + " = " + rs;
    }
}
