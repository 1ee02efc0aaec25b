package org.shapeforge.solve.close;

/**
 * The stages of the staged pipeline ({@code seeds/000}, "Solving the constraints"): the rows of
 * the stage table in docs/solver.md, whose first two columns are these numbers, names and
 * descriptions ({@code StageTableTest}), and the labels of {@code solve --trace}. Stage 2
 * (precision coefficients) has no counterpart here; issue 4's size heuristics are
 * {@link #SIZE_GUESS}, the first half of stage 5. {@link #SOLVE} is the engine's run; every other
 * stage is a {@link Pass} of {@code Closing.PIPELINE}.
 */
public enum Stage {
    /** Stage 1: online unification and propagation only; no commitments. */
    SOLVE(1, "unify and propagate"),
    /** Stage 3: leaf rows to the join of their caps (Prop. 2.7), holes filled with 1; none: no-further-axes. */
    LEAF_ROWS(3, "leaf rows -> join of caps"),
    /** Stage 4: leaf dimensions with a cap to that cap. */
    LEAF_DIMS(4, "leaf dims -> their cap"),
    /**
     * Stage 5, first half (issue 4): Total_elems with open rows by the heuristics of seed 000
     * (the LUB, no-further-axes, one axis), residual sums and size predicates to their
     * least-material exact solution, known sizes bound to the default basis.
     */
    SIZE_GUESS(5, "Total_elems/Exact heuristics, residual sizes -> least-material solution"),
    /** Stage 5: leaf dimensions without a cap guessed to 1 (0 if discardable); parameters error. */
    LEAF_GUESS(5, "leaf dims -> 1 (0 if discardable)"),
    /** Stage 6: deferred word equations to their least-material solution; remaining rows to []. */
    ROWS(6, "deferred equations, remaining rows -> []"),
    /** Stage 7: remaining dimensions to their cap, else 1 (0 if discardable). */
    DIMS(7, "remaining dims -> cap or 1");

    public final int number;
    public final String does;

    Stage(int number, String does) {
        this.number = number;
        this.does = does;
    }
}
