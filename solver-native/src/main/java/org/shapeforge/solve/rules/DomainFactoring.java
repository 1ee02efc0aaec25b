package org.shapeforge.solve.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.term.sym.SymAtom;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * Divides the positive factors out of the domain's polynomial conditions, so that a product
 * condition such as {@code 32·(f − 1)·(sh − 4·batch) == 0} (with {@code f − 1 >= 1} another
 * condition) becomes the linear {@code sh − 4·batch == 0} the exact linear solver decides.
 *
 * <p>Contract: for bindings of every name to a size {@code ≥ 1} (the domain's own reading, see
 * {@link DomainSystem}), the returned conditions hold exactly when the given ones do. Only a
 * condition with a product term is rewritten; the factors divided out are the names (sizes, so
 * {@code ≥ 1}) and the linear expressions that a linear condition of the list bounds below by
 * {@code 1} (the linear conditions are kept unchanged, so every rewrite relies only on conditions
 * still in the list). Over the integers, with {@code M ≥ 1}: {@code M·Q == 0 ⇔ Q == 0},
 * {@code M·Q != 0 ⇔ Q != 0}, {@code M·Q >= 0 ⇔ Q >= 0} and {@code M·Q >= 1 ⇔ Q >= 1}; an equation or
 * disequation is also divided by the gcd of its coefficients. A division is accepted only when
 * {@code M·Q} multiplies back to the condition exactly (atoms are treated as indeterminates, so
 * the identity holds at every binding); otherwise the condition is kept as it was.
 */
final class DomainFactoring {
    private DomainFactoring() {}

    /** {@code conditions} with their positive factors divided out (same order; equivalent as stated above). */
    static List<SymCondition> simplify(List<SymCondition> conditions) {
        return simplify(conditions, Set.of());
    }

    /**
     * As {@link #simplify(List)}, where the names in {@code zeroable} (discardable variables, which
     * may be 0: Def. 1.1) are never divided out as positive factors.
     */
    static List<SymCondition> simplify(List<SymCondition> conditions, Set<String> zeroable) {
        TreeMap<String, SymSize> positive = new TreeMap<>(); // by printed form: the result does not depend on the order
        for (SymCondition c : conditions) {
            if (!linear(c.left().minus(c.right()))) continue;
            for (SymSize e : positives(c)) positive.put(e.toString(), e);
        }
        List<SymCondition> out = new ArrayList<>();
        for (SymCondition c : conditions) {
            SymSize d = c.left().minus(c.right());
            if (linear(d)) {
                out.add(c);
                continue;
            }
            try {
                out.add(rewrite(c, d, positive, zeroable));
            } catch (ArithmeticException e) {
                out.add(c); // an overflow (SymOverflow among them): the condition as it was
            }
        }
        return out;
    }

    private static SymCondition rewrite(SymCondition c, SymSize d, TreeMap<String, SymSize> facts, Set<String> zeroable) {
        Rel rel = c.rel();
        switch (rel) { // D rel 0 with rel in {EQ, NE, GE}
            case LT -> { d = d.times(-1).plus(-1); rel = Rel.GE; }
            case LE -> { d = d.times(-1); rel = Rel.GE; }
            case GT -> { d = d.plus(-1); rel = Rel.GE; }
            case GE, EQ, NE -> { }
        }
        boolean changed = false;
        for (boolean progress = true; progress && !linear(d); ) { // a linear condition is the solver's again
            progress = false;
            for (SymSize m : candidates(d, facts, zeroable)) {
                Optional<SymSize> q = divide(d, m);
                boolean one = false;
                if (q.isEmpty() && rel == Rel.GE) { // M·Q - 1 >= 0 ⇔ Q >= 1 ⇔ Q - 1 >= 0
                    q = divide(d.plus(1), m);
                    one = true;
                }
                if (q.isPresent()) {
                    d = one ? q.get().plus(-1) : q.get();
                    changed = progress = true;
                    break;
                }
            }
        }
        if (rel != Rel.GE) {
            long g = content(d);
            if (g > 1) {
                d = d.exactDiv(g);
                changed = true;
            }
        }
        return changed ? new SymCondition(d, rel, SymSize.constant(0)) : c;
    }

    /** The candidate positive factors of {@code d}: the names in it and the facts, in printed order. */
    private static List<SymSize> candidates(SymSize d, TreeMap<String, SymSize> facts, Set<String> zeroable) {
        TreeMap<String, SymSize> out = new TreeMap<>(facts);
        for (String n : d.vars()) if (!zeroable.contains(n)) out.put(n, SymSize.name(n));
        return List.copyOf(out.values());
    }

    /** The non-constant expressions a linear condition bounds below by 1: {@code E >= m} (m ≥ 1) gives E and E − (m − 1). */
    private static List<SymSize> positives(SymCondition c) {
        SymSize d = c.left().minus(c.right());
        long k = switch (c.rel()) { // d >= k after normalising the sign, or none
            case GE -> 0;
            case GT -> 1;
            case LE -> { d = d.times(-1); yield 0; }
            case LT -> { d = d.times(-1); yield 1; }
            case EQ, NE -> Long.MIN_VALUE;
        };
        if (k == Long.MIN_VALUE) return List.of();
        long constant = d.asConstant().isPresent() ? 0 : d.terms().getOrDefault(new SymSize.Mono(List.of()), 0L);
        SymSize e = d.plus(-constant);
        long m = Math.subtractExact(k, constant); // e >= m
        if (e.asConstant().isPresent() || m < 1) return List.of();
        return m == 1 ? List.of(e) : List.of(e, e.plus(-(m - 1)));
    }

    /** {@code d / m} when {@code m} divides {@code d} exactly as polynomials in the atoms (checked by multiplying back). */
    static Optional<SymSize> divide(SymSize d, SymSize m) {
        if (m.asConstant().isPresent()) return Optional.empty();
        var lead = m.terms().firstEntry();
        TreeMap<SymSize.Mono, Long> q = new TreeMap<>();
        SymSize r = d;
        for (int step = 0; !r.isZero(); step++) {
            if (step > 4 * d.terms().size() + 4) return Optional.empty();
            var t = r.terms().firstEntry();
            Optional<List<SymAtom>> rest = without(t.getKey().atoms(), lead.getKey().atoms());
            if (rest.isEmpty() || t.getValue() % lead.getValue() != 0) return Optional.empty();
            SymSize.Mono mono = new SymSize.Mono(rest.get());
            long c = t.getValue() / lead.getValue();
            q.merge(mono, c, Math::addExact);
            r = r.minus(m.times(new SymSize(new TreeMap<>(Map.of(mono, c)))));
        }
        SymSize quot = new SymSize(q);
        return m.times(quot).minus(d).isZero() ? Optional.of(quot) : Optional.empty();
    }

    /** The multiset {@code a} less {@code b}, when {@code b} is contained in it. */
    private static Optional<List<SymAtom>> without(List<SymAtom> a, List<SymAtom> b) {
        List<SymAtom> out = new ArrayList<>(a);
        for (SymAtom x : b) if (!out.remove(x)) return Optional.empty();
        return Optional.of(out);
    }

    private static boolean linear(SymSize d) {
        return d.terms().keySet().stream().allMatch(m -> m.atoms().size() <= 1);
    }

    private static long content(SymSize d) {
        long g = 0;
        for (long c : d.terms().values()) g = gcd(g, Math.abs(c));
        return g;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
