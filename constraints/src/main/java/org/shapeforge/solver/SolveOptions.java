package org.shapeforge.solver;

import org.shapeforge.semantics.Semantics;

/**
 * Options common to all solvers: the semantics, native complete mode (finite backtracking at
 * the policy choice points of Remark 6.7(ii)), the SMT rank bound (0: derive from the input)
 * and a timeout in milliseconds (0: none).
 */
public record SolveOptions(Semantics semantics, boolean complete, int rankBound, long timeoutMs) {
    public SolveOptions {
        if (semantics == null) semantics = Semantics.FLAT;
        if (rankBound < 0) throw new IllegalArgumentException("rank bound must be >= 0");
        if (timeoutMs < 0) throw new IllegalArgumentException("timeout must be >= 0");
    }

    public static SolveOptions defaults() {
        return new SolveOptions(Semantics.FLAT, false, 0, 0);
    }

    public SolveOptions withSemantics(Semantics s) {
        return new SolveOptions(s, complete, rankBound, timeoutMs);
    }

    public SolveOptions withComplete(boolean c) {
        return new SolveOptions(semantics, c, rankBound, timeoutMs);
    }

    public SolveOptions withRankBound(int k) {
        return new SolveOptions(semantics, complete, k, timeoutMs);
    }

    public SolveOptions withTimeoutMs(long ms) {
        return new SolveOptions(semantics, complete, rankBound, ms);
    }
}
