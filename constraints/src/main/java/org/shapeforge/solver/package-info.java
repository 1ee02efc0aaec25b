/**
 * The one solver interface ({@code architecture.md}): {@link org.shapeforge.solver.ShapeSolver}
 * takes a problem and options and returns a tri-state {@link org.shapeforge.solver.Outcome}.
 * The native and SMT solvers implement it; the oracle and the CLI talk only to it.
 */
package org.shapeforge.solver;
