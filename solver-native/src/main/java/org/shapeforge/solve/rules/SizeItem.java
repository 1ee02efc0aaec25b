package org.shapeforge.solve.rules;

import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.solve.size.LinearConstraint;
import org.shapeforge.solve.size.ProductConstraint;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;

/**
 * A constraint of the full language held by {@link SizeRules} until its sizes decide it (issue 4):
 * an equation or order with a Concat/Affine side, Total_elems, Exact, or a size predicate. Each
 * is re-examined at every fixpoint of the engine; {@link #alive} drops once it is discharged.
 */
public final class SizeItem {
    /** What the item says. */
    public sealed interface Body {}

    /** {@code left = right} where a side is a Concat or Affine term. */
    public record Eq(Dim left, Dim right) implements Body {}

    /** {@code lower ⊑ upper} with a compound lower side: waits until that side is ground. */
    public record Le(Dim lower, Dim upper) implements Body {}

    /** Total_elems (seed 000) over the concatenated rows. */
    public record Total(Constraint.Total c) implements Body {}

    /** Exact over the concatenated rows. */
    public record Exact(Constraint.Exact c) implements Body {}

    /** A size predicate, translated once: its linear part and its products. */
    public record Pred(Constraint c, List<LinearConstraint> linear, List<ProductConstraint> products) implements Body {}

    public final Body body;
    public final Why why;
    boolean alive = true;
    /** The last residual reason, reported if the item is still open after closing. */
    String residual;

    SizeItem(Body body, Why why) {
        this.body = body;
        this.why = why;
    }

    public boolean alive() {
        return alive;
    }
}
