package org.shapeforge.term.sym;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Dim;

/**
 * A size as a function of the dynamic dimensions, in a canonical normal form: an integer
 * polynomial (coefficient × monomial, no zero coefficient) whose monomials are sorted multisets
 * of {@link SymAtom}s — names, {@code floor(p / k)} and {@code p mod k} of normal forms. Every
 * operation returns a normal form, simplifying as it goes: a division or remainder of a constant
 * is a constant; {@code floor((k·q + r) / k) = q + floor(r / k)} with r's coefficients reduced
 * into {@code 0..k-1}; a common factor of r and k cancels; {@code floor((q + floor(r/a)) / k)} is
 * {@code floor((a·q + r) / (a·k))}. Structural equality of normal forms is thus provable equality
 * of the expressions built here (the converse holds for polynomials, not for every division).
 * Arithmetic is overflow-checked: {@link SymOverflow}, never a wrong number. Immutable.
 */
public record SymSize(SortedMap<Mono, Long> terms) {
    public SymSize {
        TreeMap<Mono, Long> t = new TreeMap<>();
        terms.forEach((m, c) -> {
            if (c != 0) t.put(m, c);
        });
        terms = Collections.unmodifiableSortedMap(t);
    }

    /** A monomial: a sorted multiset of atoms (empty: the constant monomial). Higher degree sorts first. */
    public record Mono(List<SymAtom> atoms) implements Comparable<Mono> {
        public Mono {
            List<SymAtom> a = new ArrayList<>(atoms);
            Collections.sort(a);
            atoms = List.copyOf(a);
        }

        static final Mono ONE = new Mono(List.of());

        Mono times(Mono o) {
            List<SymAtom> a = new ArrayList<>(atoms);
            a.addAll(o.atoms);
            return new Mono(a);
        }

        @Override
        public int compareTo(Mono o) {
            if (atoms.size() != o.atoms.size()) return Integer.compare(o.atoms.size(), atoms.size());
            for (int i = 0; i < atoms.size(); i++) {
                int c = atoms.get(i).compareTo(o.atoms.get(i));
                if (c != 0) return c;
            }
            return 0;
        }
    }

    public static SymSize constant(long n) {
        return new SymSize(new TreeMap<>(Map.of(Mono.ONE, n)));
    }

    public static SymSize name(String n) {
        return atom(new SymAtom.Name(n));
    }

    private static SymSize atom(SymAtom a) {
        return new SymSize(new TreeMap<>(Map.of(new Mono(List.of(a)), 1L)));
    }

    public boolean isZero() {
        return terms.isEmpty();
    }

    /** The value when this is a constant. */
    public Optional<Long> asConstant() {
        if (terms.isEmpty()) return Optional.of(0L);
        return terms.size() == 1 && terms.containsKey(Mono.ONE) ? Optional.of(terms.get(Mono.ONE)) : Optional.empty();
    }

    /** The name when this is exactly one name (coefficient 1, no constant). */
    public Optional<String> asName() {
        if (terms.size() != 1) return Optional.empty();
        var e = terms.entrySet().iterator().next();
        return e.getValue() == 1 && e.getKey().atoms().size() == 1 && e.getKey().atoms().getFirst() instanceof SymAtom.Name(String n)
                ? Optional.of(n) : Optional.empty();
    }

    public SymSize plus(SymSize o) {
        TreeMap<Mono, Long> t = new TreeMap<>(terms);
        o.terms.forEach((m, c) -> t.merge(m, c, SymSize::add));
        return recombine(new SymSize(t));
    }

    /** {@code c·k·floor(r / k) + c·(r mod k)} is {@code c·r}: the division identity, applied until none is left. */
    private static SymSize recombine(SymSize s) {
        for (var e : s.terms.entrySet()) {
            if (e.getKey().atoms().size() != 1 || !(e.getKey().atoms().getFirst() instanceof SymAtom.Mod(SymSize r, long k))) continue;
            long c = e.getValue();
            Mono div = new Mono(List.of(new SymAtom.Div(r, k)));
            Long cd = s.terms.get(div);
            if (cd == null || cd != mul(c, k)) continue;
            TreeMap<Mono, Long> t = new TreeMap<>(s.terms);
            t.remove(div);
            t.remove(e.getKey());
            r.terms.forEach((m, rc) -> t.merge(m, mul(rc, c), SymSize::add));
            return recombine(new SymSize(t));
        }
        return s;
    }

    public SymSize minus(SymSize o) {
        return plus(o.times(-1));
    }

