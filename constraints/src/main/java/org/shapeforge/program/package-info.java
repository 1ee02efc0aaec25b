/**
 * The tensor-program front end ({@code shared/spec/programs.md}, {@code docs/programs.md}):
 * {@link org.shapeforge.program.ProgramParser} reads {@code .shp} programs,
 * {@link org.shapeforge.program.ShapeLogic} generates each statement's constraints by its shape
 * logic (seed 000, "Deriving the constraints") with an {@link org.shapeforge.program.Origin} per
 * constraint, and {@link org.shapeforge.program.Inference} solves them with any
 * {@link org.shapeforge.solver.ShapeSolver} and reads back every tensor's closed shape.
 */
package org.shapeforge.program;
