package org.shapeforge.solve.rules;

import org.shapeforge.lang.Constraint;

/**
 * Which part of the native solver takes an input constraint — decided here, once, for the input
 * reader, the engine's size propagators and closing alike (issue 28): the core relations become
 * facts for the rules (Defs. 4.2–4.3); Total_elems, Exact and the size predicates become
 * {@link SizeItem}s ({@link SizeRules}); a {@code likely} hint holds in every assignment; the
 * one-shot order is not supported natively.
 */
public enum SizeClass {
    /** {@code =}, {@code <=}, {@code ~}, {@code <=} over dims and rows: a fact of the core fragment. */
    CORE,
    /** Total_elems. */
    TOTAL,
    /** Exact. */
    EXACT,
    /** A size relation or range ({@code size(a) + 1 <= size(b)}, {@code size(a) in 1..8}). */
    PREDICATE,
    /** A hint ({@code likely}): no constraint on the assignment. */
    HINT,
    /** The one-shot order {@code <=1} (Remark 2.15(ii)): not supported natively. */
    ONE_SHOT;

    public static SizeClass of(Constraint c) {
        return switch (c) {
            case Constraint.DimEq x -> CORE;
            case Constraint.DimLe x -> CORE;
            case Constraint.RowEq x -> CORE;
            case Constraint.RowLe x -> CORE;
            case Constraint.RowLeOne x -> ONE_SHOT;
            case Constraint.Total x -> TOTAL;
            case Constraint.Exact x -> EXACT;
            case Constraint.SizeRel x -> PREDICATE;
            case Constraint.SizeIn x -> PREDICATE;
            case Constraint.Likely x -> HINT;
        };
    }

    /** Whether the size propagators take the constraint (Total_elems, Exact, a size predicate). */
    public boolean sized() {
        return this == TOTAL || this == EXACT || this == PREDICATE;
    }
}
