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
     * The variables whose watch lists hold this item, rows prefixed by {@code <} (never removed:
     * a bound variable's list is dropped). A few names in an array, scanned; a set past
     * {@link #SMALL} (a long sum), so the check stays O(1) per variable.
     */
    private String[] watched;
    private int nWatched;
    private Set<String> watchedSet;
    private static final int SMALL = 12;

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
        return newWatch(v);
    }

    /** The row-variable counterpart of {@link #newDimWatch}. */
    boolean newRowWatch(String v) {
        return newWatch("<" + v);
    }

    private boolean newWatch(String key) {
        if (watchedSet != null) return watchedSet.add(key);
        for (int i = 0; i < nWatched; i++) if (watched[i].equals(key)) return false;
        if (nWatched == SMALL) {
            watchedSet = new HashSet<>(java.util.Arrays.asList(watched));
            watched = null;
            return watchedSet.add(key);
        }
        if (watched == null) watched = new String[4];
        else if (nWatched == watched.length) watched = java.util.Arrays.copyOf(watched, SMALL);
        watched[nWatched++] = key;
        return true;
    }
}
