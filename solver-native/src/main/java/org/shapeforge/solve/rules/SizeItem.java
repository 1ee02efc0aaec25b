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
    /**
     * The variables whose watch lists hold this item (never removed: a bound variable's list is
     * dropped): the first few in fields, the rest in sets. Most items watch at most three
     * dimension variables and one row, and an array (with a {@code "<"}-prefixed key per row) per
     * item was a third of a million objects at 10^6 constraints, held until the input's semantic
     * fixpoint (issue 12).
     */
    private String d0, d1, d2, r0;
    private Set<String> moreDims, moreRows;

    SizeItem(Body body, Why why, int id, SizeQueue queue) {
        this.body = body;
        this.why = why;
        this.id = id;
        this.queue = queue;
    }

    public boolean alive() {
        return alive;
    }

    /**
     * The incremental form of a residual Concat equation ({@link SumState}), or null: then the
     * next run re-derives everything.
     */
    SumState sum;

    /** Woken without saying by what: the next run re-derives everything. */
    @Override
    public void wake() {
        sum = null;
        if (alive) queue.schedule(this);
    }

    /** Woken because dimension variable {@code v} was bound or got a known size. */
    @Override
    public void wake(String v) {
        if (!alive) return;
        if (sum != null) sum.woken(v);
        queue.schedule(this);
    }

    /** The last residual reason, or null. */
    String reason() {
        return residual != null ? residual : sum != null ? sum.reason() : null;
    }

    /** Whether this item is not yet on dimension variable {@code v}'s watch list (and is recorded as being on it now). */
    boolean newDimWatch(String v) {
        if (v.equals(d0) || v.equals(d1) || v.equals(d2)) return false;
        if (d0 == null) d0 = v;
        else if (d1 == null) d1 = v;
        else if (d2 == null) d2 = v;
        else {
            if (moreDims == null) moreDims = new HashSet<>();
            return moreDims.add(v);
        }
        return true;
    }

    /** The row-variable counterpart of {@link #newDimWatch}. */
    boolean newRowWatch(String v) {
        if (v.equals(r0)) return false;
        if (r0 == null) r0 = v;
        else {
            if (moreRows == null) moreRows = new HashSet<>();
            return moreRows.add(v);
        }
        return true;
    }
}
