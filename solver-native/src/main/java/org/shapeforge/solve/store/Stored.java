package org.shapeforge.solve.store;

import org.shapeforge.term.Dim;

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

    private final Fact fact;
    private final Why why;
    public final Kind kind;
    final long order;
    boolean alive = true;

    /**
     * The variables it watches are not kept here: the store indexes it under them once, and an
     * adjacency's two names are read off its fact ({@link #lowerDim}, {@link #upperDim}) — two
     * lists fewer per stored fact, half a million objects at 10^6 constraints (issue 12).
     */
    Stored(Fact fact, Why why, Kind kind, long order) {
        this.fact = fact;
        this.why = why;
        this.kind = kind;
        this.order = order;
    }

    /** The fact kept. (An {@link Item} per stored fact was half a million objects more at 10^6 constraints, issue 12.) */
    public Fact fact() {
        return fact;
    }

    /** Its derivation. */
    public Why why() {
        return why;
    }

    /** The lower variable α of an adjacency {@code α ⊑ β} ({@link Kind#DIM_ADJ}), as its term. */
    public Dim.Var lower() {
        return (Dim.Var) ((Fact.DimLe) fact).lower();
    }

    /** The upper variable β of an adjacency {@code α ⊑ β} ({@link Kind#DIM_ADJ}), as its term. */
    public Dim.Var upper() {
        return (Dim.Var) ((Fact.DimLe) fact).upper();
    }

    /** The lower variable α of an adjacency {@code α ⊑ β} ({@link Kind#DIM_ADJ}). */
    public String lowerDim() {
        return ((Dim.Var) ((Fact.DimLe) fact).lower()).name();
    }

    /** The upper variable β of an adjacency {@code α ⊑ β} ({@link Kind#DIM_ADJ}). */
    public String upperDim() {
        return ((Dim.Var) ((Fact.DimLe) fact).upper()).name();
    }

    public boolean alive() {
        return alive;
    }
}
