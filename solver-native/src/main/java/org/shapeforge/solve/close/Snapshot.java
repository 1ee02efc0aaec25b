package org.shapeforge.solve.close;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.shapeforge.solve.rules.EngineView;
import org.shapeforge.solve.store.StoreView;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The variables bound before a stage, to name those it bound ({@link StageTrace}). Taken only
 * when a trace is asked for: one pass over the registered variables per stage.
 */
public final class Snapshot {
    private final BitSet dims = new BitSet(), rows = new BitSet();
    private final int commitments, resolves;
    private final long steps0;

    private Snapshot(EngineView v, long steps, int commitments, int resolves) {
        StoreView st = v.store();
        for (int i = 0, n = st.registeredDims(); i < n; i++) if (st.dimBound(st.registeredDim(i))) dims.set(st.registeredDim(i));
        for (int i = 0, n = st.registeredRows(); i < n; i++) if (st.rowBound(st.registeredRow(i))) rows.set(st.registeredRow(i));
        this.steps0 = steps;
        this.commitments = commitments;
        this.resolves = resolves;
    }

    /** The state before a stage, with the engine's step count and the closer's counts then. */
    public static Snapshot of(EngineView v, long steps, int commitments, int resolves) {
        return new Snapshot(v, steps, commitments, resolves);
    }

    /** The trace of {@code stage}, run since this snapshot, now that the engine is at {@code steps}. */
    public StageTrace trace(Stage stage, EngineView v, long steps, int commitments, int resolves, boolean completed) {
        StoreView st = v.store();
        Map<String, Dim> d = new LinkedHashMap<>();
        Map<String, Row> r = new LinkedHashMap<>();
        for (int i = 0, n = st.registeredDims(); i < n; i++) {
            int s = st.registeredDim(i);
            if (st.dimBound(s) && !dims.get(s)) d.put(st.dimName(s), v.dim(s, new Trace(Why.NONE, false)));
        }
        for (int i = 0, n = st.registeredRows(); i < n; i++) {
            int s = st.registeredRow(i);
            if (st.rowBound(s) && !rows.get(s)) r.put(st.rowName(s), v.row(s, new Trace(Why.NONE, false)));
        }
        return new StageTrace(stage, commitments - this.commitments, resolves - this.resolves, steps - steps0, d, r, completed);
    }
}
