package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.shapeforge.lang.Printer;
import org.shapeforge.term.Dim;

/**
 * An integer computed from sizes at import time, in normal form: {@code constant + Σ cᵢ·atomᵢ}, an
 * atom being a product of size terms (one term: a single size; {@code batch·seq}; its key sorts the factors) or the floor
 * division of another form by a positive integer ({@code (seq + 1) // 2}, {@code torch.chunk}'s
 * split point). The atoms are keyed by a canonical text, so two forms built in different orders from
 * the same sizes are equal ({@code equals}), whatever the operands' order — only the
 * representation is canonical, no result depends on it.
 *
 * <p>{@link #atLeast} decides {@code f ≥ k} soundly (true only when it holds for every value of
 * the sizes, each at least 1, Def. 1.1): a floor atom is replaced by its bound in the direction of
 * its coefficient ({@code n//k ≥ (n − k + 1)/k}, {@code n//k ≤ n/k}), then every coefficient must be
 * non-negative and the form at all sizes 1 at least k. Slice's clamping and Equal/Max/Min on shape
 * values use it; an undecided comparison is never guessed.
 */
record SizeForm(long constant, Map<String, Atom> atoms, Map<String, Long> coefficients) {
    public SizeForm {
        atoms = Collections.unmodifiableSortedMap(new TreeMap<>(atoms));
        coefficients = Collections.unmodifiableSortedMap(new TreeMap<>(coefficients));
    }

    /** A product of size terms (factors sorted by their printed text), or {@code num // k}. */
    sealed interface Atom {
        record Factors(List<Dim> dims) implements Atom {
            public Factors {
                dims = List.copyOf(dims);
            }
        }

        record Floor(SizeForm num, long divisor) implements Atom {}

        default String key() {
            return switch (this) {
                case Factors(List<Dim> ds) -> String.join("*", ds.stream().map(Printer::print).sorted().toList()); // canonical: any order
                case Floor(SizeForm num, long k) -> "(" + num.show() + ")//" + k;
            };
        }
    }

    static SizeForm known(long k) {
        return new SizeForm(k, Map.of(), Map.of());
    }

    static SizeForm atom(Atom a) {
        return new SizeForm(0, Map.of(a.key(), a), Map.of(a.key(), 1L));
    }

    /** The form of a shape element. */
    static SizeForm of(ShapeValue v) {
        return switch (v) {
            case ShapeValue.Known(long k) -> known(k);
            case ShapeValue.Term(Dim d) -> atom(new Atom.Factors(List.of(d)));
            case ShapeValue.Product(List<Dim> fs) -> atom(new Atom.Factors(fs));
            case ShapeValue.Linear(SizeForm f) -> f;
        };
    }

    /** The simplest shape element for this form: known, a single term, a product, else the form. */
    ShapeValue value() {
        if (atoms.isEmpty()) return new ShapeValue.Known(constant);
        if (constant == 0 && atoms.size() == 1) {
            String k = atoms.keySet().iterator().next();
            if (coefficients.get(k) == 1 && atoms.get(k) instanceof Atom.Factors(List<Dim> ds))
                return ds.size() == 1 ? ShapeValue.of(ds.getFirst()) : new ShapeValue.Product(ds);
        }
        return new ShapeValue.Linear(this);
    }

    SizeForm plus(SizeForm o) {
        return combine(o, 1);
    }

    SizeForm minus(SizeForm o) {
        return combine(o, -1);
    }

    private SizeForm combine(SizeForm o, long sign) {
        TreeMap<String, Long> cs = new TreeMap<>(coefficients);
        TreeMap<String, Atom> as = new TreeMap<>(atoms);
        o.coefficients.forEach((k, c) -> {
            long s = Math.addExact(cs.getOrDefault(k, 0L), Math.multiplyExact(sign, c));
            if (s == 0) {
                cs.remove(k);
                as.remove(k);
            } else {
                cs.put(k, s);
                as.put(k, o.atoms.get(k));
            }
        });
        return new SizeForm(Math.addExact(constant, Math.multiplyExact(sign, o.constant)), as, cs);
    }

    SizeForm times(long k) {
        if (k == 0) return known(0);
        TreeMap<String, Long> cs = new TreeMap<>();
        coefficients.forEach((a, c) -> cs.put(a, Math.multiplyExact(c, k)));
        return new SizeForm(Math.multiplyExact(constant, k), atoms, cs);
    }

