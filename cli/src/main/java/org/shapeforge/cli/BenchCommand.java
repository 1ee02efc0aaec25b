package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Interning;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.oracle.Backend;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code shapeforge bench native-chain --size N | --sizes 1000,10000}: a generated tree of N
 * constraints in layers of four — a broadcast inequality between open rows, an einsum-like row
 * equality sharing row variables, a deficit inequality, a dimension inequality carrying a cap —
 * solved and closed by the native solver; reports the median solve + close wall time over a few
 * repetitions after JIT warm-up solves (excluded), constraints/second, peak heap and GC time.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        subcommands = {BenchMatmulCommand.class, BenchConvCommand.class, BenchProgramCommand.class, PipelineBench.class, NativeVsSmtBench.class, ColdBench.class, ImportBench.class, ModelsBench.class},
        description = "Benchmarks: native-chain (native solve + close on a generated constraint tree), native-mix (a layered network mix, issue 12), queries (entailment); matmul, conv, program, pipeline, native-vs-smt, cold, import, models are subcommands.")
public final class BenchCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "benchmark name: native-chain, native-mix, queries (matmul, conv: subcommands)")
    String name;

    @Option(names = "--every", paramLabel = "KIND=P", split = ",",
            description = "native-mix: put KIND (broadcast, trail, dimle, total, concat, conv) in every P-th layer; 0 leaves it out (default 1 each)")
    Map<String, Integer> every = new LinkedHashMap<>();

    @Option(names = "--shuffle", paramLabel = "SEED",
            description = "native-mix/native-chain: the constraints in a random order (this seed) instead of the generator's layer by layer, re-interned in that order as a front end would: a front end need not emit a model layer by layer (at or below 10,000 constraints the solver's canonical order makes the input order irrelevant)")
    Long shuffle;

    @Option(names = "--emit", description = "print the generated problem of the first size as .shc instead of measuring")
    boolean emit;

    @Option(names = "--size", paramLabel = "N", description = "number of constraints (default 100000)")
    Integer size;

    @Option(names = "--sizes", paramLabel = "N,N,...", split = ",", description = "sweep several sizes")
    List<Integer> sizes;

    @Mixin
    JsonOption json;

    @Option(names = "--steady",
            description = "native-mix/native-chain: also time the repetitions back to back without a collection before each (steady state: the collections the solves cause are paid inside the timed region, as in a process that solves problem after problem)")
    boolean steady;

    @Option(names = "--live", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "after the timed repetitions, one untimed solve during which the live heap is sampled by forced full collections (default on; --no-live skips it)")
    boolean live = true;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--reps", paramLabel = "R",
            description = "measured repetitions per size (default 5 for N <= 100000, else 1); the median is reported")
    Integer reps;

    @Option(names = "--warmup", paramLabel = "K",
            description = "at most K warm-up solves before measuring each size, of the instance itself (above " + BenchCommand.WARM_CAP
                    + " constraints: of a " + BenchCommand.WARM_CAP + "-constraint instance, then one of the instance itself), stopping"
                    + " once the JIT has settled (default 200); for queries, JIT warm-up passes over the queries of a"
                    + " 1000-constraint mix before the first size (default 10)")
    Integer warmupOption;

    /** Sizes above this are warmed up on an instance of this size (plus one untimed solve of their own). */
    static final int WARM_CAP = 100_000;

    /**
     * One measured solve (wall time, peak heap, GC and CPU time during it), reduced to numbers and
     * the verdict: keeping the outcome (model and solved form) would grow the live heap run after
     * run and tax the later runs' collections.
     */
    private record Run(String verdict, long steps, double millis, long peakHeap, long gcMillis, double cpuMillis, double processCpuMillis) {}

    @Option(names = "--interleave", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "with several sizes: warm every size up first, then run the sizes' measured repetitions in turn (default on), so that the ratio between sizes is measured over the same minutes; --no-interleave measures each size's repetitions right after its warm-up")
    boolean interleave = true;

    /** The warm-up of size {@code n}: until the JIT settles on {@code p} (above {@link #WARM_CAP}: on a smaller instance, then {@code p} once). */
    private static JitWarmup.Result warm(IntFunction<Problem> gen, int n, Problem p, int warmup) {
        JitWarmup.Result warm = JitWarmup.run(n <= WARM_CAP ? p : gen.apply(WARM_CAP), warmup);
        if (n > WARM_CAP && warmup > 0) Backend.NATIVE.create().solve(p, SolveOptions.defaults()); // its own first touch, untimed
        return warm;
    }

    @Override
    public Integer call() {
        IntFunction<Problem> gen = generator();
        List<Integer> ns = sizes != null ? sizes : List.of(size != null ? size : 100_000);
        for (int n : ns)
            if (n < 1) throw new CommandLine.ParameterException(spec.commandLine(), "sizes must be >= 1, got " + n);
        PrintWriter out = spec.commandLine().getOut();
        if (emit) {
            out.print(Printer.print(gen.apply(ns.getFirst())));
            out.flush();
            return Cli.OK;
        }
        if ("queries".equals(name)) return QueryBench.run(ns, reps, warmupOption != null ? warmupOption : 10, json.on, out);
        int warmup = warmupOption != null ? warmupOption : 200;
        ArrayNode runs = Cli.JSON.createArrayNode();
        List<double[]> medians = new ArrayList<>(); // per size: n, wall, process CPU (medians)
        boolean allSat = true;
        boolean alternate = interleave && ns.size() > 1;
        if (!json.on) out.printf(name + ": solve + close wall time, median of the measured repetitions%s; "
                + "before each size up to %d untimed warm-up solves until the JIT settles (of the instance itself, above n=%d of an n=%d one); %d cores%n",
                (alternate ? " (the sizes' repetitions interleaved, after every size's warm-up)" : "")
                        + (shuffle != null ? "; constraints shuffled (seed " + shuffle + ")" : ""), warmup, WARM_CAP, WARM_CAP,
                Runtime.getRuntime().availableProcessors());
        // Interleaved, the repetitions of all sizes run in the same minutes (size 1, size 2, ..., size 1, ...):
        // a drift of the machine's speed between sizes measured one after the other would enter their ratio.
        List<Problem> problems = new ArrayList<>();
        List<JitWarmup.Result> warms = new ArrayList<>();
        List<List<Run>> measured = new ArrayList<>();
        int[] repsOf = new int[ns.size()];
        for (int k = 0; k < ns.size(); k++) {
            int n = ns.get(k);
            repsOf[k] = reps != null ? Math.max(1, reps) : n <= 100_000 ? 5 : 1;
            measured.add(new ArrayList<>());
            if (!alternate) {
                problems.add(null);
                warms.add(null);
                continue;
            }
            Problem p = gen.apply(n);
            problems.add(p);
            warms.add(warm(gen, n, p, warmup));
        }
        if (alternate) {
            for (int i = 0, most = Arrays.stream(repsOf).max().orElse(1); i < most; i++)
                for (int k = 0; k < ns.size(); k++)
                    if (i < repsOf[k]) measured.get(k).add(measure(problems.get(k)));
            // the live heap and steady runs below see one problem at a time, as without interleaving
            Collections.fill(problems, null);
        }
        for (int k = 0; k < ns.size(); k++) {
            int n = ns.get(k);
            Problem p = gen.apply(n);
            JitWarmup.Result warm = alternate ? warms.get(k) : warm(gen, n, p, warmup);
            int r = repsOf[k];
            List<Run> rs = measured.get(k);
            if (!alternate) for (int i = 0; i < r; i++) rs.add(measure(p));
            List<Run> sorted = new ArrayList<>(rs);
            sorted.sort(Comparator.comparingDouble(Run::millis));
            Run med = sorted.get(sorted.size() / 2);
            long peak = rs.stream().mapToLong(Run::peakHeap).max().orElse(0);
            int cs = p.constraints().size();
            String verdict = med.verdict();
            for (Run x : rs) allSat &= x.verdict().equals("sat");
            double cps = cs / (med.millis() / 1000);
            medians.add(new double[] {cs, med.millis(), med.processCpuMillis()});
            long liveBytes = live ? LiveHeap.peak(() -> Backend.NATIVE.create().solve(p, SolveOptions.defaults()), med.millis()) : -1;
            Run st = steady ? steadyState(p, r) : null;
            ObjectNode node = runs.addObject().put("size", n).put("constraints", cs).put("verdict", verdict)
                    .put("millis", med.millis()).put("minMillis", sorted.getFirst().millis())
                    .put("maxMillis", sorted.getLast().millis()).put("repetitions", r).put("warmupSolves", warm.solves()).put("jitSettled", warm.settled())
                    .put("warmupLastCompileMillis", warm.lastCompileMillis())
                    .put("warmupLastCompilerCpuMillis", warm.lastCompilerCpuMillis() < 0 ? null : warm.lastCompilerCpuMillis())
                    .put("constraintsPerSecond", cps).put("peakHeapMiB", peak / 1048576.0)
                    .put("liveHeapMiB", liveBytes < 0 ? null : liveBytes / 1048576.0)
                    .put("liveBytesPerConstraint", liveBytes < 0 ? null : (double) liveBytes / cs)
                    .put("gcMillis", med.gcMillis()).put("solverThreadCpuMillis", med.cpuMillis())
                    .put("processCpuMillis", med.processCpuMillis()).put("loadAverage", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()).put("steps", med.steps());
            if (st != null) node.putObject("steady").put("meanMillis", st.millis()).put("gcMillis", st.gcMillis())
                    .put("solverThreadCpuMillis", st.cpuMillis()).put("processCpuMillis", st.processCpuMillis()).put("repetitions", r);
            ArrayNode all = node.putArray("allMillis");
            for (Run x : rs) all.add(x.millis());
            if (!json.on) out.printf(name + "  n=%-8d %-7s %10.1f ms (median of %d, min %.1f, max %.1f)  %10.0f constraints/s"
                            + "  peak heap %7.1f MiB%s  gc %d ms  cpu %.0f ms (process %.0f ms)  %d steps  load %.1f%n",
                    cs, verdict, med.millis(), r, sorted.getFirst().millis(), sorted.getLast().millis(), cps,
                    peak / 1048576.0, !live ? "" : liveBytes < 0 ? "  live n/a (solve shorter than a sample)"
                            : String.format("  live %.1f MiB (%.0f B/constraint)", liveBytes / 1048576.0, (double) liveBytes / cs),
                    med.gcMillis(), med.cpuMillis(), med.processCpuMillis(), med.steps(),
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            if (!json.on) out.printf(name + "  n=%-8d (%s)%n", cs, warm.describe());
            if (!json.on && st != null) out.printf(name + "  n=%-8d steady   %10.1f ms (mean of %d back to back)  gc %d ms  cpu %.0f ms (process %.0f ms) per solve%n",
                    cs, st.millis(), r, st.gcMillis(), st.cpuMillis(), st.processCpuMillis());
        }
        ArrayNode decades = Cli.JSON.createArrayNode();
        for (int i = 1; i < medians.size(); i++) {
            double[] a = medians.get(i - 1), b = medians.get(i);
            if (b[0] != 10 * a[0]) continue;
            decades.addObject().put("from", (long) a[0]).put("to", (long) b[0]).put("wallRatio", b[1] / a[1])
                    .put("processCpuRatio", a[2] > 0 ? b[2] / a[2] : null);
            if (!json.on) out.printf(name + "  decade %d -> %d: x%.2f wall, x%.2f process CPU (medians of this run)%n",
                    (long) a[0], (long) b[0], b[1] / a[1], a[2] > 0 ? b[2] / a[2] : Double.NaN);
        }
        if (json.on) out.println(Cli.json(Cli.JSON.createObjectNode().put("benchmark", name)
                .put("periods", "native-mix".equals(name) ? new NetworkMix(every).periods().toString() : null)
                .put("cores", Runtime.getRuntime().availableProcessors())
                .put("interleaved", interleave && ns.size() > 1)
                .put("shuffleSeed", shuffle)
                .put("method", "solve + close wall time; median of repetitions (with several sizes and interleaving on, every size warmed up first and the sizes' repetitions run in turn); untimed warm-up solves until the JIT settles excluded; peak heap per run (max over runs, garbage included); "
                        + "live heap: the most heap in use right after one of the forced full collections made during an extra, untimed solve (the input problem included)")
                .<ObjectNode>set("runs", runs).set("decades", decades)));
        out.flush();
        return allSat ? Cli.OK : Cli.NEGATIVE;
    }

    /** The generator of the named benchmark (native-mix's periods validated here). */
    private IntFunction<Problem> generator() {
        IntFunction<Problem> gen = ordered();
        return shuffle == null ? gen : n -> shuffled(gen.apply(n), shuffle);
    }

    /** {@code p}'s constraints in a seeded random order after its other statements, interned in that order. */
    static Problem shuffled(Problem p, long seed) {
        List<Statement> rest = new ArrayList<>(), cs = new ArrayList<>();
        for (var s : p.statements()) (s instanceof Constraint ? cs : rest).add(s);
        Collections.shuffle(cs, new Random(seed));
        rest.addAll(cs);
        return Interning.of(new Problem(p.file(), rest));
    }

    /** The named benchmark's generator, in its own (layer by layer) order. */
    private IntFunction<Problem> ordered() {
        return switch (name) {
            case "native-chain" -> BenchCommand::chain;
            case "native-mix", "queries" -> {
                NetworkMix mix;
                try {
                    mix = new NetworkMix(every);
                } catch (IllegalArgumentException e) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--every: " + e.getMessage());
                }
                yield mix::generate;
            }
            default -> throw new CommandLine.ParameterException(spec.commandLine(),
                    "unknown benchmark '" + name + "' (known: native-chain, native-mix, queries)");
        };
    }

    /**
     * {@code reps} solves back to back after one collection, per-solve means: the young collections
     * the solves cause fall inside the timed region (in {@link #measure} a full collection before
     * each solve, untimed, pays for the previous one's garbage, so a solve that fits in the young
     * generation is timed without any collection).
     */
    private static Run steadyState(Problem p, int reps) {
        System.gc();
        Clocks c0 = Clocks.start();
        long steps = 0;
        for (int i = 0; i < reps; i++) steps += Backend.NATIVE.create().solve(p, SolveOptions.defaults()).stats().steps();
        Clocks d = Clocks.end().minus(c0);
        return new Run("sat", steps / reps, d.wallMillis() / reps, 0, d.gc() / reps, d.cpuMillis() / reps, d.processCpuMillis() / reps);
    }

    private static Run measure(Problem p) {
        System.gc();
        for (MemoryPoolMXBean m : ManagementFactory.getMemoryPoolMXBeans()) m.resetPeakUsage();
        Clocks c0 = Clocks.start();
        Outcome o = Backend.NATIVE.create().solve(p, SolveOptions.defaults());
        Clocks d = Clocks.end().minus(c0);
        long peak = 0;
        for (MemoryPoolMXBean m : ManagementFactory.getMemoryPoolMXBeans())
            if (m.getType() == MemoryType.HEAP) peak += m.getPeakUsage().getUsed();
        String verdict = o instanceof Outcome.Sat ? "sat" : o instanceof Outcome.Unsat ? "fail" : "unknown";
        return new Run(verdict, o.stats().steps(), d.wallMillis(), peak, d.gc(), d.cpuMillis(), d.processCpuMillis());
    }

    /**
     * The clocks one measurement reads — wall, this thread's CPU, the whole process's CPU,
     * collection time — in nanoseconds (collection: milliseconds). {@link #start} reads the wall
     * clock last and {@link #end} first, so the timed region holds the solve and nothing else.
     */
    private record Clocks(long wall, long cpu, long processCpu, long gc) {
        static Clocks start() {
            long gc = gcMillis(), cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime(), pcpu = processCpuNanos();
            return new Clocks(System.nanoTime(), cpu, pcpu, gc);
        }

        static Clocks end() {
            long wall = System.nanoTime();
            return new Clocks(wall, ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime(), processCpuNanos(), gcMillis());
        }

        Clocks minus(Clocks earlier) {
            return new Clocks(wall - earlier.wall, cpu - earlier.cpu, processCpu - earlier.processCpu, gc - earlier.gc);
        }

        double wallMillis() {
            return wall / 1e6;
        }

        double cpuMillis() {
            return cpu / 1e6;
        }

        double processCpuMillis() {
            return processCpu / 1e6;
        }
    }

    /**
     * CPU time of the whole process (all threads: the solver's, the parallel soundness check's,
     * the collector's), the measure least affected by other load on a shared machine; -1 if the
     * platform does not report it.
     */
    static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    static long gcMillis() {
        long t = 0;
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) t += Math.max(0, g.getCollectionTime());
        return t;
    }

    /** The generated problem: layer k hangs below layer (k-1)/2, so the tree has logarithmic depth. */
    public static Problem chain(int n) {
        List<Statement> st = new ArrayList<>();
        st.add(new Constraint.DimLe(Dim.atom(3), Dim.var("d0"), Span.NONE));
        for (int k = 1; st.size() < n; k++) {
            int p = (k - 1) / 2;
            String x = "x" + k, y = "y" + k, z = "z" + k;
            st.add(new Constraint.RowLe(new Row.Open(List.of(), y, List.of(Dim.var("b" + k))),
                    new Row.Open(List.of(), "x" + p, List.of(Dim.atom(3))), Span.NONE));
            st.add(new Constraint.RowEq(new Row.Open(List.of(), x, List.of(Dim.var("c" + k))),
                    new Row.Open(List.of(), y, List.of(Dim.atom(5))), Span.NONE));
            st.add(new Constraint.RowLe(Row.var(z), new Row.Open(List.of(Dim.atom(2)), x, List.of()), Span.NONE));
            st.add(new Constraint.DimLe(Dim.var("d" + p), Dim.var("d" + k), Span.NONE));
        }
        return Interning.of(new Problem("native-chain", st.subList(0, n)));
    }
}
