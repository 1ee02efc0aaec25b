package org.shapeforge.solve.rules;

import java.util.List;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.solve.store.Store;
import org.shapeforge.solve.store.Stored;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Row inequality {@code R_res ⊑ R_op} in the marked order (Def. 2.3, Def. 4.3 cases (i)–(iv)).
 * Flank-fit is checked structurally: the operand's explicit flanks face the result's explicit
 * flanks from the outer edges; only the operand's inserted (broadcast) positions face result
 * surplus unconstrained (§10's base-case fix). Rank facts are recorded with their exact weights (Def. 4.5).
 */
final class RowLeRule implements Rule<Row> {
    private final RuleContext cx;

    RowLeRule(RuleContext cx) {
        this.cx = cx;
    }

    @Override
    public void apply(Row res, Row op, Why why) {
        int dl = op.lead().size() - res.lead().size();
        int dr = op.trail().size() - res.trail().size();
        boolean deficit = dl > 0 || dr > 0;
        if (deficit) {
            if (res instanceof Row.Open ro && !(op instanceof Row.Open oo && oo.var().equals(ro.var()))) {
                deficitRule(ro, op, dl, dr, why);
                return;
            }
            String what = res.isOpen() ? "would need more axes than itself (rank cycle)" : "has too few axes";
            throw Contradiction.fail("row broadcast mismatch: result " + Show.row(res) + " " + what + " for operand "
                    + Show.row(op) + " (flank-fit of the marked order, Def. 2.3)", why);
        }
        zip(res, op, why);
        if (!(op instanceof Row.Open oo)) return; // case (ii): the rest faces the operand's inserted units
        Row residue = switch (res) {
            case Row.Open ro -> {
                List<Dim> lead = Lists.drop(ro.lead(), op.lead().size()), trail = Lists.dropLast(ro.trail(), op.trail().size());
                // a bare residue is the variable's one term (a stored cap holds it to the end)
                yield lead.isEmpty() && trail.isEmpty() ? cx.store().rowTerm(cx.store().rowSlotOrNew(ro)) : ro.withFlanks(lead, trail);
            }
            default -> new Row.Closed(Lists.drop(res.lead(), op.lead().size()),
                    Lists.dropLast(res.trail(), op.trail().size()));
        };
        int upper = cx.store().rowSlotOrNew(oo);
        if (res instanceof Row.Open ro && ro.var().equals(oo.var())) {
            if (dl < 0 || dr < 0)
                cx.store().bound().storeRow(new Fact.RowLe(residue, cx.store().rowTerm(upper)), why, Stored.Kind.SHIFTED_LE, upper, Store.NONE);
            return;
        }
        if (res instanceof Row.Open ro) cx.inequalityRankFacts(ro, oo, why);
        storeCap(residue, upper, why);
    }

    /** Case (iv): grow the result by fresh axes to clear the deficit, then reprocess. */
    private void deficitRule(Row.Open res, Row op, int dl, int dr, Why why) {
        if (op instanceof Row.Open oo) cx.inequalityRankFacts(res, oo, why);
        Row.Open inner = cx.freshRow();
        Row grown = inner.withFlanks(cx.freshDims(Math.max(dl, 0)), cx.freshDims(Math.max(dr, 0)));
        cx.bindRow(res, grown, why, false);
        cx.emit(new Fact.RowLe(res, op), why);
    }

    private void zip(Row res, Row op, Why why) {
        List<Dim> rl = res.lead(), ol = op.lead(), rt = res.trail(), ot = op.trail();
        for (int i = 0; i < ol.size(); i++) cx.emit(new Fact.DimLe(rl.get(i), ol.get(i)), why);
        for (int j = 1; j <= ot.size(); j++) cx.emit(new Fact.DimLe(rt.get(rt.size() - j), ot.get(ot.size() - j)), why);
    }

    /**
     * Case (i): the residue becomes a cap on the operand variable; ground caps forward along
     * adjacencies. An empty closed residue ({@code [] <= <r>}) is no cap but an entailment: by
     * flank-fit (Def. 2.3) r's value must fit inside the result's flanks, both empty, so r = []
     * — a semantic binding (found by Thm5_6Properties as a Cor. 5.7 failure: {@code [a] <= <r2> [2]}
     * left r2 unsolved with the cap {@code [] <= <r2>}).
     */
    private void storeCap(Row residue, int upper, Why why) {
        Row.Open upperTerm = cx.store().rowTerm(upper);
        if (residue instanceof Row.Closed(List<Dim> l, List<Dim> t) && l.isEmpty() && t.isEmpty()) {
            cx.bindRow(upperTerm, residue, why, false);
            return;
        }
        if (cx.store().bound().hasCap(upper, residue)) return; // a hash lookup: a hub row (a batch row) may carry a cap per layer
        int lower = residue instanceof Row.Open ro ? cx.store().rowSlotOrNew(ro) : Store.NONE;
        // the upper side is the slot's one term: a fact stored per cap would otherwise hold a fresh copy each
        cx.store().bound().storeRow(new Fact.RowLe(residue, upperTerm), why, Stored.Kind.ROW_CAP, upper, lower);
        if (residue.isGround())
            for (Stored adj : cx.store().bound().rowUpAdjacencies(upper))
                cx.emit(new Fact.RowLe(residue, adj.upperRow()), why.and(adj.why()));
        if (lower != Store.NONE && residue.lead().isEmpty() && residue.trail().isEmpty())
            for (Stored c : cx.store().bound().rowCaps(lower))
                if (c.lowerRow().isGround()) cx.emit(new Fact.RowLe(c.lowerRow(), upperTerm), why.and(c.why()));
    }
}
