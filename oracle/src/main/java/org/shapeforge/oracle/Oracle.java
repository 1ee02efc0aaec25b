package org.shapeforge.oracle;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.claims.Claims;
import org.shapeforge.oracle.fuzz.Classifier;
import org.shapeforge.oracle.fuzz.Klass;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.smt.SmtSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * Native (deterministic and complete, re-checked by {@link Checked}) and SMT side by side on one
 * problem, the claims of seed 003 ({@link Claims}) and the agreement class ({@link Classifier}).
 * Behind {@code shapeforge oracle FILE}.
 */
public final class Oracle {
    private Oracle() {}

    /** Default budget for all SMT queries of one run ({@link Budgeted}). */
    public static final long DEFAULT_BUDGET_MS = 15_000;

    public static OracleReport run(Problem problem, List<Semantics> semantics, SolveOptions base) {
        return run(problem, semantics, base, DEFAULT_BUDGET_MS);
    }

    /**
     * As above, every SMT query (solves and the claims' entailments) within {@code budgetMs} together
     * ({@link Budgeted}; {@code base.timeoutMs()} still bounds each one); past it they are
     * {@code unknown (budget: …)}.
     */
    public static OracleReport run(Problem problem, List<Semantics> semantics, SolveOptions base, long budgetMs) {
        Problem p = problem.withoutExpectations();
        ShapeSolver nat = Backend.NATIVE.checked(), smt = new Budgeted(Backend.SMT.checked(), budgetMs,
                base.timeoutMs() > 0 ? base.timeoutMs() : SmtSolver.DEFAULT_TIMEOUT_MS);
        Outcome det = nat.solve(p, base.withSemantics(Semantics.FLAT).withComplete(false));
        Outcome comp = nat.solve(p, base.withSemantics(Semantics.FLAT).withComplete(true));
        Map<Semantics, Outcome> smtOut = new EnumMap<>(Semantics.class);
        for (Semantics s : semantics) smtOut.put(s, smt.solve(p, base.withSemantics(s).withComplete(false)));
        SolveOptions flat = base.withSemantics(Semantics.FLAT).withComplete(false);
        Outcome smtFlat = smtOut.computeIfAbsent(Semantics.FLAT, s -> smt.solve(p, flat));
        Classifier.Verdict v = Classifier.classify(p, det, smtFlat, Optional.empty());
        Klass agreement = v.klass();
        var claims = Claims.check(p, det, smtFlat, smt, flat);
        return new OracleReport(det, comp, smtOut, SmtSolver.rankBound(p.constraints(), base), claims, agreement, v.detail());
    }
}
