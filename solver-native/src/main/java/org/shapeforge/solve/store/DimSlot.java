package org.shapeforge.solve.store;

import java.util.List;
import org.shapeforge.term.Dim;

/**
 * Everything the {@link Store} knows about one dimension variable: its binding σ(α) with its
 * derivation, its atom cap (Def. 4.1), the stored facts that mention it and its adjacencies. The
 * several questions asked about a variable (bound? capped? watchers?) cost one lookup — an array
 * read when the asking term carries the slot's id — and touch one object; a pass over all variables ({@link Store#dimSlots()}) costs none, and reads
 * the slots in the order they were allocated.
 */
public final class DimSlot extends Named {
    /** Dense, in order of creation: the id its term carries ({@link Dim.Var#id()}). */
    private final int id;
    private Dim.Var term;
    /** The binding; null while the variable is unbound. */
    Dim value;
    Why why;
    Store.Cap cap;
    /** The stored facts mentioning this variable, and its adjacencies up and down: chains in the store's {@link Chains}. */
    long watch = Chains.EMPTY, up = Chains.EMPTY, down = Chains.EMPTY;
    /** The propagators watching this variable (the size rules'): handed back when it is bound. */
    List<Watcher> props;
    boolean registered;

    DimSlot(String name, int id) {
        super(name);
        this.id = id;
    }

    /** The slot of an interned input variable: its term (carrying the id) is the slot's term. */
    DimSlot(Dim.Var term) {
        this(term.name(), term.id());
        this.term = term;
    }

    public int id() {
        return id;
    }

    /** The variable as a term carrying the slot's id (one instance per slot). */
    public Dim.Var term() {
        if (term == null) term = new Dim.Var(name(), id);
        return term;
    }

    public boolean bound() {
        return value != null;
    }

    /** The atom cap lb(α), or null. */
    public Store.Cap cap() {
        return cap;
    }
}
