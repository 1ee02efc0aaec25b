package org.shapeforge.solve.size;

import java.util.Map;

/**
 * The answer of a one-equation size solver ({@link ConcatSolver}, {@link AffineSolver},
 * {@link TotalElems}): tri-state like every solver answer (style lesson 2). {@code Residual}
 * is not a failure: the equation is underdetermined by the known sizes and stays a constraint
 * until closing (issue 4: "an underdetermined sum stays a residual constraint"), never a guess.
 */
public sealed interface SizeResult {
    /** Every size is known and the equation holds. */
    record Holds(String equation) implements SizeResult {}

    /** The equation determined these sizes, by exact division and exact roots (no rounding anywhere). */
    record Solved(Map<String, Long> values) implements SizeResult {
        public Solved {
            values = Map.copyOf(values);
        }
    }

    /** No sizes satisfy the equation; the message names the constraint kind and the numbers. */
    record Failed(String message) implements SizeResult {}

    /** Too few sizes known to decide; {@code why} says what is missing. */
    record Residual(String why) implements SizeResult {}
}
