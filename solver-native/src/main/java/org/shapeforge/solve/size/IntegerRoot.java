package org.shapeforge.solve.size;

import java.math.BigInteger;

/** Exact integer roots: {@code x} with {@code x^e = n}, or none. */
final class IntegerRoot {
    private IntegerRoot() {}

    /** The non-negative {@code x} with {@code x^e = n} ({@code n ≥ 0, e ≥ 1}), or {@code null}. */
    static BigInteger exact(BigInteger n, int e) {
        if (n.signum() < 0 || e < 1) throw new IllegalArgumentException("root of " + n + " of degree " + e);
        BigInteger lo = BigInteger.ZERO, hi = BigInteger.ONE.shiftLeft(n.bitLength() / e + 1);
        while (lo.compareTo(hi) < 0) {
            BigInteger mid = lo.add(hi).add(BigInteger.ONE).shiftRight(1);
            if (mid.pow(e).compareTo(n) <= 0) lo = mid;
            else hi = mid.subtract(BigInteger.ONE);
        }
        return lo.pow(e).equals(n) ? lo : null;
    }
}