    public SymSize plus(long n) {
        return plus(constant(n));
    }

    public SymSize times(long k) {
        TreeMap<Mono, Long> t = new TreeMap<>();
        terms.forEach((m, c) -> t.put(m, mul(c, k)));
        return new SymSize(t);
    }

    public SymSize times(SymSize o) {
        TreeMap<Mono, Long> t = new TreeMap<>();
        terms.forEach((m, c) -> o.terms.forEach((m2, c2) -> t.merge(m.times(m2), mul(c, c2), SymSize::add)));
        return new SymSize(t);
    }

    /** {@code floor(this / k)}, k ≥ 1. */
    public SymSize floorDiv(long k) {
        if (k < 1) throw new IllegalArgumentException("divisor must be >= 1: " + k);
        if (k == 1) return this;
        // floor((q + floor(r / a)) / k) = floor((a·q + r) / (a·k)) for integer q
        for (var e : terms.entrySet())
            if (e.getValue() == 1 && e.getKey().atoms().size() == 1 && e.getKey().atoms().getFirst() instanceof SymAtom.Div(SymSize r, long a)) {
                SymSize q = minus(atom(e.getKey().atoms().getFirst()));
                return q.times(a).plus(r).floorDiv(mul(a, k));
            }
        Split s = split(k);
        if (s.rest.asConstant().isPresent()) return s.quot; // rest in 0..k-1
        long g = gcd(s.rest, k);
        return s.quot.plus(atom(new SymAtom.Div(s.rest.exactDiv(g), k / g)));
    }

    /** {@code this mod k} (in {@code 0..k-1}), k ≥ 1. */
    public SymSize mod(long k) {
        if (k < 1) throw new IllegalArgumentException("modulus must be >= 1: " + k);
        if (k == 1) return constant(0);
        Split s = split(k);
        if (s.rest.asConstant().isPresent()) return s.rest;
        long g = gcd(s.rest, k);
        return atom(new SymAtom.Mod(s.rest.exactDiv(g), k / g)).times(g);
    }

    /** Whether every coefficient (the constant included) is divisible by k. */
    public boolean divisibleBy(long k) {
        return terms.values().stream().allMatch(c -> c % k == 0);
    }

    /** The polynomial divided by k, every coefficient divisible ({@link #divisibleBy}). */
    public SymSize exactDiv(long k) {
        if (!divisibleBy(k)) throw new IllegalArgumentException(this + " is not divisible by " + k);
        TreeMap<Mono, Long> t = new TreeMap<>();
        terms.forEach((m, c) -> t.put(m, c / k));
        return new SymSize(t);
    }

    private record Split(SymSize quot, SymSize rest) {}

    private Split split(long k) {
        TreeMap<Mono, Long> q = new TreeMap<>(), r = new TreeMap<>();
        terms.forEach((m, c) -> {
            q.put(m, Math.floorDiv(c, k));
            r.put(m, Math.floorMod(c, k));
        });
        return new Split(new SymSize(q), new SymSize(r));
    }

