package org.shapeforge.solve;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Admissible;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Truth;
import org.shapeforge.solve.close.Provenance;
import org.shapeforge.solve.close.StageTrace;
import org.shapeforge.solve.rules.Contradiction;
import org.shapeforge.solve.rules.Mutation;
import org.shapeforge.solve.search.Choices;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Entailments;
import org.shapeforge.solver.Failure;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.Stats;
import org.shapeforge.term.Assignment;

/**
 * The native staged solver (seed 003 §§4–6, seed 000's stage table) on the core fragment:
 * dimension equality and order, row equality (≈) and row order (marked). Deterministic by
 * default; with {@link SolveOptions#complete()} it backtracks over the policy choice points of
 * Remark 6.7(ii) by replaying branch scripts. Every Sat model is re-checked before it is returned.
 */
public final class NativeSolver implements ShapeSolver {
    /** Steps of one run before it reports Unknown: this many per constraint, at least 200,000. */
    public static final long STEPS_PER_CONSTRAINT = 200;
    /** Branches complete mode may explore before it reports Unknown. */
    public static final int MAX_NODES = 500;

    private final Set<Mutation> mutations;

    public NativeSolver() {
        this(Set.of());
    }

    /** A solver with planted rule mutations: for testing that the fuzzer finds bugs, never for answers. */
    public NativeSolver(Set<Mutation> mutations) {
        this.mutations = Set.copyOf(mutations);
    }

    @Override
    public String name() {
        return mutations.isEmpty() ? "native" : "native" + mutations;
    }

    /**
     * Solves the problem in its canonical order and names ({@link CanonicalOrder}): the answer
     * does not depend on the order of constraints or declarations, nor on names; a choice between
     * symmetric variables that no structural key decides is refused as a policy failure.
     */
    @Override
    public Outcome solve(Problem problem, SolveOptions options) {
        var canonical = CanonicalOrder.of(problem);
        return canonical.isEmpty() ? solveAsGiven(problem, options, null)
                : canonical.get().restore(solveAsGiven(canonical.get().problem(), options, null));
    }

    /** An answer with closing's trace: per stage, what it bound and what it re-solved ({@code solve --trace}). */
    public record Traced(Outcome outcome, List<StageTrace> stages) {
        public Traced {
            stages = List.copyOf(stages);
        }
    }

    /**
     * {@link #solve} with the trace of the run it reports (stage 1, then each closing stage; the stage
     * a failure ended is marked not completed; none for an input refused before solving), in the
     * input's names. The answer is the same as {@link #solve}'s.
     */
    public Traced solveTraced(Problem problem, SolveOptions options) {
        var canonical = CanonicalOrder.of(problem);
        List<StageTrace> trace = new ArrayList<>();
        if (canonical.isEmpty()) return new Traced(solveAsGiven(problem, options, trace), trace);
        Outcome o = canonical.get().restore(solveAsGiven(canonical.get().problem(), options, trace));
        return new Traced(o, trace.stream().map(canonical.get()::restore).toList());
    }

