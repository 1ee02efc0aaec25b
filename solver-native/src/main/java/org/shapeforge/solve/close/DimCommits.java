package org.shapeforge.solve.close;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.StoreView;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;

/**
 * What the dimension stages (4, 5's leaf guesses, 7) share. Within a stage, variables with a cap
 * commit first, to their caps, and <em>together</em>: every capped variable's value is read off the
 * store before any of them is emitted, then all are solved to one fixpoint (as OCANNL's stage table
 * commits a stage's leaves). Committing them one at a time made the result depend on which came
 * first: with {@code leaf p, q; 4 <= p; 7 <= q; h <= p; h <= q}, committing p first pinned h = 4 and
 * collapsed q's caps to 1, committing q first gave the mirror answer. Together, the conflict is a
 * {@code policy} failure naming both, and complete mode branches over each cap-or-unit choice.
 * Only then are the uncapped variables guessed, one at a time (a guess to 1 creates no caps), so
 * the closed values depend neither on the order of the constraints and declarations nor on the names.
 */
final class DimCommits {
    private DimCommits() {}

    /** The registered dimension variables there are now (commits may add fresh ones). */
    static int[] vars(StoreView store) {
        int[] vars = new int[store.registeredDims()];
        for (int i = 0; i < vars.length; i++) vars[i] = store.registeredDim(i);
        return vars;
    }

    /**
     * The capped pass of a stage: every unbound capped variable ({@code leavesOnly}: leaves only,
     * stage 4) to its cap, all read first and then committed together. A symbol, a variable a size
     * item ties to one, and a variable whose cap would pin a symbol ({@code SizeView.numberPinsSymbol})
     * are skipped: above a symbol ({@code s ⊑ v, v = 3} gives s = 3; {@code dynamic h; [d] <= [h];
     * [d] <= [q]; 3 <= q} closed h = 3), or above a variable directly below one ({@code c ⊑ a, c ⊑ b}
     * with b dynamic: a = 2 gives c = 2 and b ∈ {1, 2}; fuzz case 6823 closed b = 1). They stay
     * open, and the later stages treat them as variables beside symbols.
     * In complete mode stage 4's commitments are choice points (cap or unit), taken in the order of
     * the caps' values and bases, then names, not of first mention.
     */
    static void capped(Closer cx, int[] vars, boolean leavesOnly) {
        Provenance prov = cx.prov();
        boolean anyLeaf = !prov.leaf().isEmpty(), anyDynamic = !prov.dynamic().isEmpty();
        StoreView store = cx.view().store();
        List<Integer> todo = new ArrayList<>();
        Set<String> tied = anyDynamic ? cx.view().sizes().tiedToDynamic() : Set.of();
        for (int slot : vars) {
            String v = store.dimName(slot);
            if (store.dimBound(slot) || store.cap(slot) == null || anyDynamic && (cx.view().sizes().isSymbol(v) || tied.contains(v))) continue;
            if (anyDynamic && cx.view().sizes().numberPinsSymbol(v, store.cap(slot).atom())) continue;
            if (leavesOnly && !(anyLeaf && prov.leaf().contains(v))) continue;
            todo.add(slot);
        }
        if (todo.isEmpty()) return;
        boolean branch = cx.complete() && leavesOnly;
        if (branch) todo.sort(Comparator.comparing((Integer d) -> store.cap(d).atom().size())
                .thenComparing(d -> String.valueOf(store.cap(d).atom().basis())).thenComparing(store::dimName));
        List<Fact> facts = new ArrayList<>(todo.size());
        List<Why> whys = new ArrayList<>(todo.size());
        for (int slot : todo) {
            Store.Cap cap = store.cap(slot);
            boolean unit = branch && cx.choose(2) == 1;
            facts.add(new Fact.DimEq(store.dimTerm(slot), unit ? Dim.unit() : cap.atom()));
            whys.add(Why.GUESS.and(cap.why()));
        }
        cx.commitTogether(facts, whys);
    }

    /**
     * {@code vars} with the discardable variables last (a stable partition): guesses to the unit
     * create no caps, a discardable's 0 caps the variables above it, so the zeros go last and the
     * closed values do not depend on the order in which variables were first mentioned.
     */
    static int[] discardableLast(Closer cx, int[] vars) {
        Set<String> discardable = cx.prov().discardable();
        if (discardable.isEmpty()) return vars;
        StoreView store = cx.view().store();
        int[] sorted = new int[vars.length];
        int k = 0;
        for (int v : vars) if (!discardable.contains(store.dimName(v))) sorted[k++] = v;
        for (int v : vars) if (discardable.contains(store.dimName(v))) sorted[k++] = v;
        return sorted;
    }

    /** Whether the uncapped passes skip {@code v}: bound, a symbol, or tied by a size item to a dynamic dim (never closed through a relation). */
    static boolean skipped(Closer cx, int slot, Set<String> tied) {
        if (cx.view().store().dimBound(slot)) return true;
        if (cx.prov().dynamic().isEmpty()) return false;
        String v = cx.view().store().dimName(slot);
        return cx.view().sizes().isSymbol(v) || tied.contains(v);
    }

    /** The closing guess for an uncapped variable: its known size, else 1 (0 for a discardable). */
    static Dim guess(Closer cx, String v) {
        return cx.view().sizes().guess(v, cx.view().zeroOk(v) ? new Dim.Atom(0) : Dim.unit());
    }
}
