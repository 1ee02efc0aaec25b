package org.shapeforge.solve.size;

import java.math.BigInteger;

/** Exact integer roots: {@code x} with {@code x^e = n}, or none. */
final class IntegerRoot {
    private IntegerRoot() {}

    /** The non-negative {@code x} with {@code x^e = n} ({@code n ≥ 0, e ≥ 1}), or {@code null}. */
    static BigInteger exact(BigInteger n, int e) {
        if (n.signum() < 0 || e < 1) throw new IllegalArgumentException("root of " + n + " of degree " + e);
        if (e == 1) return n; // the common case (a linear size equation): no search, no allocation
        if (e == 2 && n.bitLength() < 63) {
            long v = n.longValue(), r = (long) Math.sqrt((double) v);
            while (r * r > v) r--;
            while ((r + 1) * (r + 1) <= v) r++;
            return r * r == v ? BigInteger.valueOf(r) : null;
        }
        BigInteger lo = BigInteger.ZERO, hi = BigInteger.ONE.shiftLeft(n.bitLength() / e + 1);
        while (lo.compareTo(hi) < 0) {
            BigInteger mid = lo.add(hi).add(BigInteger.ONE).shiftRight(1);
            if (mid.pow(e).compareTo(n) <= 0) lo = mid;
            else hi = mid.subtract(BigInteger.ONE);
        }
        return lo.pow(e).equals(n) ? lo : null;
    }
}
