package org.shapeforge.smt;

import com.microsoft.z3.Context;
import com.microsoft.z3.Status;
import com.microsoft.z3.Z3Exception;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.semantics.Admissible;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Truth;
import org.shapeforge.smt.encode.ModelDecoder;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Failure;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SmtLibQuery;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.Stats;
import org.shapeforge.term.Assignment;

/**
 * The SMT oracle ({@code z3}): the constraints under the chosen semantics, encoded with rows
 * unrolled to at most {@code K} axes per row variable ({@code docs/smt.md}), deepening the
 * unrolling 2, 4, 8, … up to {@code K}. A bounded model is a model; a bounded unsat whose core does
 * not use the bound is unconditional; at {@code K} the rank-unbounded relaxation decides whether
 * the verdict is unconditional or only {@code unsat (rank ≤ K)}. Every model is decoded and re-checked
 * by {@link Evaluator}; a model the evaluator rejects is our bug (IllegalStateException). Timeouts
 * and Z3 giving up are {@link Outcome.Unknown}.
 */
public final class SmtSolver implements ShapeSolver {
    /** Timeout used when the options give none. */
    public static final long DEFAULT_TIMEOUT_MS = 10_000;

    /**
     * With {@code perThread}, each thread keeps one Z3 {@link Context} for all its calls (a fresh
     * solver per check), instead of one context per check: a campaign of many small inputs (the
     * fuzzer) spends most of its time creating contexts otherwise. Contexts are never shared
     * between threads. Without it (the default), every check has its own context, closed after.
     */
    private final ThreadLocal<Reused> perThread;

    /** A thread's context and how many checks it has served: Z3 keeps every term a context made, so it is renewed every {@value #REUSE} checks. */
    private static final class Reused {
        Context ctx = new Context();
        int uses;
    }

    static final int REUSE = 200;

    public SmtSolver() {
        this(false);
    }

    public SmtSolver(boolean contextPerThread) {
        this.perThread = contextPerThread ? ThreadLocal.withInitial(Reused::new) : null;
    }

    /** A context for one check: the thread's (renewed every {@value #REUSE} checks), or a fresh one (closed by {@link #release}). */
    private Context acquire() {
        if (perThread == null) return new Context();
        Reused r = perThread.get();
        if (++r.uses > REUSE) {
            r.ctx.close();
            r.ctx = new Context();
            r.uses = 1;
        }
        return r.ctx;
    }

    private void release(Context ctx) {
        if (perThread == null) ctx.close();
    }

    @Override
    public String name() {
        return "z3";
    }

    @Override
    public Outcome solve(Problem problem, SolveOptions options) {
        long t0 = System.nanoTime();
        Semantics sem = options.semantics();
        int target = rankBound(problem.constraints(), options);
        long deadline = t0 / 1_000_000 + timeout(options);
        int n = problem.constraints().size();
        int limit = InputSize.limit();
        int nodes = InputSize.nodes(problem.constraints(), limit);
        if (nodes > limit) return new Outcome.Unknown(InputSize.tooLarge(limit), new Stats(n, 0, millis(t0)));
        boolean large = nodes > InputSize.LARGE;
        return deepen(problem, Optional.empty(), sem, target, deadline, large, new Bounded<Outcome>() {
            private int checks;

            @Override
            public Outcome at(Session s, int k) throws ModelDecoder.OutOfRange {
                Status bounded = s.check(true);
                if (bounded == Status.SATISFIABLE) {
                    Assignment model = ModelDecoder.decode(s.solver.getModel(), s.encoding, sem);
                    if (!Admissible.solves(problem, model, sem))
                        throw mismatch("model violates the input", problem.constraints(), model, sem, s);
                    return new Outcome.Sat(model, Optional.empty(),
                            List.of("z3 (" + sem.keyword + "), row variables unrolled to rank ≤ " + k),
                            new Stats(n, checks + s.checks, millis(t0)));
                }
                if (bounded == Status.UNKNOWN)
                    return new Outcome.Unknown(reason(s, options), new Stats(n, checks + s.checks, millis(t0)));
                BitSet core = s.coreIndices();
                if (!s.coreUsesBound() || !s.encoding.hasRowVars())
                    return unsat(problem, core, sem, Optional.empty(), n, checks + s.checks, t0);
                if (k == target) {
                    if (s.check(false) == Status.UNSATISFIABLE)
                        return unsat(problem, s.coreIndices(), sem, Optional.empty(), n, checks + s.checks, t0);
                    return unsat(problem, core, sem, Optional.of(k), n, checks + s.checks, t0);
                }
                return null;
            }

            @Override
            public void deeper(Session s) {
                checks += s.checks;
            }

            @Override
            public Outcome outOfTime() {
                return new Outcome.Unknown(timedOut(options), new Stats(n, checks, millis(t0)));
            }

            @Override
            public Outcome failed(String reason, Session s) {
                return new Outcome.Unknown(reason, new Stats(n, checks + s.checks, millis(t0)));
            }
        });
    }

