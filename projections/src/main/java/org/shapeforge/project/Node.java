package org.shapeforge.project;

/**
 * A projection identifier {@code p ∈ P} (§7): a freshened axis of a tensor occurrence, or a
 * spec variable of the operation's template that the local re-solve eliminates (Lemma 7.7(a)):
 * a label (dimension variable) or one position of a spec row variable's ground expansion.
 * Ids are local to one operation: no other operation's constraint can mention them (Lemma 7.7(b)).
 */
sealed interface Node {

    /** Axis {@code position} of the flat {@code kind} row of occurrence {@code occurrence} (0 = LHS). */
    record Axis(int occurrence, AxisKind kind, int position) implements Node {}

    /** A dimension variable of the template (an einsum label). */
    record Label(String var) implements Node {}

    /** Position {@code position} of the ground value of a template row variable. */
    record RowPos(String var, int position) implements Node {}
}
