package org.shapeforge.solve.rules;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.solve.size.LinearConstraint;
import org.shapeforge.solve.size.ProductConstraint;
import org.shapeforge.solve.store.Watcher;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;

/**
 * A constraint of the full language held by {@link SizeRules} until its sizes decide it (issue 4):
 * an equation or order with a Concat/Affine side, Total_elems, Exact, or a size predicate. It is
 * a propagator in choco-solver's sense: it owns its state (alive, the last residual reason, the
 * variables it watches) and is re-examined only when it is woken — when a variable it watches is
 * bound or gets a known size — never by a rescan ({@link SizeQueue}). {@link #alive} drops once
 * it is discharged.
 */
public final class SizeItem implements Watcher {
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
    /** Arrival order: woken items run lowest first, as the order of a scan over all items would. */
    final int id;
    private final SizeQueue queue;
    boolean alive = true;
    /** Whether the item waits in the queue. */
    boolean queued;
    /** The last residual reason, reported if the item is still open after closing. */
    String residual;
    /** The dimension and row variables whose watch lists hold this item (never removed: a bound variable's list is dropped). */
    private Set<String> dims, rows;

    SizeItem(Body body, Why why, int id, SizeQueue queue) {
        this.body = body;
        this.why = why;
        this.id = id;
        this.queue = queue;
    }

    public boolean alive() {
        return alive;
    }

    @Override
    public void wake() {
        if (alive) queue.schedule(this);
    }

    /** Whether this item is not yet on {@code v}'s watch list (and is recorded as being on it now). */
    boolean newDimWatch(String v) {
        if (dims == null) dims = new HashSet<>(4);
        return dims.add(v);
    }

    /** The row-variable counterpart of {@link #newDimWatch}. */
    boolean newRowWatch(String v) {
        if (rows == null) rows = new HashSet<>(2);
        return rows.add(v);
    }
}
