package org.shapeforge.solve.close;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.solve.rules.SizeItem;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.StoreView;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.solver.ClosingPolicy;
import org.shapeforge.term.Row;

/**
 * OCANNL's exception to stage 3 (seed 000: "sets yet-unknown row variables in terminal shapes to
 * their least upper bounds LUB (if any), but only if they don't have a {@code Total_elems 1}
 * constraint"; issue 28), run first in {@link Stage#LEAF_ROWS} and only under
 * {@link ClosingPolicy#OCANNL}. Such a row gets no LUB; stage 4 then "substitutes row variables in
 * terminal shapes that do not have a LUB by no-further-axes" — so here every unbound leaf row that
 * is an open row of a live {@code Total_elems} with numerator 1 is committed to {@code []}, all
 * together, one fixpoint. Under the notes' Def. 6.1 the row closes to the join of its caps and the
 * constraint then fails ({@code leaf <r>; [3] <= <r>; total(<r>) = 1}: a {@code policy} failure
 * by default, {@code <r> = []} here). Each commitment is a policy step; the closed model is
 * re-checked by the evaluator.
 */
final class TotalOneRows {
    /** Commits the leaf rows of {@code Total_elems 1} constraints to no-further-axes; nothing under the notes' policy. */
    void run(Closer cx) {
        Provenance prov = cx.prov();
        if (cx.policy() != ClosingPolicy.OCANNL || prov.leaf().isEmpty()) return;
        StoreView store = cx.view().store();
        List<Fact> batch = new ArrayList<>();
        List<Why> whys = new ArrayList<>();
        for (SizeItem it : cx.view().sizes().live()) {
            if (!(it.body instanceof SizeItem.Total(Constraint.Total c)) || !(c.numerator() instanceof Constraint.TotalNum.NumElems(long n))
                    || n != 1)
                continue;
            for (Row r : c.rows()) {
                if (!(cx.view().row(r, new Trace(Why.NONE, false)) instanceof Row.Open o)) continue;
                String key = Provenance.rowKey(o.var());
                if (!prov.leaf().contains(key) || prov.dynamic().contains(key) || store.rowBound(o.var())) continue;
                Fact f = new Fact.RowEq(Row.var(o.var()), Row.empty());
                if (batch.contains(f)) continue;
                batch.add(f);
                whys.add(Why.GUESS.and(it.why));
            }
        }
        if (!batch.isEmpty()) cx.commitTogether(batch, whys);
    }
}
