package org.shapeforge.solve.rules;

/**
 * Deliberately wrong variants of the rules, for testing the tests: the differential fuzzer must
 * find each of them ({@code oracle}'s {@code PlantedBugFuzzTest}). Never enabled in production:
 * only a {@link org.shapeforge.solve.NativeSolver} built with a mutation set uses them.
 */
public enum Mutation {
    /** DI-cap keeps the first cap when a second, distinct atom arrives (correct: both collapse to the unit). */
    DI_CAP_KEEP_FIRST
}
