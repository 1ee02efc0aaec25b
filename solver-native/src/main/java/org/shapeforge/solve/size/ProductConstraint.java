package org.shapeforge.solve.size;

import java.util.Map;
import java.util.Objects;
import org.shapeforge.lang.Constraint.Rel;

/**
 * A size predicate that is not linear — mul_eq ({@code size(a) == size(b) * size(c)}),
 * group_mul_eq, or a linear predicate over such a product (seed 002). Kept apart from the
 * {@link LinearSystem}: such constraints make the language Diophantine (Conj. 8.4(b)), so the
 * caller must resolve them by staging (substituting known sizes until they become linear, or
 * {@link TotalElems}'s single-variable powers) or report them as underdetermined products.
 */
public record ProductConstraint(Polynomial left, Rel rel, Polynomial right, String label) {
    public ProductConstraint {
        Objects.requireNonNull(left, "left");
        Objects.requireNonNull(rel, "rel");
        Objects.requireNonNull(right, "right");
        Objects.requireNonNull(label, "label");
    }

    /** Exact truth under a model binding every variable. */
    public boolean holds(Map<String, Long> model) {
        return rel.test(left.eval(model).compareTo(right.eval(model)), 0);
    }

    @Override
    public String toString() {
        return label;
    }
}
