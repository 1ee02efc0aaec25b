package org.shapeforge.onnx;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code f // k} (k ≥ 2) as {@code g + rest // k}: g holds the multiples of k in f (each
 * coefficient's quotient truncated toward zero, the constant's floor quotient), the rest the
 * remainders, a constant in {@code 0..k−1}. Every atom of a {@link SizeForm} is an integer, so
 * {@code (k·g + r) // k = g + r // k} holds exactly. A rest whose atoms all have negative
 * coefficients is written as a ceiling with a numerator that is never negative:
 * {@code r // k = −((−r + k − 1) // k)}. The split is made only where the rest's floor is a size
 * (at least 1 for every value of the sizes, {@link SizeForm#atLeast}), so no new floor can be 0;
 * otherwise empty, and the caller keeps {@code f // k} whole. Mixed signs in the rest: empty.
 */
final class FloorParts {
    private FloorParts() {}

    static Optional<SizeForm> of(SizeForm f, long k) {
        TreeMap<String, Long> whole = new TreeMap<>(), rest = new TreeMap<>();
        TreeMap<String, SizeForm.Atom> wholeAtoms = new TreeMap<>(), restAtoms = new TreeMap<>();
        int positive = 0, negative = 0;
        for (Map.Entry<String, Long> en : f.coefficients().entrySet()) {
            long c = en.getValue(), q = c / k, r = c % k;
            if (q != 0) {
                whole.put(en.getKey(), q);
                wholeAtoms.put(en.getKey(), f.atoms().get(en.getKey()));
            }
            if (r != 0) {
                rest.put(en.getKey(), r);
                restAtoms.put(en.getKey(), f.atoms().get(en.getKey()));
                if (r > 0) positive++;
                else negative++;
            }
        }
        if (whole.isEmpty() && negative == 0) return Optional.empty(); // nothing to take out: the atom as it is
        if (positive > 0 && negative > 0) return Optional.empty();
        long g0 = Math.floorDiv(f.constant(), k), r0 = Math.floorMod(f.constant(), k);
        SizeForm g = new SizeForm(g0, wholeAtoms, whole);
        SizeForm r = new SizeForm(r0, restAtoms, rest);
        if (negative == 0) {
            if (!r.atLeast(k)) return Optional.empty();
            return Optional.of(g.plus(SizeForm.atom(new SizeForm.Atom.Floor(r, k))));
        }
        SizeForm num = SizeForm.known(k - 1).minus(r); // −r + k − 1: positive coefficients, constant in 0..k−1
        if (!num.atLeast(k)) return Optional.empty();
        return Optional.of(g.minus(SizeForm.atom(new SizeForm.Atom.Floor(num, k))));
    }
}
