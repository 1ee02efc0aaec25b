package org.shapeforge.term.sym;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.term.sym.SymSize.Mono;

/**
 * The domain of a symbolic answer as a user reads it: its conditions simplified into an
 * equivalent set over the same names (every name a size, {@code ≥ 1}), in an order that depends on
 * the conditions' printed forms only. Each step is an equivalence over the integers: a strict
 * inequality is shifted by one; a name factoring every term of {@code x·A + b >= 0} with b = 0 or
 * −1 is divided out ({@code x >= 1}); {@code c·(p // k) + b >= 0} is {@code p >= k·⌈-b/c⌉} (and the
 * mirrored {@code <=}); {@code r - k·(r // k) == 0} is {@code r % k == 0}; a condition over one name is a bound on it, bounds of a name merged (the
 * largest lower, the smallest upper, equal ones an equality) and a lower bound of 1 dropped; any
 * other condition is written with its positive terms on the left ({@code sh == batch * 197}).
 * Conditions true at every binding ({@link SymCondition#trivial}) and repeats are left out.
 */
public final class SymDomain {
    private SymDomain() {}

    /** {@code conditions} simplified (see the class comment), sorted by their printed form. */
    public static List<SymCondition> simplify(List<SymCondition> conditions) {
        Map<String, long[]> bounds = new TreeMap<>(); // name -> {lo, hi}
        List<SymCondition> rest = new ArrayList<>();
        for (SymCondition c : conditions) {
            SymSize d = c.left().minus(c.right());
            Rel rel = c.rel();
            switch (rel) {
                case GT -> { d = d.plus(-1); rel = Rel.GE; }
                case LT -> { d = d.times(-1).plus(-1); rel = Rel.GE; }
                case LE -> { d = d.times(-1); rel = Rel.GE; }
                default -> { }
            }
            if (rel == Rel.GE) d = unfloor(unproduct(d));
            if (rel == Rel.EQ) d = remainder(d);
            if (!bound(d, rel, bounds)) rest.add(written(d, rel));
        }
        List<SymCondition> out = new ArrayList<>();
        bounds.forEach((n, b) -> {
            SymSize x = SymSize.name(n);
            if (b[0] == b[1]) out.add(new SymCondition(x, Rel.EQ, SymSize.constant(b[0])));
            else {
                if (b[0] > 1) out.add(new SymCondition(x, Rel.GE, SymSize.constant(b[0])));
                if (b[1] < Long.MAX_VALUE) out.add(new SymCondition(x, Rel.LE, SymSize.constant(b[1])));
            }
        });
        for (SymCondition c : rest) if (!c.trivial() && out.stream().noneMatch(c::sameAs)) out.add(c);
        out.sort(Comparator.comparing(SymCondition::toString));
        return List.copyOf(out);
    }

    /**
     * {@code d >= 0} with a name {@code x} that every non-constant term has as a factor and a
     * constant {@code b} of 0 or −1 divided out, repeatedly: over the integers with {@code x >= 1},
     * {@code x·A + b >= 0} holds exactly where {@code A + b >= 0} does (for b = −1, {@code x·A >= 1}
     * iff {@code A >= 1}), so a product of sizes at least 1, {@code batch·(L − 1) >= 1}, is
     * {@code L >= 2}.
     */
    private static SymSize unproduct(SymSize d) {
        for (int i = 0; i < 64; i++) {
            long b = d.terms().getOrDefault(Mono.ONE, 0L);
            if (b != 0 && b != -1) return d;
            SymAtom common = null;
            for (Mono m : d.terms().keySet()) {
                if (m.atoms().isEmpty()) continue;
                SymAtom first = m.atoms().stream().filter(a -> a instanceof SymAtom.Name).findFirst().orElse(null);
                if (common == null) common = first;
                if (common == null || !m.atoms().contains(common)) return d;
            }
            if (common == null) return d;
            TreeMap<Mono, Long> out = new TreeMap<>();
            for (var t : d.terms().entrySet()) {
                List<SymAtom> as = new ArrayList<>(t.getKey().atoms());
                if (!as.isEmpty()) as.remove(common);
                out.merge(new Mono(as), t.getValue(), Long::sum);
            }
            d = new SymSize(out);
        }
        return d;
    }

