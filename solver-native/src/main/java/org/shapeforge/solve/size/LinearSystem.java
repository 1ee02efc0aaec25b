package org.shapeforge.solve.size;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A conjunction of linear integer constraints over size unknowns: the fragment decided
 * exactly by {@link LinearSolver} (issue 4: ranges, divisibility as {@code x = k·m}, affine
 * equalities, concat sums). Every variable is an integer; a size is at least 1, a
 * {@code discardable} size at least 0 (seed 000, "Invalid variables in Block specs"), and an
 * {@code auxiliary} variable (quotients and remainders made by {@link SizeTranslator}) has no
 * implicit bound.
 */
public record LinearSystem(List<LinearConstraint> constraints, Set<String> discardable, Set<String> auxiliary) {
    public LinearSystem {
        constraints = List.copyOf(constraints);
        discardable = Set.copyOf(discardable);
        auxiliary = Set.copyOf(auxiliary);
    }

    public static LinearSystem of(List<LinearConstraint> constraints) {
        return new LinearSystem(constraints, Set.of(), Set.of());
    }

    public LinearSystem with(LinearConstraint c) {
        List<LinearConstraint> cs = new ArrayList<>(constraints);
        cs.add(c);
        return new LinearSystem(cs, discardable, auxiliary);
    }

    /** Every unknown the constraints mention, sorted. */
    public Set<String> variables() {
        TreeSet<String> vs = new TreeSet<>();
        for (LinearConstraint c : constraints) vs.addAll(c.expr().variables());
        return vs;
    }

    /** The implicit lower bound of a variable: 1 for sizes, 0 if discardable, none if auxiliary. */
    public Optional<Long> implicitLower(String v) {
        if (auxiliary.contains(v)) return Optional.empty();
        return Optional.of(discardable.contains(v) ? 0L : 1L);
    }

    /** Whether {@code v} is a size (its value is material to minimise), not an auxiliary. */
    public boolean isSize(String v) {
        return !auxiliary.contains(v);
    }
}
