/**
 * Exact size arithmetic for the native solver (issue 4; seed 000, "Affine indexing and
 * convolutions", "Concatenation", "Preventing Premature Guessing with Total_elems"; seed 002's
 * size predicates; Conj. 8.4 of seed 003). Self-contained: the staged solver calls it with the
 * sizes it knows and gets back values, failures with numbers, or residual constraints. Every
 * number is a {@code long} or {@link java.math.BigInteger}; the formulas are those of
 * {@link org.shapeforge.semantics.Sizes}, never restated.
 *
 * <h2>Per-equation solvers (staging)</h2>
 * <ul>
 *   <li>{@link org.shapeforge.solve.size.ConcatSolver}: equations between sums; one unknown left
 *       is solved ({@code 7 = a ^ 3} gives {@code a = 4}), negative residues fail with
 *       "components exceed", two or more unknowns stay residual.
 *   <li>{@link org.shapeforge.solve.size.AffineSolver}: {@code i = affine(o, …)} in every
 *       direction with divisibility checks; two unknowns (an unknown kernel) stay residual.
 *   <li>{@link org.shapeforge.solve.size.TotalElems},
 *       {@link org.shapeforge.solve.size.ProductSolver}: monomial equations
 *       ({@link org.shapeforge.solve.size.MonomialEquation}); one unknown, possibly repeated,
 *       is solved by exact division and exact integer root; several unknowns are an
 *       "underdetermined product".
 * </ul>
 * {@link org.shapeforge.solve.size.SizeClosing} closes the size part: products staged to a
 * fixpoint, the linear part decided, remaining products checked on its model.
 *
 * <h2>The decided fragment</h2>
 * {@link org.shapeforge.solve.size.LinearSolver} decides conjunctions of linear integer
 * constraints over sizes — ranges, {@code <, <=, >, >=, ==, !=}, divisibility and remainders
 * {@code e % k == r} (as {@code e = k·q + r}), affine equalities in all three sizing modes
 * (stride and dilation are literals, so the formulas are linear in {@code o} and {@code k}),
 * concat sums — translated by {@link org.shapeforge.solve.size.SizeTranslator}. Method: exact
 * refutation of equalities, exact interval propagation, ojalgo's ILP for a least-material model,
 * an exact re-check of every model, and exhaustive enumeration to certify infeasibility on
 * small domains. Trusted without proof: ojalgo's infeasibility verdict on domains above
 * {@link org.shapeforge.solve.size.LinearSolver#ENUMERATION_LIMIT} points, and its optimality
 * claim. Answers are {@code Unknown} beyond {@link org.shapeforge.solve.size.LinearSolver#CAP},
 * beyond {@link org.shapeforge.solve.size.LinearSolver#MAX_DISEQUALITIES} disequalities, or
 * when ojalgo fails or its rounded model fails the re-check.
 *
 * <h2>Outside it (Conj. 8.4(b), (c))</h2>
 * Products of distinct unknowns make the language Diophantine (Matiyasevich: undecidable in
 * general), so they are residual here, never guessed. Counterexamples just outside:
 * {@code total([a, b]) = 12 ∧ size(a) == size(b) + 1} is satisfiable only by {@code a = 4, b = 3},
 * but the product is residual and the linear part alone admits {@code a = 2, b = 1}: a stage
 * guess must be re-checked; {@code total([a ^ 2, a]) = 15} is the quadratic {@code (a+2)·a = 15}
 * (solution {@code a = 3}), not a monomial, hence residual; {@code total([a, a]) = 12} (w27) is
 * inside: {@code a·a = 12} has no integer root and fails. See {@code docs/size-arithmetic.md}.
 */
package org.shapeforge.solve.size;
