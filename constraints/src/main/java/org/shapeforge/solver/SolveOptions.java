package org.shapeforge.solver;

import org.shapeforge.semantics.Semantics;

/**
 * Options common to all solvers: the semantics, native complete mode (finite backtracking at
 * the policy choice points of Remark 6.7(ii)), the SMT rank bound (0: derive from the input)
 * a timeout in milliseconds (0: none) and the native closing policy ({@link ClosingPolicy}: the
 * notes' Def. 6.1, the default, or OCANNL's stages; other solvers ignore it).
 */
public record SolveOptions(Semantics semantics, boolean complete, int rankBound, long timeoutMs, ClosingPolicy closing) {
    public SolveOptions {
        if (semantics == null) semantics = Semantics.FLAT;
        if (closing == null) closing = ClosingPolicy.NOTES;
        if (rankBound < 0) throw new IllegalArgumentException("rank bound must be >= 0");
        if (timeoutMs < 0) throw new IllegalArgumentException("timeout must be >= 0");
    }

    /** The options with the default closing policy ({@link ClosingPolicy#NOTES}). */
    public SolveOptions(Semantics semantics, boolean complete, int rankBound, long timeoutMs) {
        this(semantics, complete, rankBound, timeoutMs, ClosingPolicy.NOTES);
    }

    public static SolveOptions defaults() {
        return new SolveOptions(Semantics.FLAT, false, 0, 0);
    }

    public SolveOptions withSemantics(Semantics s) {
        return new SolveOptions(s, complete, rankBound, timeoutMs, closing);
    }

    public SolveOptions withComplete(boolean c) {
        return new SolveOptions(semantics, c, rankBound, timeoutMs, closing);
    }

    public SolveOptions withRankBound(int k) {
        return new SolveOptions(semantics, complete, k, timeoutMs, closing);
    }

    public SolveOptions withTimeoutMs(long ms) {
        return new SolveOptions(semantics, complete, rankBound, ms, closing);
    }

    public SolveOptions withClosing(ClosingPolicy p) {
        return new SolveOptions(semantics, complete, rankBound, timeoutMs, p);
    }
}
