package org.shapeforge.oracle;

import java.util.EnumMap;
import java.util.Map;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Entailments;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * The engines of one problem, each run at most once (memoized): the deterministic and the
 * complete native solver, and the SMT solver under each semantics.
 */
final class Engines {
    private final Problem problem;
    private final SolveOptions base;
    private final ShapeSolver nativeSolver = Backend.NATIVE.create();
    private final ShapeSolver smtSolver = Backend.SMT.create();
    private Outcome deterministic;
    private Outcome complete;
    private final Map<Semantics, Outcome> smt = new EnumMap<>(Semantics.class);

    Engines(Problem problem, SolveOptions base) {
        this.problem = problem.withoutExpectations();
        this.base = base;
    }

    Outcome nativeOutcome(boolean completeMode) {
        if (completeMode) {
            if (complete == null) complete = nativeSolver.solve(problem, base.withComplete(true));
            return complete;
        }
        if (deterministic == null) deterministic = nativeSolver.solve(problem, base.withComplete(false));
        return deterministic;
    }

    Outcome smtOutcome(Semantics s) {
        return smt.computeIfAbsent(s, k -> smtSolver.solve(problem, base.withSemantics(k).withComplete(false)));
    }

    /** The problem solved once for every native entailment query (issue 12: a query then costs about its own size). */
    private Entailments entailer;

    Entailment nativeEntails(Constraint c) {
        if (entailer == null) entailer = nativeSolver.entailments(problem, base.withComplete(false));
        return entailer.entails(c);
    }

    Entailment smtEntails(Constraint c) {
        return smtSolver.entails(problem, c, base.withSemantics(Semantics.FLAT).withComplete(false));
    }
}
