package org.shapeforge.solve;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Truth;
import org.shapeforge.solve.close.Provenance;
import org.shapeforge.solve.rules.Engine;
import org.shapeforge.solve.rules.Mutation;
import org.shapeforge.solve.search.Choices;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Overlay;

/**
 * Entailment queries against one problem, solved once (issue 12): stage 1's σ⋆ (Cor. 5.7), and
 * the solutions γ_close and γ↑ checked once by the evaluator against all constraints. A query
 * then costs about the size of the queried constraint, not of the problem: Entailed when σ⋆
 * binds its variable to a ground value by semantic steps only and that value satisfies it, or
 * when the input's own orders and equations prove it ({@link OrderProofs}: {@code 64 <= c_k} at
 * the end of a chain {@code 64 <= c_0 <= … <= c_k}); NotEntailed with a checked solution that violates it — γ_close, γ↑, or a perturbation of the
 * first of them ({@link Perturbation}: the queried variable's σ⋆ class moved to another size, or
 * its up-cone moved to the unit, as an {@link Overlay} over the solution);
 * else Undetermined. A semantic failure of Φ entails everything. The indexes these read
 * ({@link DimIndex}, {@link OrderProofs}, {@link OrderCones}) are built with the entailer, in O(N).
 */
public final class Entailer {
    /** The answer to every query when the problem itself decides them all (failure, unsupported), else null. */
    private final Entailment always;
    private final Engine engine;
    /** γ_close and γ↑ (missing dimensions at the unit) where they satisfy every constraint. */
    private final List<Assignment> solutions = new ArrayList<>();
    /** Orders proved by the input's own orders and equations; null when the problem decides every query. */
    private OrderProofs proofs;
    /** Perturbations of the first solution; null when there is none. */
    private Perturbation perturbation;

    private Entailer(Entailment always, Engine engine) {
        this.always = always;
        this.engine = engine;
    }

    /** Solves {@code problem} once (stage 1, and closing for γ_close) for the queries to come. */
    static Entailer of(Problem problem, SolveOptions options, Set<Mutation> mutations) {
        Input in = Input.of(problem);
        if (in.unsupported() != null) return new Entailer(new Entailment.Undetermined(in.unsupportedWhy()), null);
        Provenance prov = Provenance.of(problem);
        Attempt.Result r = Attempt.run(in, prov, Choices.deterministic(), false, false, NativeSolver.maxSteps(in), mutations, false);
        if (r instanceof Attempt.Failed f)
            return new Entailer(f.why().why.policy() || f.why().error
                    ? new Entailment.Undetermined("the solver fails by policy: " + f.why().getMessage())
                    : new Entailment.Entailed("the constraints have no solution (" + f.why().getMessage() + ")"), null);
        if (!(r instanceof Attempt.Done d)) return new Entailer(new Entailment.Undetermined("step budget exhausted"), null);
        Entailer e = new Entailer(null, d.engine());
        List<Assignment> candidates = new ArrayList<>();
        if (new NativeSolver(mutations).solve(problem, options.withComplete(false)) instanceof Outcome.Sat s) candidates.add(s.model());
        candidates.add(d.solved().upward());
        for (Assignment g : candidates) {
            Assignment full = withUnits(g, in);
            if (Evaluator.holdsAll(in.constraints(), full, Semantics.FLAT)) e.solutions.add(full);
        }
        DimIndex ix = new DimIndex(in, d.engine());
        e.proofs = new OrderProofs(ix);
        if (!e.solutions.isEmpty()) e.perturbation = new Perturbation(in.constraints(), ix, e.solutions.getFirst());
        return e;
    }

    /** {@code g} with every input dimension variable it leaves out at the unit (one copy). */
    private static Assignment withUnits(Assignment g, Input in) {
        Map<String, Dim> dims = null;
        for (String v : in.dimVars())
            if (!g.dims().containsKey(v)) {
                if (dims == null) dims = new LinkedHashMap<>(g.dims());
                dims.put(v, Dim.unit());
            }
        return dims == null ? g : new Assignment(dims, g.rows());
    }

    /** Does the problem entail {@code c}? */
    public Entailment entails(Constraint c) {
        if (always != null) return always;
        Entailment forced = Entail.forced(engine, c);
        if (forced != null) return forced;
        Entailment proved = proofs.entails(c);
        if (proved != null) return proved;
        for (Assignment g : solutions)
            if (Evaluator.judge(c, g, Semantics.FLAT).truth() == Truth.FAILS) return new Entailment.NotEntailed(g);
        Overlay p = perturbation == null ? null : perturbation.refute(c);
        if (p != null) return new Entailment.NotEntailed(p);
        return new Entailment.Undetermined("no semantic derivation of " + Printer.print(c)
                + " and no counterexample among γ_close, γ↑ and their perturbations");
    }
}
