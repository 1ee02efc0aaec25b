package org.shapeforge.solve.store;

import java.util.List;

/**
 * A residual fact kept in the bound store B (Def. 4.1): an adjacency, a row cap or a deferred
 * word equation. It watches the variables it mentions; binding any of them re-emits it (and it
 * dies here: lazy deletion from the other variables' watch lists).
 */
public final class Stored implements Pending {
    /** What the store keeps (Def. 4.1 and Def. 4.3's deferrals). */
    public enum Kind {
        /** {@code α ⊑ β} between dimension variables (DI-adj). */
        DIM_ADJ,
        /** {@code R ⊑ ⟨ρ⟩}: a row cap (residue case (i)); an adjacency when R is a bare variable. */
        ROW_CAP,
        /** A split-surplus equation {@code s·x1 ≈ x2·t} (Def. 4.3(c)). */
        SPLIT_EQ,
        /** A rotational equation {@code s·x ≈ x·t} (Def. 4.3(d)). */
        ROTATION_EQ,
        /** A same-variable shifted inequality (§10, deferred to closing). */
        SHIFTED_LE
    }

    public final Item item;
    public final Kind kind;
    public final List<String> dimVars;
    public final List<String> rowVars;
    final long order;
    boolean alive = true;

    Stored(Item item, Kind kind, List<String> dimVars, List<String> rowVars, long order) {
        this.item = item;
        this.kind = kind;
        this.dimVars = List.copyOf(dimVars);
        this.rowVars = List.copyOf(rowVars);
        this.order = order;
    }

    public boolean alive() {
        return alive;
    }
}
