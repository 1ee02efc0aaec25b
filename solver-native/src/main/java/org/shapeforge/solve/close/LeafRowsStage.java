package org.shapeforge.solve.close;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Declaration;
import org.shapeforge.solve.rules.Contradiction;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.StoreView;
import org.shapeforge.solve.store.Stored;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Row;

/**
 * Stage 3: every unbound {@code leaf}/{@code param} row to the join of its caps (Prop. 2.7), or
 * {@code []} without caps (no-further-axes); a {@code param} row whose join has holes is the error
 * "unspecified hidden dimension". The values are all read off the store first and then committed
 * together before one fixpoint: committing them one at a time made the answer depend on which leaf
 * came first (found by the fuzzer's metamorphic check: {@code [3] <r1> ~ <r2> [3]; [5] <r2> <= <r1>;
 * leaf <r1>, <r2>}). A leaf row open in a live Total_elems is left to stage 5's heuristics. In
 * complete mode, a non-empty join is a choice point (join or {@code []}). Under {@code --closing
 * ocannl}, {@link TotalOneRows} and {@link RowEnvLub} run first (docs/solver.md, "Closing: notes or
 * OCANNL").
 */
final class LeafRowsStage implements Pass {
    @Override
    public Stage stage() {
        return Stage.LEAF_ROWS;
    }

    @Override
    public void run(Closer cx) {
        new TotalOneRows().run(cx); // OCANNL's exceptions, first (nothing under the notes' policy)
        new RowEnvLub().run(cx);
        Provenance prov = cx.prov();
        if (prov.dynamic().isEmpty() && prov.leaf().isEmpty()) return; // no leaves (and nothing tagged)
        StoreView store = cx.view().store();
        List<Fact> batch = new ArrayList<>();
        List<Why> whys = new ArrayList<>();
        for (int i = 0, n = store.registeredRows(); i < n; i++) { // the variables there are now
            int slot = store.registeredRow(i);
            if (store.rowBound(slot)) continue;
            String v = store.rowName(slot);
            String key = Provenance.rowKey(v);
            if (prov.dynamic().contains(key) || !prov.leaf().contains(key)) continue;
            Row value = Row.empty();
            Why valueWhy = Why.GUESS;
            boolean joined = false; // the value is the join of the caps (else a guess)
            List<Row> caps = new ArrayList<>();
            Why why = Why.GUESS;
            for (Stored c : store.rowCaps(slot)) {
                Trace t = new Trace(Why.NONE, true);
                caps.add(cx.view().row(c.lowerRow(), t));
                why = why.and(c.why()).and(t.why());
            }
            if (!caps.isEmpty()) {
                RowJoin.Result j = RowJoin.of(caps);
                if (j.holes() > 0 && prov.param().contains(key))
                    throw Contradiction.hidden("unspecified hidden dimension in parameter <" + v + ">: "
                            + j.holes() + " position(s) of its shape are not determined by any constraint; "
                            + "give the parameter an explicit shape", why, new Declaration.VarRef(v, true));
                if (!cx.complete() || j.row().flat().isEmpty() || cx.choose(2) == 0) {
                    value = j.row();
                    valueWhy = why;
                    joined = true;
                }
            }
            if (!joined && cx.view().sizes().pendingRow(v)) continue; // left to stage 5's Total_elems heuristics
            batch.add(new Fact.RowEq(store.rowTerm(slot), value));
            whys.add(valueWhy);
        }
        if (!batch.isEmpty()) cx.commitTogether(batch, whys);
    }
}
