package org.shapeforge.pipeline;

/**
 * The stages of the program pipeline, in order ({@code docs/architecture.md}, "The pipeline"):
 * each is one method of {@link Pipeline}, a value in and a value out, timed and reported to the
 * {@link Trace} when it ends (Halide's {@code s = pass(s)} with a debug line after each).
 * {@link #GENERATE}, {@link #SOLVE} and {@link #CLOSE} together are shape inference.
 */
public enum Stage {
    /** {@code .shp} text → {@link org.shapeforge.program.Program} (ANTLR front end). */
    PARSE("parse"),
    /** A program with {@code dynamic} dims → the program at concrete sizes ({@link Sized}). */
    SPECIALIZE("specialize"),
    /** Program → constraints with origins ({@link org.shapeforge.program.ShapeLogic}). */
    GENERATE("generate"),
    /** Constraints → an outcome, by the caller's {@link org.shapeforge.solver.ShapeSolver}. */
    SOLVE("solve"),
    /** Outcome → {@link org.shapeforge.program.Inference}: closed shapes, hidden dims checked. */
    CLOSE("close"),
    /**
     * Inference → the first axis code generation cannot take (seed 004: an extent that is symbolic
     * or only an upper bound, {@link org.shapeforge.program.dynamic.LoweringCheck}), or none.
     */
    CHECK("check"),
    /** Inference → the program's operations with slotted templates. */
    OPERATIONS("operations"),
    /** Operations → their projections (Defs. 7.1–7.5), checked against the global constraints. */
    PROJECT("project"),
    /** Projected operations → loop IR, and the kernel each operation gets (symbolic or specialised). */
    LOWER("lower"),
    /** Compile each kernel (gcc, cached), run it on the inputs and compare with the reference. */
    RUN("run");

    /** The lower-case name used in trace lines and the benchmark's JSON. */
    public final String keyword;

    Stage(String keyword) {
        this.keyword = keyword;
    }
}
