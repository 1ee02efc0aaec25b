package org.shapeforge.solve.rules;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.solve.store.Store;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Fresh variables (the deficit rule, splits, complete-mode witnesses): {@code φk} and {@code ρk}
 * from one counter, registered in the store, each allowed size 0 until it is placed in the value
 * of a variable that may not be (a fresh variable stands for part of some other value).
 */
final class FreshNames {
    /** The prefixes of fresh variables' names. */
    private static final String DIM = "φ", ROW = "ρ";
    private final Store store;
    private int fresh;
    /**
     * Whether an input variable's name has a fresh variable's prefix (an input may name a variable
     * φ1): only then is a fresh name checked against the store, which would build its name index
     * for that (issue 12). Fresh names never clash with each other (one counter).
     */
    private boolean dimsMayClash, rowsMayClash;

    FreshNames(Store store, List<Dim.Var> dims, List<Row.Open> rows) {
        this.store = store;
        for (int i = 0; i < dims.size() && !dimsMayClash; i++) dimsMayClash = dims.get(i).name().startsWith(DIM);
        for (int i = 0; i < rows.size() && !rowsMayClash; i++) rowsMayClash = rows.get(i).var().startsWith(ROW);
    }

    /** A fresh dimension variable, as a term carrying its id. */
    Dim.Var dim() {
        String n;
        do n = DIM + (++fresh); while (dimsMayClash && store.hasDim(n));
        // it may be 0 until it is placed in the value of a variable that may not (Engine.nonZeroAxes),
        // e.g. an axis of a discardable row's deficit
        Dim.Var term = store.dimTerm(store.registerFreshDim(n));
        store.zeroOkDim(term, true);
        return term;
    }

    /** A fresh row variable, as the bare term {@code <ρ>} carrying its id. */
    Row.Open row() {
        String n;
        do n = ROW + (++fresh); while (rowsMayClash && store.hasRow(n));
        Row.Open term = store.rowTerm(store.registerFreshRow(n));
        store.zeroOkRow(term, true);
        return term;
    }

    /** {@code k} fresh dimension variables. */
    List<Dim> dims(int k) {
        List<Dim> out = new ArrayList<>();
        for (int i = 0; i < k; i++) out.add(dim());
        return out;
    }
}
