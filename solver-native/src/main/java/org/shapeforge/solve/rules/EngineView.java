package org.shapeforge.solve.rules;

import java.util.function.Function;
import org.shapeforge.lang.Span;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.StoreView;
import org.shapeforge.solve.store.Subst;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The {@link Engine}'s state, read-only (issue 28): the store, σ read through binding chains, the
 * size propagators' {@link SizeView}, and where input constraints came from. What closing's stages
 * decide from and what the report reads the solved form and the model off; a change to the state
 * goes through the engine ({@link Engine#emit} and {@link Engine#run}), never through this.
 */
public final class EngineView {
    private final Store store;
    private final Subst subst;
    private final SizeView sizes;
    private final Function<Why, Span> spans;

    EngineView(Store store, Subst subst, SizeView sizes, Function<Why, Span> spans) {
        this.store = store;
        this.subst = subst;
        this.sizes = sizes;
        this.spans = spans;
    }

    public StoreView store() {
        return store;
    }

    public SizeView sizes() {
        return sizes;
    }

    /** σ(d), the derivations read recorded in {@code t}. */
    public Dim dim(Dim d, Trace t) {
        return subst.dim(d, t);
    }

    /** σ of the dimension variable in slot {@code s}. */
    public Dim dim(int s, Trace t) {
        return subst.dim(s, t);
    }

    /** σ(r), the derivations read recorded in {@code t}. */
    public Row row(Row r, Trace t) {
        return subst.row(r, t);
    }

    /** σ of the row variable in slot {@code s}. */
    public Row row(int s, Trace t) {
        return subst.row(s, t);
    }

    /** Whether dimension variable {@code v} may still have size 0 (discardable, or fresh and not yet placed). */
    public boolean zeroOk(String v) {
        return store.zeroOkDim(v);
    }

    /** The span of the first input constraint behind {@code why} ({@link Span#NONE} for none): where a residual fact came from. */
    public Span span(Why why) {
        return spans.apply(why);
    }
}
