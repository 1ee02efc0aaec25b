package org.shapeforge.oracle.fuzz;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Predicate;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Statement;
import org.shapeforge.oracle.Backend;
import org.shapeforge.oracle.Checked;
import org.shapeforge.oracle.SolverStatistics;
import org.shapeforge.oracle.claims.Claim;
import org.shapeforge.oracle.claims.Claims;
import org.shapeforge.oracle.gen.Case;
import org.shapeforge.oracle.gen.CaseGen;
import org.shapeforge.oracle.gen.Fragment;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solve.rules.Mutation;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Assignment;

/**
 * The differential campaign behind {@code shapeforge fuzz} (issue 10): cases {@code start …
 * start + cases − 1}; case {@code i} of seed {@code S} is {@link CaseGen#generate}{@code (caseSeed(S, i))}, so a campaign is deterministic per
 * seed whatever {@code jobs} is (up to SMT timeouts). Each case: native (deterministic, re-checked
 * by {@link Checked}) against SMT under {@code flat} ({@link Classifier}), and native on a
 * {@link Metamorphic} variant; on a native {@code Sat} with dynamic dims, the claim that they stay
 * symbols ({@link Claims#dynamicDims}; a failure is {@link Klass#CLAIM}). Violations ({@link Klass#isViolation()}) are minimized by
 * {@link DeltaDebug} over the statements, then by {@link Shrink} over flank lengths and numbers. {@code jobs} worker threads take cases {@code t, t+J, …};
 * each runs its own solvers, and the SMT solver opens one Z3 {@code Context} per call, so no
 * context is ever shared between threads.
 */
public final class Fuzzer {
    private Fuzzer() {}

    /** A campaign. {@code mutations} plants rule bugs in native (tests of the fuzzer only). */
    public record Config(long seed, long start, long cases, Set<Fragment> fragments, int jobs, long smtTimeoutMs,
            Set<Mutation> mutations, boolean minimize) {
        public Config {
            if (start < 0 || cases < 0 || jobs < 1) throw new IllegalArgumentException("start, cases >= 0 and jobs >= 1");
            fragments = Set.copyOf(fragments);
            mutations = Set.copyOf(mutations);
        }
    }

    /** A violation: the case, its class, and the minimized statements. */
    public record Finding(long index, Case kase, Klass klass, String detail, List<Statement> minimized) {
        public Finding {
            minimized = List.copyOf(minimized);
        }

        public Problem minimizedProblem() {
            return new Problem(kase.problem().file(), minimized);
        }
    }

    /** The counts per class, the minimized findings, and each backend's call statistics ({@link SolverStatistics}: every call, variants and minimization included). */
    public record Result(Map<Klass, Long> counts, List<Finding> findings, long cases, double seconds, List<SolverStatistics.Snapshot> solvers) {
        public Result {
            solvers = List.copyOf(solvers);
        }

        public double casesPerSecond() {
            return seconds <= 0 ? 0 : cases / seconds;
        }

        public long violations() {
            long v = 0;
            for (var e : counts.entrySet()) if (e.getKey().isViolation()) v += e.getValue();
            return v;
        }
    }

    /** Runs the campaign; {@code done} is incremented after each case (for a progress line). */
    public static Result run(Config c, AtomicLong done) {
        long t0 = System.nanoTime();
        AtomicLongArray counts = new AtomicLongArray(Klass.values().length);
        ConcurrentLinkedQueue<Finding> findings = new ConcurrentLinkedQueue<>();
        SolverStatistics.Counters natStats = new SolverStatistics.Counters(), smtStats = new SolverStatistics.Counters();
        Shards.run("fuzz", c.jobs(), c.start(), c.cases(), () -> {
            Runner r = new Runner(c, natStats, smtStats);
            return i -> {
                Case k = CaseGen.generate(CaseGen.caseSeed(c.seed(), i), c.fragments());
                Classifier.Verdict v = r.judge(k.problem(), k.planted(), k.seed());
                counts.incrementAndGet(v.klass().ordinal());
                if (v.klass().isViolation())
                    findings.add(new Finding(i, k, v.klass(), v.detail(),
                            c.minimize() ? r.minimize(k, v.klass()) : k.problem().statements()));
                done.incrementAndGet();
            };
        });
        Map<Klass, Long> out = Shards.tally(counts);
        List<Finding> fs = new ArrayList<>(findings);
        fs.sort(Comparator.comparingLong(Finding::index));
        return new Result(out, fs, c.cases(), (System.nanoTime() - t0) / 1e9,
                List.of(natStats.snapshot("native"), smtStats.snapshot("smt (flat)")));
    }

    /** One worker's solvers and the per-case judgement. */
    static final class Runner {
        private final ShapeSolver nat;
        private final ShapeSolver smt;
        private final SolveOptions natOpts = SolveOptions.defaults();
        private final SolveOptions smtOpts;

        Runner(Config c) {
            this(c, new SolverStatistics.Counters(), new SolverStatistics.Counters());
        }

