package org.shapeforge.solve;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.semantics.Truth;
import org.shapeforge.solve.close.Provenance;
import org.shapeforge.solve.rules.Engine;
import org.shapeforge.solve.search.Choices;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;

/**
 * Entailment queries against one problem, solved once (issue 12): stage 1's σ⋆ (Cor. 5.7), and
 * the solutions γ_close and γ↑ checked once by the evaluator against all constraints. A query
 * then costs the size of the queried constraint: Entailed when σ⋆ binds its variable to a ground
 * value by semantic steps only and that value satisfies it; NotEntailed with a checked solution
 * that violates it — γ_close, γ↑, or a cheap perturbation of γ_close (the queried variable's
 * equivalence class under σ⋆, when it is still open after stage 1, moved to another size, with
 * the constraints mentioning the class re-checked); else Undetermined. A semantic failure of Φ
 * entails everything.
 */
public final class Entailer {
    private final Input in;
    /** The answer to every query when the problem itself decides them all (failure, unsupported), else null. */
    private final Entailment always;
    private final Engine engine;
    /** γ_close and γ↑ (missing dimensions at the unit) where they satisfy every constraint. */
    private final List<Assignment> solutions = new ArrayList<>();
    /** Built on the first perturbation: the input's dimension variables by σ⋆ representative, and the constraints mentioning each. */
    private Map<String, List<String>> classes;
    private Map<String, List<Integer>> mentions;

    private Entailer(Input in, Entailment always, Engine engine) {
        this.in = in;
        this.always = always;
        this.engine = engine;
    }

    /** Solves {@code problem} once (stage 1, and closing for γ_close) for the queries to come. */
    static Entailer of(Problem problem, SolveOptions options, java.util.Set<org.shapeforge.solve.rules.Mutation> mutations) {
        Input in = Input.of(problem);
        if (in.unsupported() != null) return new Entailer(in, new Entailment.Undetermined(in.unsupportedWhy()), null);
        Provenance prov = Provenance.of(problem);
        Attempt.Result r = Attempt.run(in, prov, Choices.deterministic(), false, false, NativeSolver.maxSteps(in), mutations);
        if (r instanceof Attempt.Failed f)
            return new Entailer(in, f.why().why.policy() || f.why().error
                    ? new Entailment.Undetermined("the solver fails by policy: " + f.why().getMessage())
                    : new Entailment.Entailed("the constraints have no solution (" + f.why().getMessage() + ")"), null);
        if (!(r instanceof Attempt.Done d)) return new Entailer(in, new Entailment.Undetermined("step budget exhausted"), null);
        Entailer e = new Entailer(in, null, d.engine());
        List<Assignment> candidates = new ArrayList<>();
        if (new NativeSolver(mutations).solve(problem, options.withComplete(false)) instanceof Outcome.Sat s) candidates.add(s.model());
        candidates.add(d.solved().upward());
        for (Assignment g : candidates) {
            Assignment full = withUnits(g, in);
            if (Evaluator.holdsAll(in.constraints(), full, Semantics.FLAT)) e.solutions.add(full);
        }
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
        for (Assignment g : solutions)
            if (Evaluator.judge(c, g, Semantics.FLAT).truth() == Truth.FAILS) return new Entailment.NotEntailed(g);
        Assignment p = perturbed(c);
        if (p != null) return new Entailment.NotEntailed(p);
        return new Entailment.Undetermined("no semantic derivation of " + Printer.print(c)
                + " and no counterexample among γ_close, γ↑ and their perturbations");
    }

    /** How many variables a perturbation may move (it stays cheap: the re-check is local). */
    static final int PERTURBATION_BUDGET = 256;