    /**
     * Does {@code problem} entail {@code c}? Φ ∧ ¬c is checked with growing rank bounds; sat gives
     * a counter-model checked by the evaluator (Φ holds, {@code c} does not); unsat gives
     * {@link Entailment.Entailed} when that holds for every rank; unsat only up to the bound is
     * {@link Entailment.Undetermined}.
     */
    @Override
    public Entailment entails(Problem problem, Constraint c, SolveOptions options) {
        Semantics sem = options.semantics();
        int target = rankBound(concat(problem.constraints(), c), options);
        long deadline = System.nanoTime() / 1_000_000 + timeout(options);
        String who = "z3 (" + sem.keyword + "): the input and the negation are unsat ";
        int limit = InputSize.limit();
        int nodes = InputSize.nodes(concat(problem.constraints(), c), limit);
        if (nodes > limit) return new Entailment.Undetermined(InputSize.tooLarge(limit));
        boolean large = nodes > InputSize.LARGE;
        return deepen(problem, Optional.of(c), sem, target, deadline, large, new Bounded<Entailment>() {
            @Override
            public Entailment at(Session s, int k) throws ModelDecoder.OutOfRange {
                Status bounded = s.check(true);
                if (bounded == Status.SATISFIABLE) {
                    Assignment model = ModelDecoder.decode(s.solver.getModel(), s.encoding, sem);
                    boolean phi = Evaluator.holdsAll(problem.constraints(), model, sem);
                    if (!phi || Evaluator.judge(c, model, sem).truth() == Truth.HOLDS)
                        throw mismatch("counter-model is not one", concat(problem.constraints(), c), model, sem, s);
                    return new Entailment.NotEntailed(model);
                }
                if (bounded == Status.UNKNOWN) return new Entailment.Undetermined(reason(s, options));
                if (!s.coreUsesBound()) return new Entailment.Entailed(who + "for every rank");
                if (k == target) {
                    if (s.check(false) == Status.UNSATISFIABLE) return new Entailment.Entailed(who + "for every rank");
                    // a bounded refutation of the negation proves nothing past the bound: undetermined, never entailed
                    return new Entailment.Undetermined(who + "only for rows of rank ≤ " + k + " (the bound is not proved sufficient here)");
                }
                return null;
            }

            @Override
            public Entailment outOfTime() {
                return new Entailment.Undetermined(timedOut(options));
            }

            @Override
            public Entailment failed(String reason, Session s) {
                return new Entailment.Undetermined(reason);
            }
        });
    }

    /** One bound's decision in {@link #deepen}: an answer, or null to deepen; and the answers when time runs out or the check fails. */
    private interface Bounded<R> {
        /** The answer at unrolling bound {@code k}, from the session's checks; null: try the next bound. */
        R at(Session s, int k) throws ModelDecoder.OutOfRange;

        /** Called with the session of a bound that gave no answer, before the next. */
        default void deeper(Session s) {}

        R outOfTime();

        /** The answer when a model value is out of the language's range or z3 fails ({@code reason} says which). */
        R failed(String reason, Session s);
    }

    /**
     * The iterative deepening of {@link #schedule} — written once for {@code solve} and
     * {@code entails}: a fresh session per bound within the time left, the first answer returned.
     */
    private <R> R deepen(Problem problem, Optional<Constraint> negated, Semantics sem, int target, long deadline, boolean large,
            Bounded<R> b) {
        for (int k : schedule(target)) {
            long left = deadline - System.nanoTime() / 1_000_000;
            if (left <= 0) return b.outOfTime();
            Context ctx = acquire();
            try {
                Session s = new Session(ctx, problem, negated, sem, k, left, large);
                try {
                    R r = b.at(s, k);
                    if (r != null) return r;
                } catch (ModelDecoder.OutOfRange e) {
                    return b.failed("model value too large for the language: " + e.getMessage(), s);
                } catch (Z3Exception e) {
                    return b.failed("z3: " + e.getMessage(), s);
                }
                b.deeper(s);
            } finally {
                release(ctx);
            }
        }
        throw new IllegalStateException("empty deepening schedule for rank bound " + target);
    }

