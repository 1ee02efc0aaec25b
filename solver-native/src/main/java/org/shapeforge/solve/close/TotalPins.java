package org.shapeforge.solve.close;

import java.util.Map;
import org.shapeforge.lang.Constraint;
import org.shapeforge.solve.rules.EngineView;
import org.shapeforge.solve.rules.SizeItem;
import org.shapeforge.solve.size.SizeResult;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Row;

/**
 * Whether closing an open row to a value would pin a symbol through a live Total_elems (dynamic
 * dims stay symbols; docs/solver.md, "Closing never pins a symbol"): the row's guess — stage 5's
 * LUB or no-further-axes, stage 6's {@code []} — is a choice, and a Total_elems that the value
 * makes determine a dynamic or derived symbol would turn that choice into a number for the
 * symbol. Fuzz case 5540, {@code total(<r3> [d], <r3>) = 12; dynamic d}: {@code <r3> = []} gave
 * d = 12, though {@code <r3> = [2]}, d = 3 is a model too. Such a row is not closed; its Total_elems
 * stays open over the dynamic dim, and the answer says so (Unknown, "a size constraint over a
 * dynamic dimension stays open") rather than fix the symbol.
 */
final class TotalPins {
    private TotalPins() {}

    /** Whether {@code rho := value} makes a live Total_elems that mentions {@code rho} determine a symbol's size. */
    static boolean pinsSymbol(Closer cx, String rho, Row value) {
        if (cx.prov().dynamic().isEmpty()) return false; // symbols exist only beside dynamic dims
        EngineView view = cx.view();
        for (SizeItem it : view.sizes().live()) {
            if (!(it.body instanceof SizeItem.Total(Constraint.Total c)) || !mentions(view, c, rho)) continue;
            if (view.sizes().totalWith(it, rho, value) instanceof SizeResult.Solved(var values)
                    && values.keySet().stream().anyMatch(view.sizes()::isSymbol) && !forcedOnes(c, value, values))
                return true;
        }
        return false;
    }

    /**
     * Whether {@code []} leaves the symbols it solves at 1 in a plain {@code total(...) = N}: then the
     * known sizes already make N, so in every model the row's sizes and the symbols are 1 — forced,
     * not chosen ({@code total(<r1> [e]) = 1; e = d; dynamic d} and {@code total([2] <r3> [d]) = 2;
     * dynamic d} close d = 1, as before). A LUB's 1 proves nothing (the row's axes took the rest).
     */
    private static boolean forcedOnes(Constraint.Total c, Row value, Map<String, Long> values) {
        return value.equals(Row.empty()) && c.numerator() instanceof Constraint.TotalNum.NumElems && c.dividedBy().isEmpty()
                && values.values().stream().allMatch(n -> n == 1);
    }

    /** Whether one of {@code c}'s rows is, under σ, the open row {@code rho}. */
    private static boolean mentions(EngineView view, Constraint.Total c, String rho) {
        for (Row r : c.rows())
            if (view.row(r, new Trace(Why.NONE, false)) instanceof Row.Open o && o.var().equals(rho)) return true;
        return false;
    }
}
