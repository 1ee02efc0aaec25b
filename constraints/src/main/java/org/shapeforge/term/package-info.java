/**
 * Terms of the constraint language: dimensions (Def. 1.1, extended with Concat and Affine of
 * seed 000) and rows (Defs. 2.1, 2.12, 3.1). Terms are immutable values compared structurally;
 * they carry no source spans (spans live on the statements that mention them, see
 * {@link org.shapeforge.lang.Span}), so that two occurrences of {@code 3} are the same value to
 * every solver.
 */
package org.shapeforge.term;
