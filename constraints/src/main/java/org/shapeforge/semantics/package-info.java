/**
 * Ground semantics of the notes (seed 003 §§1–2): the broadcast order on dimensions and its
 * lattice operations, expansion, the marked row order, row joins, flat equivalence, the one-shot
 * order, two-sorted rigid rows; the size formulas of Concat and Affine (stated once, in
 * {@link org.shapeforge.semantics.Sizes}); and the trusted {@link org.shapeforge.semantics.Evaluator}
 * that judges constraints under a ground assignment. Independent of every solver.
 */
package org.shapeforge.semantics;