    /**
     * {@code this // k} for k ≥ 1 (floor): exact where k divides every coefficient
     * ({@code (2·s + 3) // 2 = s + 1}), else the multiples of k taken out of the floor
     * ({@code (7·(h//7) − h + 7) // 7 = h//7 + 1 + (−h) // 7}, every atom being an integer) and
     * the rest a floor atom; a rest whose atoms all have negative coefficients is a ceiling,
     * {@code (−h) // 7 = −((h + 6) // 7)}, so pad-to-a-multiple {@code h + (7 − h % 7) % 7} is
     * {@code 7·((h + 6) // 7)}. The rest is split off only where its floor is at least 1 for every
     * value of the sizes (a floor atom becomes a size), else the whole form is the atom. The
     * caller ensures the form is not negative where ONNX's truncating division would differ.
     */
    SizeForm floorDiv(long k) {
        if (k == 1) return this;
        if (coefficients.values().stream().allMatch(c -> c % k == 0)) {
            TreeMap<String, Long> cs = new TreeMap<>();
            coefficients.forEach((a, c) -> cs.put(a, c / k));
            return new SizeForm(Math.floorDiv(constant, k), atoms, cs);
        }
        return FloorParts.of(this, k).orElseGet(() -> atom(new Atom.Floor(this, k)));
    }

    /**
     * The same integer with a positive constant moved into a floor atom of coefficient 1,
     * {@code num // k + c = (num + c·k) // k} (exact over the integers): an axis written
     * {@code x // k + 1}, the length of a strided window, is then one floor of sizes, where the
     * atom {@code x // k} alone would be a size — at least 1 — and exclude the smallest inputs
     * (where it is 0). Unchanged without such a constant or atom.
     */
    SizeForm absorbed() {
        if (constant <= 0) return this;
        for (var en : coefficients.entrySet())
            if (en.getValue() == 1 && atoms.get(en.getKey()) instanceof Atom.Floor(SizeForm num, long k))
                return minus(atom(atoms.get(en.getKey()))).minus(known(constant))
                        .plus(atom(new Atom.Floor(num.plus(known(Math.multiplyExact(constant, k))), k)));
        return this;
    }

    /** {@code this mod k} for k ≥ 1: {@code this − k·(this // k)}. */
    SizeForm mod(long k) {
        return minus(floorDiv(k).times(k));
    }

    /** Whether {@code this ≥ k} holds for every value of the sizes (each at least 1); false when undecided. */
    boolean atLeast(long k) {
        Optional<SizeForm> lower = lowerBound(minus(known(k)), 1);
        if (lower.isEmpty()) return false;
        long atOnes = lower.get().constant;
        for (long c : lower.get().coefficients.values()) {
            if (c < 0) return false;
            atOnes = Math.addExact(atOnes, c);
        }
        return atOnes >= 0;
    }

    /** Whether {@code this ≤ o} always holds. */
    boolean atMost(SizeForm o) {
        return o.minus(this).atLeast(0);
    }

    /**
     * A form without floor atoms that, scaled by a positive factor, bounds {@code f} from below (the
     * factor is irrelevant to the sign). Empty when a bound nests too deep.
     */
    private static Optional<SizeForm> lowerBound(SizeForm f, int depth) {
        if (depth > 8) return Optional.empty();
        for (var en : f.coefficients.entrySet()) {
            if (!(f.atoms.get(en.getKey()) instanceof Atom.Floor(SizeForm num, long k))) continue;
            long c = en.getValue();
            // k·f with c·k·(num//k) replaced by c·(num − k + 1) (c > 0) or c·num (c < 0)
            SizeForm rest = f.minus(atom(f.atoms.get(en.getKey())).times(c)).times(k);
            SizeForm bound = c > 0 ? num.minus(known(k - 1)).times(c) : num.times(c);
            return lowerBound(rest.plus(bound), depth + 1);
        }
        return Optional.of(f);
    }

    /** Whether a size term in the form satisfies {@code p} (a dim_param, a runtime size). */
    boolean mentions(Predicate<Dim> p) {
        for (Atom a : atoms.values())
            switch (a) {
                case Atom.Factors(List<Dim> ds) -> { if (ds.stream().anyMatch(p)) return true; }
                case Atom.Floor(SizeForm num, long k) -> { if (num.mentions(p)) return true; }
            }
        return false;
    }

    /** The form as written in messages and printed sizes, positive terms first: {@code seq - (seq + 1)//2}. */
    String show() {
        List<String> parts = new ArrayList<>();
        for (boolean positive : new boolean[] {true, false})
            for (var en : coefficients.entrySet()) {
                long c = en.getValue();
                if (c > 0 != positive) continue;
                String t = Math.abs(c) == 1 ? en.getKey() : Math.abs(c) + "*" + en.getKey(); // keys are self-delimited
                parts.add(parts.isEmpty() ? (c < 0 ? "-" + t : t) : (c < 0 ? " - " : " + ") + t);
            }
        if (constant != 0 || parts.isEmpty())
            parts.add(parts.isEmpty() ? Long.toString(constant) : (constant < 0 ? " - " : " + ") + Math.abs(constant));
        return String.join("", parts);
    }
}
