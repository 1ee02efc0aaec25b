package org.shapeforge.cli;

import java.util.List;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.SolveOptions;

/** The SMT options shared by {@code smt} and {@code export}: semantics names, rank bound, timeout. */
final class SmtOptions {
    private SmtOptions() {}

    /** {@code flat|marked|rigid|content}, or {@code all} for the four in that order. */
    static List<Semantics> semantics(String name) {
        if (name.equals("all")) return List.of(Semantics.values());
        try {
            return List.of(Semantics.parse(name));
        } catch (IllegalArgumentException e) {
            throw new ShapeError("usage", Span.NONE, "--semantics: " + e.getMessage().replace(" or content)", ", content or all)"));
        }
    }

    static SolveOptions options(int rankBound, long timeoutMs) {
        if (rankBound < 0) throw new ShapeError("usage", Span.NONE, "--rank-bound must be >= 0 (0: derive from the input)");
        if (timeoutMs < 0) throw new ShapeError("usage", Span.NONE, "--timeout-ms must be >= 0");
        return SolveOptions.defaults().withRankBound(rankBound).withTimeoutMs(timeoutMs);
    }
}
