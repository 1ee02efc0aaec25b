package org.shapeforge.solve.size;

import java.util.ArrayList;
import java.util.List;

/**
 * A product of unknowns, as the sorted multiset of their names ({@code a·a·b} is
 * {@code [a, a, b]}); the empty monomial is the constant 1. Monomials are what Total_elems,
 * mul_eq and group_mul_eq add to the language (Conj. 8.4(b)).
 */
public record Monomial(List<String> factors) implements Comparable<Monomial> {
    public Monomial {
        List<String> s = new ArrayList<>(factors);
        s.sort(null);
        factors = List.copyOf(s);
    }

    public static final Monomial ONE = new Monomial(List.of());

    public static Monomial of(String var) {
        return new Monomial(List.of(var));
    }

    public Monomial times(Monomial o) {
        List<String> s = new ArrayList<>(factors);
        s.addAll(o.factors);
        return new Monomial(s);
    }

    public int degree() {
        return factors.size();
    }

    @Override
    public int compareTo(Monomial o) {
        if (degree() != o.degree()) return Integer.compare(degree(), o.degree());
        for (int i = 0; i < degree(); i++) {
            int c = factors.get(i).compareTo(o.factors.get(i));
            if (c != 0) return c;
        }
        return 0;
    }

    @Override
    public String toString() {
        return factors.isEmpty() ? "1" : String.join("·", factors);
    }
}
