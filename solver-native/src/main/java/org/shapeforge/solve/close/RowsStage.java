package org.shapeforge.solve.close;

import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.StoreView;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Row;

/**
 * Stage 6: the deferred word equations to their least-material solution, one at a time
 * ({@link DeferredEquations}); then every remaining unbound row (not {@code leaf}, not
 * {@code dynamic}) to {@code []}, one at a time (that guess creates no caps), except a row whose
 * {@code []} would make a live Total_elems fix a symbol ({@link TotalPins}): it stays open.
 */
final class RowsStage implements Pass {
    @Override
    public Stage stage() {
        return Stage.ROWS;
    }

    @Override
    public void run(Closer cx) {
        DeferredEquations.resolveAll(cx);
        Provenance prov = cx.prov();
        boolean tagged = !prov.dynamic().isEmpty() || !prov.leaf().isEmpty();
        StoreView store = cx.view().store();
        for (int i = 0, n = store.registeredRows(); i < n; i++) { // the variables there are now: commits may add fresh ones
            int slot = store.registeredRow(i);
            if (store.rowBound(slot)) continue;
            if (tagged) {
                String key = Provenance.rowKey(store.rowName(slot));
                if (prov.dynamic().contains(key) || prov.leaf().contains(key)) continue;
            }
            if (TotalPins.pinsSymbol(cx, store.rowName(slot), Row.empty())) continue; // its Total_elems would fix a symbol
            cx.commit(new Fact.RowEq(store.rowTerm(slot), Row.empty()), Why.GUESS);
        }
    }
}
