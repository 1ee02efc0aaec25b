package org.shapeforge.solve.store;

import java.util.List;
import org.shapeforge.term.Dim;

/**
 * Everything the {@link Store} knows about one dimension variable: its binding σ(α) with its
 * derivation, its atom cap (Def. 4.1), the stored facts that mention it and its adjacencies. The
 * several questions asked about a variable (bound? capped? watchers?) cost one hash lookup and
 * touch one object; a pass over all variables ({@link Store#dimSlots()}) costs none, and reads
 * the slots in the order they were allocated.
 */
public final class DimSlot extends Named {
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

    DimSlot(String name) {
        super(name);
    }

    /** The variable as a term (one instance per slot). */
    public Dim.Var term() {
        if (term == null) term = new Dim.Var(name());
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