    private static long gcd(SymSize p, long k) {
        long g = k;
        for (long c : p.terms.values()) g = gcd(g, Math.abs(c));
        return g;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /** The value at {@code binding} (every name bound); {@link SymOverflow} if it leaves 64 bits. */
    public long eval(Map<String, Long> binding) {
        long sum = 0;
        for (var e : terms.entrySet()) {
            long p = e.getValue();
            for (SymAtom a : e.getKey().atoms()) p = mul(p, evalAtom(a, binding));
            sum = add(sum, p);
        }
        return sum;
    }

    private static long evalAtom(SymAtom a, Map<String, Long> binding) {
        return switch (a) {
            case SymAtom.Name(String n) -> {
                Long v = binding.get(n);
                if (v == null) throw new IllegalArgumentException("no value for " + n);
                yield v;
            }
            case SymAtom.Div(SymSize num, long k) -> Math.floorDiv(num.eval(binding), k);
            case SymAtom.Mod(SymSize num, long k) -> Math.floorMod(num.eval(binding), k);
        };
    }

    /** The names replaced by normal forms (a name not in {@code values} stays), renormalised. */
    public SymSize substitute(Map<String, SymSize> values) {
        SymSize out = constant(0);
        for (var e : terms.entrySet()) {
            SymSize p = constant(e.getValue());
            for (SymAtom a : e.getKey().atoms())
                p = p.times(switch (a) {
                    case SymAtom.Name(String n) -> values.getOrDefault(n, name(n));
                    case SymAtom.Div(SymSize num, long k) -> num.substitute(values).floorDiv(k);
                    case SymAtom.Mod(SymSize num, long k) -> num.substitute(values).mod(k);
                });
            out = out.plus(p);
        }
        return out;
    }

    /**
     * This value with every remainder written through the floor division, {@code r mod k = r -
     * k·floor(r / k)} (recursively). Not for printing: a form in which the division identities
     * cancel exactly, so that {@code a.expandMod().equals(b.expandMod())} proves {@code a = b} in
     * more cases than the normal forms' equality ({@code ((s + 1) // 2 + 1) % 2} against the
     * collapsed {@code (s + 3) // 4} of a strided chain).
     */
    public SymSize expandMod() {
        SymSize out = constant(0);
        for (var e : terms.entrySet()) {
            SymSize p = constant(e.getValue());
            for (SymAtom a : e.getKey().atoms())
                p = p.times(switch (a) {
                    case SymAtom.Name n -> atom(n);
                    case SymAtom.Div(SymSize num, long k) -> num.expandMod().floorDiv(k);
                    case SymAtom.Mod(SymSize num, long k) -> {
                        SymSize r = num.expandMod();
                        yield r.minus(r.floorDiv(k).times(k));
                    }
                });
            out = out.plus(p);
        }
        return out;
    }

    /** Whether the two values are provably equal (their remainder-expanded forms coincide). */
    public boolean provablyEquals(SymSize o) {
        return equals(o) || minus(o).expandMod().isZero();
    }

    /** The names this mentions, sorted. */
    public SortedSet<String> vars() {
        TreeSet<String> out = new TreeSet<>();
        for (Mono m : terms.keySet())
            for (SymAtom a : m.atoms())
                switch (a) {
                    case SymAtom.Name(String n) -> out.add(n);
                    case SymAtom.Div(SymSize num, long k) -> out.addAll(num.vars());
                    case SymAtom.Mod(SymSize num, long k) -> out.addAll(num.vars());
                }
        return out;
    }

    /** Bounds on the value over every binding of the names to sizes ≥ 1 (interval arithmetic; saturating). */
    public SymCondition.Interval range() {
        return Ranges.of(this);
    }

    /**
     * The {@code .shc} size expression of this value, when it has no floor division (a division
     * has no {@code .shc} operator: see {@link #definition}).
     */
    public Optional<SizeExpr> toSizeExpr() {
        return ShcForm.expr(this);
    }

    /**
     * A {@code .shc} relation defining {@code size(v)} as this value: {@code size(v) == e}, or, with
     * floor divisions {@code floor(r_i / k_i)} of division-free numerators at the top level,
     * {@code L·size(v) == L·q + Σ c_i·(L/k_i)·(r_i - r_i % k_i)} with L the lcm of the k_i. Empty
     * when a division is nested in a product or another division.
     */
    public Optional<Constraint> definition(Dim v) {
        return ShcForm.definition(this, v);
    }

    /** The canonical printed form: {@code (h + 1) // 2}, {@code n * 4}, {@code n + 3}, {@code batch}. */
    @Override
    public String toString() {
        if (terms.isEmpty()) return "0";
        StringBuilder b = new StringBuilder();
        boolean first = true;
        for (var e : terms.entrySet()) {
            long c = e.getValue();
            if (first) {
                if (c < 0) b.append('-');
            } else b.append(c < 0 ? " - " : " + ");
            first = false;
            long abs = c == Long.MIN_VALUE ? c : Math.abs(c);
            List<SymAtom> atoms = e.getKey().atoms();
            if (atoms.isEmpty()) {
                b.append(Long.toString(abs).replace("-", ""));
                continue;
            }
            boolean wrap = atoms.size() > 1 || c != 1;
            for (int i = 0; i < atoms.size(); i++) {
                if (i > 0) b.append(" * ");
                SymAtom a = atoms.get(i);
                b.append(wrap && !(a instanceof SymAtom.Name) ? "(" + a.show() + ")" : a.show());
            }
            if (abs != 1) b.append(" * ").append(Long.toString(abs).replace("-", ""));
        }
        return b.toString();
    }

    /** As the operand of {@code //} or {@code %}: parenthesised unless one name or a non-negative constant. */
    String showOperand() {
        if (asName().isPresent() || asConstant().filter(c -> c >= 0).isPresent()) return toString();
        return "(" + this + ")";
    }

    static long add(long a, long b) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            throw new SymOverflow(a + " + " + b);
        }
    }

    static long mul(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            throw new SymOverflow(a + " * " + b);
        }
    }
}
