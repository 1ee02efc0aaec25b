package org.shapeforge.solve.store;

import java.util.List;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The store read, never written: what closing's stages and the report see of the configuration
 * (Def. 4.1: the bindings, the caps and the bound store B). Only the rules ({@code solve.rules})
 * hold the {@link Store} itself; everything else is handed this view (issue 28).
 */
public interface StoreView {
    /** The number of registered dimension variables: slots {@code registeredDim(0 … registeredDims()-1)}. */
    int registeredDims();

    /** The slot of the {@code k}-th registered dimension variable (registration order). */
    int registeredDim(int k);

    /** The number of registered row variables. */
    int registeredRows();

    /** The slot of the {@code k}-th registered row variable (registration order). */
    int registeredRow(int k);

    String dimName(int s);

    String rowName(int s);

    /** The variable of slot {@code s} as a term carrying its id. */
    Dim.Var dimTerm(int s);

    /** The bare row variable of slot {@code s} as a term carrying its id. */
    Row.Open rowTerm(int s);

    boolean dimBound(int s);

    boolean rowBound(int s);

    boolean rowBound(String v);

    /** The atom cap lb(s), or null. */
    Store.Cap cap(int s);

    /** The atom cap of the variable named {@code v}, or null. */
    Store.Cap cap(String v);

    /** The number of capped variables. */
    int cappedCount();

    /** The capped variables in the order their caps were set. */
    int[] capped();

    /** Live caps {@code R ⊑ ⟨ρ⟩} on row variable {@code s}. */
    List<Stored> rowCaps(int s);

    /** Live caps on the row variable named {@code v}. */
    List<Stored> rowCaps(String v);

    /** The deferred facts stored since the first {@code from} of them (dead ones included). */
    List<Stored> deferredFrom(int from);

    /** All live stored facts in insertion order (the residual store). */
    List<Stored> residual();
}
