package org.shapeforge.solve.store;

import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

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

    /** The fact's two sides (dimension terms for an adjacency, rows otherwise): its {@link Kind} says which relation. */
    private final Object left, right;
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
        switch (fact) {
            case Fact.DimLe(Dim l, Dim r) when kind == Kind.DIM_ADJ -> {
                left = l;
                right = r;
            }
            case Fact.RowLe(Row l, Row r) when kind == Kind.ROW_CAP || kind == Kind.SHIFTED_LE -> {
                left = l;
                right = r;
            }
            case Fact.RowEq(Row l, Row r) when kind == Kind.SPLIT_EQ || kind == Kind.ROTATION_EQ -> {
                left = l;
                right = r;
            }
            default -> throw new IllegalArgumentException("a " + kind + " does not store " + fact);
        }
        this.why = why;
        this.kind = kind;
        this.order = order;
    }

    /**
     * The fact kept, made when asked for (re-emission, reports): a stored fact holds its two sides,
     * not a fact object (with the derivation in it too, an {@link Item}: a million objects fewer
     * at 10^6 constraints, issue 12).
     */
    public Fact fact() {
        return switch (kind) {
            case DIM_ADJ -> new Fact.DimLe((Dim) left, (Dim) right);
            case ROW_CAP, SHIFTED_LE -> new Fact.RowLe((Row) left, (Row) right);
            case SPLIT_EQ, ROTATION_EQ -> new Fact.RowEq((Row) left, (Row) right);
        };
    }

    /** The lower row R of a row cap {@code R ⊑ ⟨ρ⟩} or a shifted inequality. */
    public Row lowerRow() {
        return (Row) left;
    }

    /** The upper row of a row cap (the bare {@code ⟨ρ⟩}) or a shifted inequality. */
    public Row upperRow() {
        return (Row) right;
    }

    /** Its derivation. */
    public Why why() {
        return why;
    }

    /** The lower variable α of an adjacency {@code α ⊑ β} ({@link Kind#DIM_ADJ}), as its term. */
    public Dim.Var lower() {
        return (Dim.Var) left;
    }

    /** The upper variable β of an adjacency {@code α ⊑ β} ({@link Kind#DIM_ADJ}), as its term. */
    public Dim.Var upper() {
        return (Dim.Var) right;
    }

    /** The lower variable α of an adjacency {@code α ⊑ β} ({@link Kind#DIM_ADJ}). */
    public String lowerDim() {
        return ((Dim.Var) left).name();
    }

    /** The upper variable β of an adjacency {@code α ⊑ β} ({@link Kind#DIM_ADJ}). */
    public String upperDim() {
        return ((Dim.Var) right).name();
    }

    public boolean alive() {
        return alive;
    }
}