        /** Solvers whose calls are counted in the given (shared) tallies. */
        Runner(Config c, SolverStatistics.Counters natStats, SolverStatistics.Counters smtStats) {
            this.nat = new SolverStatistics(new Checked(Backend.nativeMutated(c.mutations())), natStats);
            this.smt = new SolverStatistics(Backend.smtContextPerThread(), smtStats); // one Z3 context for this worker thread
            this.smtOpts = SolveOptions.defaults().withSemantics(Semantics.FLAT).withTimeoutMs(c.smtTimeoutMs());
        }

        /** Native on {@code p}; a thrown soundness guard is an unsound accept, anything else a crash. */
        Outcome nativeOn(Problem p) {
            return nat.solve(p, natOpts);
        }

        /** Whether native's answer on {@code p} is refuted by the evaluator alone (it throws its soundness guard, or {@link Checked} rejects the model). */
        boolean evaluatorRejects(Problem p) {
            try {
                return nativeOn(p) instanceof Outcome.Unknown u && u.reason().startsWith(Checked.REJECTED);
            } catch (RuntimeException e) {
                return String.valueOf(e.getMessage()).contains("soundness guard");
            }
        }

        Classifier.Verdict judge(Problem p, Optional<Assignment> planted, long seed) {
            Outcome n;
            try {
                n = nativeOn(p);
            } catch (RuntimeException e) {
                String m = String.valueOf(e.getMessage());
                return new Classifier.Verdict(m.contains("soundness guard") ? Klass.UNSOUND_ACCEPT : Klass.CRASH,
                        "native threw " + e.getClass().getSimpleName() + ": " + firstLine(m));
            }
            if (n instanceof Outcome.Unknown u && u.reason().startsWith(Checked.REJECTED))
                return new Classifier.Verdict(Klass.UNSOUND_ACCEPT, u.reason()); // the evaluator refutes it: no SMT needed
            Outcome s;
            try {
                s = smt.solve(p, smtOpts);
            } catch (RuntimeException e) {
                return new Classifier.Verdict(Klass.CRASH, "smt threw " + e.getClass().getSimpleName() + ": " + firstLine(String.valueOf(e.getMessage())));
            }
            Classifier.Verdict v = Classifier.classify(p, n, s, planted);
            if (v.klass().isViolation()) return v;
            Optional<Classifier.Verdict> c = claimViolation(p, n, smt, smtOpts);
            if (c.isPresent()) return c.get();
            Optional<String> m = metamorphic(p, n, seed);
            return m.map(d -> new Classifier.Verdict(Klass.METAMORPHIC, d)).orElse(v);
        }

        /** Native on a permuted and renamed variant must answer the same up to renaming. */
        Optional<String> metamorphic(Problem p, Outcome original, long seed) {
            Metamorphic.Variant var = Metamorphic.variant(p, seed ^ 0x5DEECE66DL);
            Outcome o;
            try {
                o = nativeOn(var.problem());
            } catch (RuntimeException e) {
                return Optional.of("the variant made native throw: " + firstLine(String.valueOf(e.getMessage())));
            }
            return Metamorphic.compare(original, o, var.renaming()).map(d -> d + "\n# variant:\n"
                    + Printer.print(var.problem()).strip().replaceAll("(?m)^", "#   "));
        }

        /** Delta debugging over the statements, then {@link Shrink} over flanks and numbers, keeping the class. */
        List<Statement> minimize(Case k, Klass klass) {
            Problem p = k.problem();
            Predicate<List<Statement>> fails = sub -> {
                Problem q = new Problem(p.file(), sub);
                if (klass == Klass.METAMORPHIC) {
                    Outcome o;
                    try {
                        o = nativeOn(q);
                    } catch (RuntimeException e) {
                        return false;
                    }
                    for (int j = 0; j < 4; j++) if (metamorphic(q, o, k.seed() + j).isPresent()) return true;
                    return false;
                }
                return judge(q, k.planted(), k.seed()).klass() == klass;
            };
            // a planted solution need not survive edits of the numbers: shrink only without one
            List<Statement> dd = DeltaDebug.minimize(p.statements(), fails);
            return k.planted().isPresent() ? dd : Shrink.shrink(dd, p.file(), fails);
        }
    }

    /** The claims the campaign checks on native's answer ({@link Claims#dynamicDims}): a failing one is a {@link Klass#CLAIM} violation. */
    static Optional<Classifier.Verdict> claimViolation(Problem p, Outcome nat, ShapeSolver smt, SolveOptions smtOpts) {
        Claim d = Claims.dynamicDims(p, nat, smt, smtOpts);
        return d.status() == Claim.Status.FAILS ? Optional.of(new Classifier.Verdict(Klass.CLAIM, d.name() + ": " + d.detail()))
                : Optional.empty();
    }

    private static String firstLine(String s) {
        int i = s.indexOf('\n');
        return i < 0 ? s : s.substring(0, i);
    }
}
