package org.shapeforge.solve.store;

import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The solver's internal constraints (the Φ of Def. 4.1). One record per relation; issue 4's
 * relations (Total_elems, Exact, size predicates) join this sealed family, each with its own rule.
 */
public sealed interface Fact {
    /** {@code left = right} at dimension sort (Def. 4.2, DE-*). */
    record DimEq(Dim left, Dim right) implements Fact {}

    /** {@code lower ⊑ upper} at dimension sort (Def. 4.2, DI-*). */
    record DimLe(Dim lower, Dim upper) implements Fact {}

    /** {@code left ≈ right} at row sort (Def. 4.3, equality). */
    record RowEq(Row left, Row right) implements Fact {}

    /** {@code lower ⊑ upper} at row sort, the marked order (Def. 4.3, inequality). */
    record RowLe(Row lower, Row upper) implements Fact {}

    /** Whether the fact's reading depends on marker placements (inequalities do, Def. 2.3). */
    default boolean markerSensitive() {
        return this instanceof RowLe;
    }
}