    /**
     * Runs the attempts with derivations that keep only their first source ({@link Attempt#run}:
     * the same decisions and residual spans, no derivation DAG), and replays the failure to report
     * with full derivations, to name all its constraints. A replay is the same deterministic run;
     * one that does not end the same way is a bug, reported as such.
     */
    private Outcome solveAsGiven(Problem problem, SolveOptions options, List<StageTrace> trace) {
        long t0 = System.nanoTime();
        Input in = Input.of(problem);
        int n = in.constraints().size();
        if (options.semantics() != Semantics.FLAT)
            return error("the native solver implements the flat semantics only (got " + options.semantics().keyword + ")",
                    n, 0, t0);
        if (in.unsupported() != null) return new Outcome.Unknown(in.unsupportedWhy(), stats(n, 0, t0));
        Provenance prov = Provenance.of(problem);
        List<Integer> script = List.of(), firstScript = null;
        Attempt.Failed first = null;
        long steps = 0;
        for (int node = 0; ; node++) {
            Choices ch = new Choices(script);
            Attempt.Result r = Attempt.run(in, prov, ch, options.complete(), options.closing(), true, maxSteps(in), mutations, false, trace);
            steps += r.steps();
            switch (r) {
                case Attempt.Done d -> {
                    List<String> notes = new ArrayList<>(d.notes());
                    if (options.complete() && !script.isEmpty()) notes.add("complete mode: branch " + script + " after " + node + " failed branch(es)");
                    String unchecked;
                    try {
                        unchecked = guard(in, prov, d);
                    } catch (ArithmeticException e) {
                        // a size of the model (a compound term at the unit) beyond 2^63 - 1: no model in the language's sizes
                        return new Outcome.Unknown("not supported natively: a size of the closed model overflows 2^63 - 1 ("
                                + e.getMessage() + ")", stats(n, steps, t0));
                    }
                    if (unchecked != null) return new Outcome.Unknown(unchecked, stats(n, steps, t0));
                    return new Outcome.Sat(d.model(), Optional.of(d.solved()), notes, stats(n, steps, t0));
                }
                case Attempt.OutOfBudget b -> {
                    return new Outcome.Unknown(b.reason(), stats(n, steps, t0));
                }
                case Attempt.Failed f -> {
                    if (first == null) {
                        first = f;
                        firstScript = script;
                    }
                    if (!options.complete() || f.why().error || !f.why().why.policy())
                        return failure(in, explained(in, prov, script, options, f, trace), options.complete() && node > 0 ? "" : null, n, steps, t0);
                    script = ch.next();
                    if (script == null)
                        return failure(in, explained(in, prov, firstScript, options, first, trace), " (complete mode: all " + (node + 1) + " explored policy branches fail; some choice points are not branched, so this is not a proof of unsatisfiability)", n, steps, t0);
                    if (node + 1 >= MAX_NODES)
                        return new Outcome.Unknown("complete mode: branch budget of " + MAX_NODES + " exhausted", stats(n, steps, t0));
                }
            }
        }
    }

    /**
     * The contradiction of failed run {@code f} (along {@code script}), replayed with full
     * derivations; the replay must fail as {@code f} did, after as many steps.
     */
    private Contradiction explained(Input in, Provenance prov, List<Integer> script, SolveOptions options, Attempt.Failed f,
            List<StageTrace> trace) {
        Attempt.Result r = Attempt.run(in, prov, new Choices(script), options.complete(), options.closing(), true, maxSteps(in), mutations, true, trace);
        if (!(r instanceof Attempt.Failed replay) || r.steps() != f.steps())
            throw new IllegalStateException("native solver: the replay with sources ended " + r.getClass().getSimpleName()
                    + " after " + r.steps() + " steps, the run " + f.getClass().getSimpleName() + " after " + f.steps());
        Contradiction c = replay.why();
        if (c.error != f.why().error || c.why.policy() != f.why().why.policy() || !c.getMessage().equals(f.why().getMessage()))
            throw new IllegalStateException("native solver: the replay with sources failed otherwise (\"" + c.getMessage()
                    + "\") than the run (\"" + f.why().getMessage() + "\")");
        return c;
    }

    /**
     * Does Φ entail {@code c}? Entailed when stage 1 bound the variable of {@code c} to a ground
     * value by semantic steps only (Cor. 5.7) and that value satisfies {@code c}; NotEntailed
     * with a checked solution (γ_close, γ↑ or a perturbation of γ_close) that violates {@code c};
     * else Undetermined. A semantic failure of Φ entails everything. Solves the problem each
     * time: for several queries, ask one {@link #entailer}.
     */
    @Override
    public Entailment entails(Problem problem, Constraint c, SolveOptions options) {
        return entailer(problem, options).entails(c);
    }

    /** The problem solved once, for any number of entailment queries (each costs about the size of the query). */
    @Override
    public Entailments entailments(Problem problem, SolveOptions options) {
        return entailer(problem, options)::entails;
    }

    /** As {@link #entailments}, with the native type. */
    public Entailer entailer(Problem problem, SolveOptions options) {
        return Entailer.of(problem, options, mutations);
    }

    static long maxSteps(Input in) {
        return Math.max(200_000, STEPS_PER_CONSTRAINT * in.constraints().size());
    }

    private static final int PARALLEL_GUARD = 20_000;

