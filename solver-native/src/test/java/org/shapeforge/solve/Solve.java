package org.shapeforge.solve;

import org.shapeforge.lang.Problem;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/** Test shorthand: solve a few lines of core {@code .shc} text. */
final class Solve {
    private Solve() {}

    static Problem problem(String... lines) {
        return org.shapeforge.lang.Parser.parse("test.shc", String.join("\n", lines));
    }

    static Outcome det(String... lines) {
        return new NativeSolver().solve(problem(lines), SolveOptions.defaults());
    }

    static Outcome complete(String... lines) {
        return new NativeSolver().solve(problem(lines), SolveOptions.defaults().withComplete(true));
    }

    static Outcome.Sat sat(Outcome o) {
        if (o instanceof Outcome.Sat s) return s;
        throw new AssertionError("expected sat, got " + o);
    }

    /** A negative answer and its failure: an Unsat (semantic) or an Unknown caused by a policy failure or an error. */
    record Failed(Outcome outcome, org.shapeforge.solver.Failure failure) {}

    static Failed unsat(Outcome o) {
        var f = o.failure().orElseThrow(() -> new AssertionError("expected a failure, got " + o));
        if (f.kind().provesUnsat() != (o instanceof Outcome.Unsat))
            throw new AssertionError("a " + f.kind().keyword + " failure must be " + (f.kind().provesUnsat() ? "Unsat" : "Unknown") + ": " + o);
        return new Failed(o, f);
    }
}