    /**
     * A solution violating {@code c} (an equation or order on a dimension variable v) obtained
     * from the first solution by moving the class of v's σ⋆ representative (when it is a variable:
     * v is open after stage 1) to another size — one more or twice its size — or to the unit
     * together with every class stored above it ({@code α ⊑ β} adjacencies: the unit is the top
     * of the broadcast order, so the cone moves with it). Only the constraints that mention a
     * moved variable are re-checked (the others see the same values); null when none works or
     * the cone exceeds {@link #PERTURBATION_BUDGET} variables.
     */
    private Assignment perturbed(Constraint c) {
        if (solutions.isEmpty()) return null;
        String v = switch (c) {
            case Constraint.DimEq(Dim.Var x, Dim o, var s) -> x.name();
            case Constraint.DimEq(Dim o, Dim.Var x, var s) -> x.name();
            case Constraint.DimLe(Dim.Var x, Dim o, var s) -> x.name();
            case Constraint.DimLe(Dim o, Dim.Var x, var s) -> x.name();
            default -> null;
        };
        if (v == null || !in.dimVars().contains(v)) return null;
        Trace t = new Trace(Why.NONE, false);
        if (!(engine.subst.dim(new Dim.Var(v), t) instanceof Dim.Var rep)) return null;
        index();
        Assignment g = solutions.getFirst();
        Dim now = g.dims().get(v);
        if (now == null) return null;
        long n = Sizes.size(now);
        List<String> cls = classes.getOrDefault(rep.name(), List.of());
        for (Dim value : new Dim[] {Sizes.ofSize(n + 1, Dim.DEFAULT_BASIS), Sizes.ofSize(2 * n, Dim.DEFAULT_BASIS)}) {
            Assignment a = tryMove(g, cls, value, c);
            if (a != null) return a;
        }
        if (now instanceof Dim.Unit) return null;
        List<String> cone = new ArrayList<>(), reps = new ArrayList<>(List.of(rep.name()));
        Set<String> seen = new java.util.HashSet<>(reps);
        for (int i = 0; i < reps.size(); i++) {
            cone.addAll(classes.getOrDefault(reps.get(i), List.of()));
            if (cone.size() > PERTURBATION_BUDGET) return null;
            for (var s : engine.store.upAdjacencies(reps.get(i)))
                if (engine.subst.dim(new Dim.Var(s.dimVars.get(1)), t) instanceof Dim.Var w && seen.add(w.name())) reps.add(w.name());
        }
        return tryMove(g, cone, Dim.unit(), c);
    }

    /** {@code g} with {@code vars} at {@code value}, if that satisfies the constraints mentioning them and violates {@code c}. */
    private Assignment tryMove(Assignment g, List<String> vars, Dim value, Constraint c) {
        Map<String, Dim> dims = new HashMap<>();
        Set<Integer> affected = new LinkedHashSet<>();
        for (String x : vars) {
            dims.put(x, value);
            affected.addAll(mentions.getOrDefault(x, List.of()));
        }
        Assignment local = local(g, dims, affected, c);
        if (Evaluator.judge(c, local, Semantics.FLAT).truth() != Truth.FAILS) return null;
        for (int i : affected)
            if (Evaluator.judge(in.constraints().get(i), local, Semantics.FLAT).truth() != Truth.HOLDS) return null;
        Map<String, Dim> all = new LinkedHashMap<>(g.dims());
        all.putAll(dims);
        return new Assignment(all, g.rows());
    }

    /** The values of {@code g}, overridden by {@code dims}, of the variables the affected constraints and {@code c} mention. */
    private Assignment local(Assignment g, Map<String, Dim> dims, Set<Integer> affected, Constraint c) {
        Map<String, Dim> d = new HashMap<>();
        Map<String, org.shapeforge.term.Row> r = new HashMap<>();
        List<Constraint> cs = new ArrayList<>();
        for (int i : affected) cs.add(in.constraints().get(i));
        cs.add(c);
        for (Constraint k : cs) {
            Mentions.dims(k, x -> {
                Dim val = dims.containsKey(x) ? dims.get(x) : g.dims().get(x);
                if (val != null) d.put(x, val);
            });
            Mentions.rows(k, x -> {
                var val = g.rows().get(x);
                if (val != null) r.put(x, val);
            });
        }
        return new Assignment(d, r);
    }

    private void index() {
        if (classes != null) return;
        classes = new HashMap<>();
        mentions = new HashMap<>();
        Trace t = new Trace(Why.NONE, false);
        for (String x : in.dimVars())
            if (engine.subst.dim(new Dim.Var(x), t) instanceof Dim.Var w) classes.computeIfAbsent(w.name(), k -> new ArrayList<>(2)).add(x);
        for (int i = 0; i < in.constraints().size(); i++) {
            int k = i;
            Mentions.dims(in.constraints().get(i), x -> {
                List<Integer> l = mentions.computeIfAbsent(x, y -> new ArrayList<>(2));
                if (l.isEmpty() || l.getLast() != k) l.add(k);
            });
        }
    }
}