    /**
     * Soundness guard (style lesson 3): the closed model must satisfy the input under flat (a
     * violation is a bug: IllegalStateException). With symbolic sizes, at bindings of the dynamic
     * dims in their domain. Returns the reason for an Unknown when no consistent reading exists
     * to check, else null.
     */
    private static String guard(Input in, Provenance prov, Attempt.Done d) {
        // with nothing left symbolic the model already is the all-ground reading
        Assignment m = d.model();
        var sy = d.engine().view().sizes().symbols();
        boolean unitInDomain = sy.conditions().stream().allMatch(c -> {
            try {
                Map<String, Long> ones = new HashMap<>();
                for (String v : c.left().plus(c.right()).vars()) ones.put(v, 1L);
                for (String v : c.left().vars()) ones.put(v, 1L);
                for (String v : c.right().vars()) ones.put(v, 1L);
                return c.holds(ones);
            } catch (ArithmeticException e) {
                return false;
            }
        });
        // with variables open other than through a symbol (read at the unit), the all-ones reading is
        // the consistent one: it is used whenever the unit is inside the domain
        if (sy.derived().isEmpty() && sy.conditions().isEmpty() || unitInDomain && Report.openBeyondSymbols(d.engine(), in)) {
            boolean ground = m.dims().size() == in.dimVars().size() && m.rows().size() == in.rowVars().size();
            try {
                guard(in, prov, d, ground ? m : Report.symbolicAtUnit(d.engine(), in));
            } catch (IllegalStateException atUnit) {
                // the all-ones reading reads a symbolic row at the unit, which a sum over the dynamic
                // dims is not (a concatenation n ^ m is 2 there): read every symbol at a binding instead,
                // and accept when the whole input holds at one (else the unit reading's report stands)
                if (prov.dynamic().isEmpty()) throw atUnit;
                if (!holdsAtABinding(in, prov, d))
                    // with dynamic dims, an answer no reading confirms is withheld, never passed on:
                    // Unknown (verified inference falls back to Z3), the violation named
                    return "not supported natively: the answer over the dynamic dimensions fails its soundness check"
                            + " at the unit reading and at every chosen binding (" + firstLine(atUnit.getMessage()) + ")";
            }
            return null;
        }
        // derived symbols: at each chosen binding of the dynamic dims (every domain condition holds there)
        boolean open = Report.openBeyondSymbols(d.engine(), in);
        int checked = 0;
        List<Map<String, Long>> outside = new ArrayList<>();
        for (var binding : d.engine().view().sizes().checkedAt()) {
            Assignment at = Report.symbolicAt(d.engine(), in, binding);
            if (outsideDynamicConstraints(in, prov, at)) {
                outside.add(binding); // the input's own constraints on the dynamic dims exclude this binding
                continue;
            }
            try {
                guard(in, prov, d, at);
                checked++;
            } catch (IllegalStateException e) {
                // derived symbols exist only beside dynamic dims, and with dynamic dims an answer the guard
                // cannot confirm is withheld, never an internal error (docs/dynamic.md): the symbolic
                // answer is no solution at this binding inside its domain (d = b ^ b beside d <= b gives
                // d = 2 * b, which no b satisfies) — Unknown, the violation named (issue 28)
                if (!open)
                    return "not supported natively: the symbolic answer over the dynamic dimensions fails its soundness"
                            + " check at " + binding + ", a binding inside its domain (" + firstLine(e.getMessage()) + ")";
                // variables left open (read at the unit) beside symbolic sizes whose domain excludes 1:
                // no consistent reading to check, so no answer
                return "not supported natively: closing left variables open beside symbolic sizes whose domain excludes 1"
                        + " (checked at " + binding + "), so the answer could not be checked";
            }
        }
        if (checked == 0 && !outside.isEmpty())
            return "not supported natively: the constraints on the dynamic dimensions alone exclude every binding the symbolic"
                    + " answer was to be checked at " + outside + ", so the answer could not be checked";
        return null;
    }

    private static String firstLine(String s) {
        int at = s == null ? -1 : s.indexOf("violates");
        String tail = at < 0 ? String.valueOf(s) : s.substring(at);
        int nl = tail.indexOf("\nstore:");
        return (nl < 0 ? tail : tail.substring(0, nl)).replace('\n', ' ').strip();
    }

