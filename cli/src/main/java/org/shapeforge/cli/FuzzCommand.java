package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.oracle.fuzz.FindingFile;
import org.shapeforge.oracle.fuzz.Fuzzer;
import org.shapeforge.oracle.fuzz.Klass;
import org.shapeforge.oracle.fuzz.ProgramFuzzer;
import org.shapeforge.oracle.gen.Fragment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code shapeforge fuzz --seed S --cases N [--fragment F] [--jobs J] [--out DIR] [--json]}: the
 * differential campaign native vs SMT (flat) with metamorphic checks ({@link Fuzzer}). Prints the
 * count per class and cases/second; every violation (unsound-*, metamorphic, crash) is minimized
 * and written to {@code DIR} (default {@code fuzz-findings}) as a {@code .shc} file. A progress
 * line goes to stderr when it is a terminal. Exit 0 without violations, 1 with. {@code --programs
 * [--concat]} fuzzes random well-formed programs instead ({@link ProgramFuzzer}, issue 11), with the
 * same classes; violations and policy rejections are written as {@code .shp} files.
 */
@Command(name = "fuzz", mixinStandardHelpOptions = true,
        description = "Differential fuzzing: native vs SMT (flat), plus order/renaming metamorphic checks.")
public final class FuzzCommand implements Callable<Integer> {
    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "campaign seed (default 1)")
    long seed;

    @Option(names = "--cases", defaultValue = "1000", paramLabel = "N", description = "number of cases (default 1000)")
    long cases;

    @Option(names = "--start", defaultValue = "0", paramLabel = "I",
            description = "index of the first case (default 0): a campaign can be run in slices")
    long start;

    @Option(names = "--fragment", defaultValue = "all", paramLabel = "F",
            description = "all (default), or core, total, concat, affine, predicates, declarations joined by +")
    String fragment;

    @Option(names = "--jobs", defaultValue = "1", paramLabel = "J", description = "worker threads (one Z3 context each)")
    int jobs;

    @Option(names = "--out", defaultValue = "fuzz-findings", paramLabel = "DIR", description = "where minimized findings go")
    Path out;

    @Option(names = "--timeout-ms", defaultValue = "500", paramLabel = "T",
            description = "SMT timeout per case (default 500; a timeout counts as unknown)")
    long timeoutMs;

    @Option(names = "--no-minimize", description = "write findings as found, without delta debugging")
    boolean noMinimize;

    @Mixin
    JsonOption json;

    @Option(names = "--programs",
            description = "fuzz random well-formed tensor programs (.shp) instead of constraint sets (Cor. 5.5 probe)")
    boolean programs;

    @Option(names = "--concat", description = "with --programs: admit the stacking operations (Block concatenation)")
    boolean concat;

    @Override
    public Integer call() {
        if (cases < 0 || start < 0) throw new ShapeError("usage", Span.NONE, "--cases and --start must be >= 0");
        if (jobs < 1) throw new ShapeError("usage", Span.NONE, "--jobs must be >= 1");
        if (timeoutMs < 1) throw new ShapeError("usage", Span.NONE, "--timeout-ms must be >= 1");
        if (programs) return programs();
        if (concat) throw new ShapeError("usage", Span.NONE, "--concat needs --programs");
        Set<Fragment> fs;
        try {
            fs = Fragment.parse(fragment);
        } catch (IllegalArgumentException e) {
            throw new ShapeError("usage", Span.NONE, "--fragment: " + e.getMessage());
        }
        var config = new Fuzzer.Config(seed, start, cases, fs, jobs, timeoutMs, Set.of(), !noMinimize);
        Fuzzer.Result r = withProgress(done -> Fuzzer.run(config, done));
        ArrayNode files = Cli.JSON.createArrayNode();
        if (!r.findings().isEmpty()) {
            try {
                Files.createDirectories(out);
                for (Fuzzer.Finding f : r.findings()) {
                    Path p = out.resolve(FindingFile.name(f));
                    Files.writeString(p, FindingFile.text(f, seed));
                    files.addObject().put("case", f.index()).put("class", f.klass().keyword).put("file", p.toString())
                            .put("statements", f.minimized().size()).put("detail", f.detail().split("\n")[0])
                            .put("input", Printer.print(f.minimizedProblem()));
                }
            } catch (IOException e) {
                throw new ShapeError("io", new Span(out.toString(), 0, 0), out + ": cannot write findings (" + e.getMessage() + ")");
            }
        }
        if (json.on) {
            ObjectNode doc = Cli.JSON.createObjectNode();
            doc.put("seed", seed).put("start", start).put("cases", r.cases()).put("jobs", jobs).put("fragment", fragment)
                    .put("seconds", r.seconds()).put("casesPerSecond", r.casesPerSecond());
            ObjectNode counts = doc.putObject("counts");
            r.counts().forEach((k, v) -> counts.put(k.keyword, v));
            doc.put("violations", r.violations());
            ArrayNode solvers = doc.putArray("solvers");
            for (var st : r.solvers())
                solvers.addObject().put("solver", st.solver()).put("solves", st.solves()).put("sat", st.sat()).put("unsat", st.unsat())
                        .put("unknown", st.unknown()).put("thrown", st.thrown()).put("solveMillis", st.solveMillis())
                        .put("meanSolveMillis", st.meanSolveMillis()).put("maxSolveMillis", st.maxSolveMillis());
            doc.set("findings", files);
            System.out.println(Cli.json(doc));
        } else {
            PrintStream o = System.out;
            o.printf("fuzz --seed %d --start %d --cases %d --fragment %s --jobs %d%n", seed, start, r.cases(), fragment, jobs);
            for (Klass k : Klass.values()) o.printf("  %-17s %d%n", k.keyword, r.counts().get(k));
            o.printf("%d cases in %.1f s: %.1f cases/s; %d violation(s)%n", r.cases(), r.seconds(), r.casesPerSecond(), r.violations());
            for (var st : r.solvers()) o.println("  " + st.line());
            for (Fuzzer.Finding f : r.findings())
                o.printf("  %s case %d -> %s (%d statements): %s%n", f.klass().keyword, f.index(),
                        out.resolve(FindingFile.name(f)), f.minimized().size(), f.detail().split("\n")[0]);
        }
        return r.violations() == 0 ? Cli.OK : Cli.NEGATIVE;
    }

    /** Runs a campaign with the progress line on a terminal (stderr), cleared when it ends. */
    private <T> T withProgress(Function<AtomicLong, T> campaign) {
        AtomicLong done = new AtomicLong();
        ScheduledExecutorService ticker = progress(done);
        try {
            return campaign.apply(done);
        } finally {
            if (ticker != null) {
                ticker.shutdownNow();
                System.err.print("\r\033[K");
            }
        }
    }

    /** {@code --programs}: {@link ProgramFuzzer}; findings (violations and policy rejections) go to {@code out} as {@code .shp}. */
    private int programs() {
        if (!fragment.equals("all")) throw new ShapeError("usage", Span.NONE, "--fragment does not apply to --programs");
        var config = new ProgramFuzzer.Config(seed, start, cases, jobs, timeoutMs, concat, !noMinimize);
        ProgramFuzzer.Result r = withProgress(done -> ProgramFuzzer.run(config, done));
        ArrayNode files = Cli.JSON.createArrayNode();
        if (!r.findings().isEmpty()) {
            try {
                Files.createDirectories(out);
                for (ProgramFuzzer.Finding f : r.findings()) {
                    Path p = out.resolve(f.fileName());
                    Files.writeString(p, f.fileText(seed));
                    files.addObject().put("case", f.index()).put("class", f.klass().keyword).put("file", p.toString())
                            .put("detail", f.detail().split("\n")[0]).put("program", f.minimized());
                }
            } catch (IOException e) {
                throw new ShapeError("io", new Span(out.toString(), 0, 0), out + ": cannot write findings (" + e.getMessage() + ")");
            }
        }
        if (json.on) {
            ObjectNode doc = Cli.JSON.createObjectNode();
            doc.put("mode", "programs").put("seed", seed).put("start", start).put("cases", r.cases()).put("jobs", jobs)
                    .put("concat", concat).put("seconds", r.seconds()).put("casesPerSecond", r.casesPerSecond());
            ObjectNode counts = doc.putObject("counts");
            r.counts().forEach((k, v) -> counts.put(k.keyword, v));
            doc.put("violations", r.violations());
            doc.set("findings", files);
            System.out.println(Cli.json(doc));
        } else {
            PrintStream o = System.out;
            o.printf("fuzz --programs --seed %d --start %d --cases %d%s --jobs %d%n", seed, start, r.cases(), concat ? " --concat" : "", jobs);
            for (Klass k : Klass.values()) o.printf("  %-17s %d%n", k.keyword, r.counts().get(k));
            o.printf("%d programs in %.1f s: %.1f cases/s; %d violation(s)%n", r.cases(), r.seconds(), r.casesPerSecond(), r.violations());
            for (ProgramFuzzer.Finding f : r.findings())
                o.printf("  %s case %d -> %s: %s%n", f.klass().keyword, f.index(), out.resolve(f.fileName()), f.detail().split("\n")[0]);
        }
        return r.violations() == 0 ? Cli.OK : Cli.NEGATIVE;
    }

    /** A progress line on stderr once a second, only when stderr is a terminal. */
    private ScheduledExecutorService progress(AtomicLong done) {
        var console = System.console();
        if (console == null || !console.isTerminal()) return null;
        long t0 = System.nanoTime();
        ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().unstarted(r));
        s.scheduleAtFixedRate(() -> {
            long d = done.get();
            double secs = (System.nanoTime() - t0) / 1e9;
            System.err.printf("\r\033[K[fuzz] %d/%d cases, %.1f/s", d, cases, secs > 0 ? d / secs : 0.0);
        }, 1, 1, TimeUnit.SECONDS);
        return s;
    }
}
