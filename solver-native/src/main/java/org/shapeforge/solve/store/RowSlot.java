package org.shapeforge.solve.store;

import java.util.List;
import org.shapeforge.term.Row;

/**
 * The row-variable counterpart of {@link DimSlot}: binding with derivation and placement flag
 * (a policy-chosen marker split, Def. 4.3(b)/(c)), the stored facts that mention it, its caps
 * {@code R ⊑ ⟨ρ⟩} and its bare upward adjacencies.
 */
public final class RowSlot extends Named {
    /** Dense, in order of creation: the id its terms carry ({@link Row.Open#varId()}); the rank graphs index their arrays by it. */
    private final int id;
    private Row.Open term;
    /** The binding; null while the variable is unbound. */
    Row value;
    Why why;
    boolean placement;
    /** The stored facts mentioning this variable, its caps and its bare upward adjacencies: chains in the store's {@link Chains}. */
    long watch = Chains.EMPTY, caps = Chains.EMPTY, up = Chains.EMPTY;
    /** How many caps were ever stored on this row (past {@code CAP_SCAN} they are indexed). */
    int capCount;
    /** The caps by their lower row, for the duplicate check (a hub row may carry a cap per layer). */
    java.util.Map<Row, Stored> capsByLower;
    /** The propagators watching this variable (the size rules'): handed back when it is bound. */
    List<Watcher> props;
    boolean registered;

    RowSlot(String name, int id) {
        super(name);
        this.id = id;
    }

    /** The slot of an interned input variable: its bare term (carrying the id) is the slot's term. */
    RowSlot(Row.Open term) {
        this(term.var(), term.varId());
        this.term = term;
    }

    public int id() {
        return id;
    }

    /** The bare variable {@code ⟨ρ⟩} as a term carrying the slot's id (one instance per slot). */
    public Row.Open term() {
        if (term == null) term = new Row.Open(List.of(), name(), List.of(), id);
        return term;
    }

    public boolean bound() {
        return value != null;
    }
}
