package org.shapeforge.term;

/**
 * What the trusted evaluator reads a ground assignment γ (Def. 3.4) through: the value of a
 * dimension or row variable, or null where γ leaves it out. Two forms: an {@link Assignment}
 * (every entry validated when it is built) and an {@link Overlay} (an assignment with a few
 * variables moved, validated per moved entry, so that a refutation by perturbation costs the
 * moved variables, not a copy of γ: issue 12). Both denote one complete ground assignment,
 * {@link #assignment()}.
 */
public sealed interface Valuation permits Assignment, Overlay {
    /** γ(name) for a dimension variable: a ground dimension, or null when unassigned. */
    Dim dim(String name);

    /** γ(name) for a row variable: a ground row, or null when unassigned. */
    Row row(String name);

    /** γ of the variable of {@code v} ({@link #dim(String)}); a valuation may use the id {@code v} carries as a hint. */
    default Dim dim(Dim.Var v) {
        return dim(v.name());
    }

    /** γ of the row variable of {@code o} ({@link #row(String)}); a valuation may use the id {@code o} carries as a hint. */
    default Row row(Row.Open o) {
        return row(o.var());
    }

    /** The complete ground assignment this valuation denotes (an overlay builds it on first call, O(N)). */
    Assignment assignment();
}
