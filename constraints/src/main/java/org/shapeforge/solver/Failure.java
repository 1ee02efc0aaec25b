package org.shapeforge.solver;

import java.util.List;
import org.shapeforge.lang.Constraint;

/**
 * A negative answer: its kind, a message naming the constraint kind and the numbers involved,
 * and the original constraints involved (an unsat core for SMT; the derivation's sources for
 * native), whose spans are the origins.
 */
public record Failure(FailureKind kind, String message, List<Constraint> constraints) {
    public Failure {
        constraints = List.copyOf(constraints);
    }

    /** {@code file:line} of each constraint involved, in order, without duplicates. */
    public List<String> origins() {
        return constraints.stream().map(c -> c.span().fileLine()).distinct().toList();
    }
}
