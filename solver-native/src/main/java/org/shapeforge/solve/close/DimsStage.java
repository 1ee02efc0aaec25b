package org.shapeforge.solve.close;

import java.util.Set;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.StoreView;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;

/**
 * Stage 7: the remaining dimensions — the capped ones to their caps, together
 * ({@link DimCommits#capped}), then the others one at a time to their known size, else 1 (0 if
 * {@code discardable}). A variable below exactly one dynamic dim closes to it (NumPy's broadcast
 * result: 1 would pin the dynamic dim to the unit); below several it is left open.
 */
final class DimsStage implements Pass {
    @Override
    public Stage stage() {
        return Stage.DIMS;
    }

    @Override
    public void run(Closer cx) {
        StoreView store = cx.view().store();
        DimCommits.capped(cx, DimCommits.vars(store), false);
        boolean anyDynamic = !cx.prov().dynamic().isEmpty();
        int[] vars = DimCommits.discardableLast(cx, DimCommits.vars(store));
        Set<String> tied = anyDynamic ? cx.view().sizes().tiedToDynamic() : Set.of();
        for (int slot : vars) {
            if (DimCommits.skipped(cx, slot, tied)) continue;
            String v = store.dimName(slot);
            Store.Cap cap = store.cap(slot); // a cap may have come from a guess made earlier in this pass
            Dim.Var term = store.dimTerm(slot);
            if (cap != null && anyDynamic && cx.view().sizes().numberPinsSymbol(v, cap.atom())) continue; // as in DimCommits.capped
            Set<String> above = cap == null && anyDynamic ? cx.view().sizes().symbolsAbove(v) : Set.of();
            if (above.size() > 1) continue; // below two dynamic dims: any value would guess one of them
            if (above.size() == 1) {
                cx.commit(new Fact.DimEq(term, Dim.var(above.iterator().next())), Why.GUESS);
                continue;
            }
            cx.commit(new Fact.DimEq(term, cap != null ? cap.atom() : DimCommits.guess(cx, v)),
                    cap != null ? Why.GUESS.and(cap.why()) : Why.GUESS);
        }
    }
}
