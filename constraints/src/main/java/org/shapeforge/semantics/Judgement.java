package org.shapeforge.semantics;

import java.util.Objects;
import org.shapeforge.lang.Constraint;

/**
 * The {@link Evaluator}'s verdict on one constraint: its {@link Truth} and a human-readable
 * detail saying, with the numbers, what held, what failed, or why there is no value.
 */
public record Judgement(Constraint constraint, Truth truth, String detail) {
    public Judgement {
        Objects.requireNonNull(constraint, "constraint");
        Objects.requireNonNull(truth, "truth");
        Objects.requireNonNull(detail, "detail");
    }

    public boolean holds() {
        return truth == Truth.HOLDS;
    }
}