    /** {@code d >= 0} with a lone floor division {@code c·(p // k) + b} written as a condition on {@code p} (repeatedly). */
    private static SymSize unfloor(SymSize d) {
        for (int i = 0; i < 64; i++) {
            Optional<long[]> cb = lone(d);
            if (cb.isEmpty() || !(only(d) instanceof SymAtom.Div(SymSize p, long k))) return d;
            long c = cb.get()[0], b = cb.get()[1];
            // c·q + b >= 0: q >= ceil(-b / c) for c > 0 (so p - k·m >= 0), q <= floor(b / -c) for c < 0 (so k·m + k - 1 - p >= 0)
            d = c > 0 ? p.minus(SymSize.constant(Math.multiplyExact(k, -Math.floorDiv(b, c))))
                    : SymSize.constant(Math.addExact(Math.multiplyExact(k, Math.floorDiv(b, -c)), k - 1)).minus(p);
        }
        return d;
    }

    /** {@code d == 0} for {@code d = c·(r - k·(r // k))} is {@code r % k == 0}: that remainder, else {@code d}. */
    private static SymSize remainder(SymSize d) {
        for (var t : d.terms().entrySet()) {
            if (t.getKey().atoms().size() != 1 || !(t.getKey().atoms().getFirst() instanceof SymAtom.Div(SymSize r, long k))
                    || t.getValue() % k != 0) continue;
            SymSize rem = r.mod(k);
            if (d.provablyEquals(rem.times(-t.getValue() / k))) return rem;
        }
        return d;
    }

    /** Records {@code d rel 0} as a bound when {@code d} is {@code a·x + b}; false when it is no such condition. */
    private static boolean bound(SymSize d, Rel rel, Map<String, long[]> bounds) {
        Optional<long[]> ab = lone(d);
        if (ab.isEmpty() || !(only(d) instanceof SymAtom.Name(String x)) || rel == Rel.NE) return false;
        long a = ab.get()[0], b = ab.get()[1];
        long[] r = bounds.computeIfAbsent(x, n -> new long[] {1, Long.MAX_VALUE});
        if (rel == Rel.EQ) {
            if (b % a != 0) return false; // no integer solution: kept as written
            r[0] = Math.max(r[0], -b / a);
            r[1] = Math.min(r[1], -b / a);
        } else if (a > 0) r[0] = Math.max(r[0], -Math.floorDiv(b, a)); // x >= ceil(-b / a)
        else r[1] = Math.min(r[1], Math.floorDiv(b, -a)); // x <= floor(b / -a)
        return true;
    }

    /** {@code {c, b}} when {@code d} is {@code c·atom + b} for one atom. */
    private static Optional<long[]> lone(SymSize d) {
        long c = 0, b = 0;
        int atoms = 0;
        for (var t : d.terms().entrySet()) {
            if (t.getKey().atoms().isEmpty()) b = t.getValue();
            else if (t.getKey().atoms().size() == 1) {
                c = t.getValue();
                atoms++;
            } else return Optional.empty();
        }
        return atoms == 1 ? Optional.of(new long[] {c, b}) : Optional.empty();
    }

    private static SymAtom only(SymSize d) {
        for (var m : d.terms().keySet()) if (!m.atoms().isEmpty()) return m.atoms().getFirst();
        throw new IllegalStateException("no atom in " + d);
    }

    /** {@code d rel 0} with the positive terms on the left and the rest, negated, on the right. */
    private static SymCondition written(SymSize d, Rel rel) {
        SymSize pos = SymSize.constant(0), neg = SymSize.constant(0);
        for (var t : d.terms().entrySet()) {
            SymSize term = new SymSize(new TreeMap<>(Map.of(t.getKey(), t.getValue())));
            if (t.getValue() > 0 && !t.getKey().atoms().isEmpty()) pos = pos.plus(term);
            else neg = neg.minus(term);
        }
        if (pos.isZero()) return new SymCondition(neg, flip(rel), SymSize.constant(0));
        return new SymCondition(pos, rel, neg);
    }

    private static Rel flip(Rel r) {
        return switch (r) {
            case GE -> Rel.LE;
            case LE -> Rel.GE;
            case GT -> Rel.LT;
            case LT -> Rel.GT;
            case EQ, NE -> r;
        };
    }
}
