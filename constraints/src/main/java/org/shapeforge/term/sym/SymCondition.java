package org.shapeforge.term.sym;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.lang.Constraint.Rel;

/**
 * A domain condition of a symbolic answer: {@code left rel right} over the dynamic dimensions
 * (e.g. {@code (samples + 1) // 2 >= 1}: a derived size is at least 1; {@code n % 4 == 0}: a
 * division must be exact). The symbolic sizes are a solution exactly at the bindings of the
 * dynamic dimensions that satisfy every condition.
 */
public record SymCondition(SymSize left, Rel rel, SymSize right) {
    /** Whether the condition holds at {@code binding} (every name of it bound). */
    public boolean holds(Map<String, Long> binding) {
        return rel.test(left.eval(binding), right.eval(binding));
    }

    /** Whether every condition of {@code conditions} holds at {@code binding}, exactly (an overflow is a failure). */
    public static boolean allHold(List<SymCondition> conditions, Map<String, Long> binding) {
        try {
            for (SymCondition c : conditions) if (!c.holds(binding)) return false;
            return true;
        } catch (ArithmeticException overflow) {
            return false;
        }
    }

    /** Whether the condition holds for every binding of its names to sizes ≥ 1 (by interval reasoning; false when unsure). */
    public boolean trivial() {
        SymSize d = left.minus(right);
        if (rel == Rel.EQ) return d.isZero() || d.expandMod().isZero();
        Interval i = d.range();
        return switch (rel) {
            case EQ -> false;
            case NE -> i.lo() > 0 || i.hi() < 0;
            case LT -> i.hi() < 0;
            case LE -> i.hi() <= 0;
            case GT -> i.lo() > 0;
            case GE -> i.lo() >= 0;
        };
    }

    /** Whether this and {@code o} state the same thing: the same relation over provably equal differences. */
    public boolean sameAs(SymCondition o) {
        if (rel != o.rel) return false;
        SymSize a = left.minus(right).expandMod(), b = o.left.minus(o.right).expandMod();
        return a.equals(b) || (rel == Rel.EQ || rel == Rel.NE) && a.equals(b.times(-1));
    }

    /**
     * The condition as printed: {@code c·(p − k·(p // k)) == 0} (or {@code !=}), as an element
     * count {@code seq·16 == (seq // 2)·32} leaves it, is {@code p % k == 0}; any other condition
     * as it is. Only the text changes: the two state the same for every binding.
     */
    @Override
    public String toString() {
        SymCondition c = exactDivision().orElse(this);
        return c.left + " " + c.rel.symbol + " " + c.right;
    }

    /** {@code p % k REL 0} when this is {@code g·(p − k·(p // k)) REL 0} with g ≠ 0 and REL {@code ==} or {@code !=}. */
    private Optional<SymCondition> exactDivision() {
        if (rel != Rel.EQ && rel != Rel.NE) return Optional.empty();
        try {
            SymSize d = left.minus(right);
            for (var t : d.terms().entrySet()) {
                if (t.getKey().atoms().size() != 1 || !(t.getKey().atoms().getFirst() instanceof SymAtom.Div(SymSize p, long k))) continue;
                if (t.getValue() % k != 0) continue;
                long g = -t.getValue() / k;
                if (g != 0 && d.minus(p.minus(p.floorDiv(k).times(k)).times(g)).isZero())
                    return Optional.of(new SymCondition(p.mod(k), rel, SymSize.constant(0)));
            }
        } catch (ArithmeticException overflow) { // SymOverflow included: printed as it is
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** A closed integer interval; {@link Long#MIN_VALUE}/{@link Long#MAX_VALUE} stand for unbounded. */
    public record Interval(long lo, long hi) {}
}