    /** Whether the whole input holds at one of the bindings of the dynamic dims the solver chose ({@code checkedAt}). */
    private static boolean holdsAtABinding(Input in, Provenance prov, Attempt.Done d) {
        for (var binding : d.engine().view().sizes().checkedAt())
            try {
                guard(in, prov, d, Report.symbolicAt(d.engine(), in, binding));
                return true;
            } catch (IllegalStateException | ArithmeticException e) {
                // not at this binding: try the next
            }
        return false;
    }

    /**
     * Whether {@code at} violates only constraints that mention dynamic dimensions and nothing
     * else ({@code 2 <= b} with {@code b} dynamic): such a binding lies outside the dynamic dims'
     * own feasible set, so checking the symbolic answer there proves nothing either way. A
     * violated constraint that mentions any other variable is not of this kind (the guard then
     * reports the bug).
     */
    private static boolean outsideDynamicConstraints(Input in, Provenance prov, Assignment at) {
        boolean any = false;
        for (var j : Evaluator.evaluate(in.constraints(), at, Semantics.FLAT)) {
            if (j.truth() == Truth.HOLDS) continue;
            boolean[] onlyDynamic = {true};
            Mentions.dims(j.constraint(), v -> { if (!prov.dynamic().contains(v)) onlyDynamic[0] = false; });
            if (!onlyDynamic[0]) return false;
            any = true;
        }
        return any;
    }

    private static void guard(Input in, Provenance prov, Attempt.Done d, Assignment check) {
        var inadmissible = Admissible.violation(check, prov.discardable());
        if (inadmissible.isPresent())
            throw new IllegalStateException("native solver soundness guard: the closed model " + Printer.print(check)
                    + " is not an assignment: " + inadmissible.get() + "\n" + Report.dump(d.engine(), in));
        if (!holdsAll(in.constraints(), check)) {
            StringBuilder bad = new StringBuilder();
            for (var j : Evaluator.evaluate(in.constraints(), check, Semantics.FLAT))
                if (j.truth() != Truth.HOLDS) bad.append("\n  ").append(Printer.print(j.constraint())).append(": ").append(j.detail());
            throw new IllegalStateException("native solver soundness guard: the closed model " + Printer.print(check)
                    + " violates" + bad + "\n" + Report.dump(d.engine(), in));
        }
    }

    /**
     * The evaluator over all constraints; large inputs are judged in chunks on the common
     * fork-join pool (the evaluator is pure and the assignment immutable).
     */
    private static boolean holdsAll(List<Constraint> cs, Assignment check) {
        if (cs.size() < PARALLEL_GUARD) return Evaluator.holdsAll(cs, check, Semantics.FLAT);
        int chunk = PARALLEL_GUARD / 2, n = (cs.size() + chunk - 1) / chunk;
        return IntStream.range(0, n).parallel().allMatch(k ->
                Evaluator.holdsAll(cs.subList(k * chunk, Math.min(cs.size(), (k + 1) * chunk)), check, Semantics.FLAT));
    }

    private static Outcome failure(Input in, Contradiction c, String suffix, int n, long steps, long t0) {
        FailureKind kind = c.error ? FailureKind.ERROR
                : c.why.policy() ? FailureKind.POLICY : FailureKind.SEMANTIC;
        String msg = c.getMessage() + (suffix == null ? "" : suffix);
        // the derivation's sources are indices into the input's constraints, which are the problem's in order
        return outcomeOf(Failure.of(kind, msg, in.constraints(), c.why.sources(), Optional.ofNullable(c.hidden)),
                stats(n, steps, t0));
    }

    /** A semantic failure is a proof (Lemma 5.1): Unsat; a policy failure or an input error is not. */
    private static Outcome outcomeOf(Failure f, Stats stats) {
        return f.kind().provesUnsat() ? new Outcome.Unsat(f, stats) : Outcome.Unknown.of(f, stats);
    }

    /** An input error that involves no particular constraint. */
    private static Outcome error(String msg, int n, long steps, long t0) {
        return outcomeOf(Failure.of(FailureKind.ERROR, msg, List.of(), new BitSet()), stats(n, steps, t0));
    }

    private static Stats stats(int n, long steps, long t0) {
        return new Stats(n, steps, (System.nanoTime() - t0) / 1e6);
    }
}
