package org.shapeforge.onnx.fallback;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.term.sym.SymSize;

/**
 * A guess, never a proof: the floor-division form {@code (Σ a_i·p_i + b) // k} of the dim_params
 * {@code p_i} that fits an axis's sizes at the probe solutions — the base point and, per
 * dim_param, one solution that moves it alone by the probe step. The slopes {@code a_i / k} are
 * read off the probes (exact when {@code k} divides the step, {@link ProbeStep}); the solutions
 * seen so far leave {@code b} an interval {@code [lo, hi]}, which every further solution (a
 * counter-model of a refuted guess) narrows. The guess is the interval's lowest {@code b}: an
 * empty interval means no form of these slopes fits.
 */
record FloorFit(List<String> inputs, List<Long> a, long k, long lo, long hi) {
    FloorFit {
        inputs = List.copyOf(inputs);
        a = List.copyOf(a);
    }

    /** A solution's point: the dim_params' sizes and the axis's size. */
    record Point(Map<String, Long> inputs, long size) {}

    /**
     * The form through {@code base} whose slope along input {@code i} is {@code (moved[i].size -
     * base.size) / step} (a missing probe, an input the others determine, counts as slope 0);
     * empty on overflow.
     */
    static Optional<FloorFit> through(List<String> inputs, Point base, List<Optional<Point>> moved, long step) {
        try {
            long k = 1;
            for (Optional<Point> m : moved)
                if (m.isPresent()) k = lcm(k, step / gcd(Math.abs(m.get().size() - base.size()), step));
            List<Long> a = new ArrayList<>();
            for (Optional<Point> m : moved) a.add(m.isEmpty() ? 0 : Math.multiplyExact(m.get().size() - base.size(), k) / step);
            FloorFit f = new FloorFit(inputs, a, k, Long.MIN_VALUE, Long.MAX_VALUE);
            f = f.narrow(base);
            for (Optional<Point> m : moved) if (m.isPresent() && f != null) f = f.narrow(m.get());
            return Optional.ofNullable(f);
        } catch (ArithmeticException e) {
            return Optional.empty();
        }
    }

    /** This form with {@code b} narrowed to fit {@code p} as well; null when none fits (or on overflow). */
    FloorFit narrow(Point p) {
        try {
            long sum = 0;
            for (int i = 0; i < a.size(); i++) sum = Math.addExact(sum, Math.multiplyExact(a.get(i), p.inputs().get(inputs.get(i))));
            long low = Math.subtractExact(Math.multiplyExact(k, p.size()), sum);
            long high = Math.addExact(low, k - 1);
            long l = Math.max(lo, low), h = Math.min(hi, high);
            return l > h ? null : new FloorFit(inputs, a, k, l, h);
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /** The guess: {@code (Σ a_i·p_i + lo) // k} in normal form. */
    SymSize guess() {
        SymSize s = SymSize.constant(lo);
        for (int i = 0; i < a.size(); i++) if (a.get(i) != 0) s = s.plus(SymSize.name(inputs.get(i)).times(a.get(i)));
        return s.floorDiv(k);
    }

    private static long gcd(long x, long y) {
        return y == 0 ? x : gcd(y, x % y);
    }

    private static long lcm(long x, long y) {
        return Math.multiplyExact(x / gcd(x, y), y);
    }
}
