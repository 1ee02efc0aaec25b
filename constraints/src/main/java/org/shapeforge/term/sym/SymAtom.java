package org.shapeforge.term.sym;

/**
 * A factor of a {@link SymSize} monomial: a dynamic dimension's name, or a floor division or
 * remainder of a normal form by a positive constant. Atoms are only built by {@link SymSize}'s
 * operations, which keep the numerators in normal form (coefficients reduced into
 * {@code 0..k-1}, never constant), so structural equality of atoms is equality of what they denote.
 * Atoms are ordered by their printed form (a total order that does not depend on construction).
 */
public sealed interface SymAtom extends Comparable<SymAtom> {
    /** A dynamic dimension (or derived symbol) by name. */
    record Name(String name) implements SymAtom {
        public Name {
            if (name.isEmpty()) throw new IllegalArgumentException("empty name");
        }
    }

    /** {@code floor(num / k)}, k ≥ 2. */
    record Div(SymSize num, long k) implements SymAtom {
        public Div {
            if (k < 2) throw new IllegalArgumentException("divisor must be >= 2");
        }
    }

    /** {@code num mod k} (in {@code 0..k-1}), k ≥ 2. */
    record Mod(SymSize num, long k) implements SymAtom {
        public Mod {
            if (k < 2) throw new IllegalArgumentException("modulus must be >= 2");
        }
    }

    /** The atom as printed on its own: {@code n}, {@code (h + 1) // 2}, {@code (h + 1) % 2}. */
    default String show() {
        return switch (this) {
            case Name(String n) -> n;
            case Div(SymSize num, long k) -> num.showOperand() + " // " + k;
            case Mod(SymSize num, long k) -> num.showOperand() + " % " + k;
        };
    }

    @Override
    default int compareTo(SymAtom o) {
        int a = rank(this), b = rank(o);
        return a != b ? Integer.compare(a, b) : show().compareTo(o.show());
    }

    private static int rank(SymAtom a) {
        return switch (a) {
            case Name n -> 0;
            case Div d -> 1;
            case Mod m -> 2;
        };
    }
}
