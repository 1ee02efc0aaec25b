package org.shapeforge.solve.close;

import java.util.Set;
import org.shapeforge.lang.Declaration;
import org.shapeforge.solve.rules.Contradiction;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.StoreView;
import org.shapeforge.solve.store.Why;

/**
 * Stage 5's second half: the {@code leaf} dimensions without a cap guessed to their known size, else
 * 1 (0 if {@code discardable}), one at a time; a {@code param} so left is the error "unspecified
 * hidden dimension"; a Strided_var numerator that seed 000's {@code has_uniq_constr_unless} guard
 * protects is left to stage 7.
 */
final class LeafGuessStage implements Pass {
    @Override
    public Stage stage() {
        return Stage.LEAF_GUESS;
    }

    @Override
    public void run(Closer cx) {
        Provenance prov = cx.prov();
        if (prov.leaf().isEmpty()) return;
        StoreView store = cx.view().store();
        int[] vars = DimCommits.discardableLast(cx, DimCommits.vars(store));
        Set<String> tied = prov.dynamic().isEmpty() ? Set.of() : cx.view().sizes().tiedToDynamic();
        for (int slot : vars) {
            if (DimCommits.skipped(cx, slot, tied)) continue;
            String v = store.dimName(slot);
            // a cap may have come from a guess made earlier in this pass
            if (!prov.leaf().contains(v) || store.cap(slot) != null || cx.view().sizes().preventsGuess(v)) continue;
            if (prov.param().contains(v))
                throw Contradiction.hidden("unspecified hidden dimension: parameter " + v
                        + " is not determined by any constraint; give it a value (e.g. `" + v + " = 3`)", Why.NONE,
                        new Declaration.VarRef(v, false));
            cx.commit(new Fact.DimEq(store.dimTerm(slot), DimCommits.guess(cx, v)), Why.GUESS);
        }
    }
}