    /**
     * Iterative deepening of the unrolling: 2, 4, 8, … below {@code target}, then {@code target}.
     * A model at a small bound is a model; unsat is only concluded at {@code target} (or earlier
     * when the core does not use the bound).
     */
    static List<Integer> schedule(int target) {
        List<Integer> ks = new ArrayList<>();
        for (int k = 2; k < target; k *= 2) ks.add(k);
        ks.add(target);
        return List.copyOf(ks);
    }

    /** The bounded encoding as a standard SMT-LIB2 script ({@link SmtLibScript}) ending in {@code (check-sat)}. */
    @Override
    public Optional<String> exportSmtLib(Problem problem, SolveOptions options) {
        int limit = InputSize.limit();
        if (InputSize.nodes(problem.constraints(), limit) > limit)
            throw new ShapeError("too-large", Span.NONE, InputSize.tooLarge(limit));
        int k = rankBound(problem.constraints(), options);
        try (Context ctx = new Context()) {
            return Optional.of(SmtLibScript.of(ctx, problem, options.semantics(), k));
        }
    }

    /**
     * One script per query over one encoding ({@link SmtLibScript#scripts}), each ending in
     * {@code (check-sat)}. No input-size limit ({@link InputSize}): writing the scripts solves nothing.
     */
    @Override
    public Optional<List<String>> exportSmtLib(Problem problem, List<String> notes, List<SmtLibQuery> queries, SolveOptions options) {
        int k = rankBound(problem.constraints(), options);
        try (Context ctx = new Context()) {
            return Optional.of(SmtLibScript.scripts(ctx, problem, notes, queries, options.semantics(), k));
        }
    }

    /** The unrolling bound: {@code options.rankBound()} when positive, else {@link RankBound#derive}. */
    public static int rankBound(List<Constraint> cs, SolveOptions options) {
        return options.rankBound() > 0 ? options.rankBound() : RankBound.derive(cs);
    }

    private static long timeout(SolveOptions o) {
        return o.timeoutMs() > 0 ? o.timeoutMs() : DEFAULT_TIMEOUT_MS;
    }

    /**
     * A refutation. Unconditional: {@link Outcome.Unsat}. Only for rows of rank ≤ K, the bound not
     * proved sufficient: {@link Outcome.Unknown} with a {@link FailureKind#BOUNDED} cause — a bounded
     * encoding that did not prove its bound sufficient never answers unsat (a rank-2,000 row is
     * not refuted by an unrolling to 64).
     */
    private static Outcome unsat(Problem problem, BitSet core, Semantics sem, Optional<Integer> bound, int n, int checks,
            long t0) {
        int size = core.cardinality();
        String msg = "unsatisfiable under " + sem.keyword + " semantics"
                + bound.map(k -> " for rows of rank ≤ " + k + " (the bound is not proved sufficient here)").orElse("")
                + "; core of " + size + " constraint" + (size == 1 ? "" : "s");
        Stats st = new Stats(n, checks, millis(t0));
        if (bound.isEmpty()) return new Outcome.Unsat(Failure.of(FailureKind.UNSAT, msg, problem.constraints(), core), st);
        return new Outcome.Unknown("unsat only for rows of rank ≤ " + bound.get() + " (the bound is not proved sufficient)",
                Optional.of(Failure.of(FailureKind.BOUNDED, msg, problem.constraints(), core)), bound, st);
    }

    private static String reason(Session s, SolveOptions o) {
        String r = s.solver.getReasonUnknown();
        if (r == null || r.isBlank()) return "z3 gave up: unknown";
        if (r.equals("canceled") || r.equals("timeout")) return timedOut(o);
        return "z3 gave up: " + r;
    }

    private static String timedOut(SolveOptions o) {
        return "timeout after " + timeout(o) + " ms";
    }

    private static double millis(long t0) {
        return (System.nanoTime() - t0) / 1e6;
    }

    private static IllegalStateException mismatch(String what, List<Constraint> cs, Assignment model, Semantics sem, Session s) {
        StringBuilder sb = new StringBuilder("SMT/evaluator mismatch (" + sem.keyword + "): " + what + "\nmodel: " + model);
        for (var j : Evaluator.evaluate(cs, model, sem)) sb.append("\n  ").append(j.truth()).append(": ").append(j.detail());
        sb.append("\nformula:\n").append(s.solver);
        return new IllegalStateException(sb.toString());
    }

    private static List<Constraint> concat(List<Constraint> cs, Constraint c) {
        var out = new ArrayList<>(cs);
        out.add(c);
        return List.copyOf(out);
    }
}
