/**
 * The reasoning service over dynamic dims: {@link org.shapeforge.reason.Reasoner} ({@code assume},
 * {@code prove}, {@code unify}, {@code simplify}, {@code checkpoint}, {@code rollback}) answering
 * {@link org.shapeforge.reason.Verdict}s with a {@link org.shapeforge.reason.Proof} of who decided.
 * Relations are the symbolic sizes' own ({@code term.sym}); the provers are any
 * {@code ShapeSolver}s, native first ({@code docs/reasoning.md}).
 */
package org.shapeforge.reason;
