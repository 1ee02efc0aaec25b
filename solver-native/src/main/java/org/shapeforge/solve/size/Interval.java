package org.shapeforge.solve.size;

import java.math.BigInteger;

/** An integer interval {@code lo..hi}, either end possibly unbounded ({@code null}). */
record Interval(BigInteger lo, BigInteger hi) {
    static final Interval ALL = new Interval(null, null);

    boolean empty() {
        return lo != null && hi != null && lo.compareTo(hi) > 0;
    }

    boolean finite() {
        return lo != null && hi != null;
    }

    Interval atLeast(BigInteger b) {
        return lo == null || b.compareTo(lo) > 0 ? new Interval(b, hi) : this;
    }

    Interval atMost(BigInteger b) {
        return hi == null || b.compareTo(hi) < 0 ? new Interval(lo, b) : this;
    }

    @Override
    public String toString() {
        return (lo == null ? "-∞" : lo) + ".." + (hi == null ? "∞" : hi);
    }
}
