package org.shapeforge.solve.close;

/**
 * One closing stage as a pass over the configuration, store → store (Halide's {@code s = pass(s)}):
 * it reads the state through its {@link Closer}, commits values there (each a policy step solved
 * to a fixpoint), and is run once, in the order of {@code Closing.PIPELINE}, which records what it
 * did ({@link StageTrace}). A pass object lives for one closing run and may keep state for it.
 */
public interface Pass {
    /** The row of the stage table this pass implements. */
    Stage stage();

    /** Runs the stage; throws {@code Contradiction} on a failed re-solve, {@code Unsupported} where it gives up. */
    void run(Closer cx);
}
