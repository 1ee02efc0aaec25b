package org.shapeforge.oracle.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Predicate;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.gen.CaseGen;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.RandomPrograms;
import org.shapeforge.program.ShapeLogic;

/**
 * The surface-language probe of Cor. 5.5 (seed 003, Remark 2.11; issue 11) behind
 * {@code shapeforge fuzz --programs}: case {@code i} of seed {@code S} is the random well-formed
 * program {@link RandomPrograms#program}{@code (caseSeed(S, i), 6, concat)}; its constraints
 * ({@link ShapeLogic#generate}) are judged by the very same {@link Fuzzer.Runner#judge} as the
 * constraint fuzzer's cases (native re-checked vs SMT under {@code flat}, then the metamorphic
 * variant), so the classes are {@link Klass}'s. Deterministic per seed whatever {@code jobs} is (up
 * to SMT timeouts). A program that fails to parse or generate is a {@link Klass#CRASH}: the
 * generator promises well-formed programs. Violations and policy rejections are kept as findings;
 * with {@code minimize}, {@link DeltaDebug} drops program lines while the class persists and the
 * program still parses and generates.
 */
public final class ProgramFuzzer {
    private ProgramFuzzer() {}

    /** Largest number of operations per program (as in {@code ProgramDifferentialTest}). */
    public static final int MAX_OPS = 6;

    public record Config(long seed, long start, long cases, int jobs, long smtTimeoutMs, boolean concat, boolean minimize) {
        public Config {
            if (start < 0 || cases < 0 || jobs < 1) throw new IllegalArgumentException("start, cases >= 0 and jobs >= 1");
        }
    }

    /** A kept case: its index, class, detail, the program text and its minimized text. */
    public record Finding(long index, Klass klass, String detail, String program, String minimized) {
        public String fileName() {
            return klass.keyword + "-" + index + ".shp";
        }

        /** The {@code .shp} file: a comment header (how to reproduce, class, detail), then the minimized program. */
        public String fileText(long campaignSeed) {
            StringBuilder sb = new StringBuilder();
            sb.append("# shapeforge fuzz --programs --seed ").append(campaignSeed).append(": case ").append(index).append('\n');
            sb.append("# class: ").append(klass.keyword).append('\n');
            for (String line : detail.split("\n")) sb.append(line.startsWith("#") ? "" : "# ").append(line).append('\n');
            sb.append("# minimized from ").append(lines(program).size()).append(" to ").append(lines(minimized).size())
                    .append(" lines\n");
            for (String l : lines(minimized)) sb.append(l).append('\n');
            return sb.toString();
        }
    }

    public record Result(Map<Klass, Long> counts, List<Finding> findings, long cases, double seconds) {
        public double casesPerSecond() {
            return seconds <= 0 ? 0 : cases / seconds;
        }

        public long violations() {
            long v = 0;
            for (var e : counts.entrySet()) if (e.getKey().isViolation()) v += e.getValue();
            return v;
        }
    }

    /** Whether a case of this class is written out: every violation, and every policy rejection (what Cor. 5.5 says cannot occur). */
    public static boolean kept(Klass k) {
        return k.isViolation() || k == Klass.POLICY_REJECTION;
    }

    /** The program text of case {@code i} of campaign {@code seed}. */
    public static String program(long seed, long i, boolean concat) {
        return RandomPrograms.program(CaseGen.caseSeed(seed, i), MAX_OPS, concat);
    }

    public static Result run(Config c, AtomicLong done) {
        long t0 = System.nanoTime();
        AtomicLongArray counts = new AtomicLongArray(Klass.values().length);
        ConcurrentLinkedQueue<Finding> findings = new ConcurrentLinkedQueue<>();
        var fc = new Fuzzer.Config(c.seed(), c.start(), c.cases(), Set.of(), c.jobs(), c.smtTimeoutMs(), Set.of(), c.minimize());
        Shards.run("fuzz-programs", c.jobs(), c.start(), c.cases(), () -> {
            Fuzzer.Runner r = new Fuzzer.Runner(fc);
            return i -> {
                String text = program(c.seed(), i, c.concat());
                String file = "case" + i + ".shp";
                long caseSeed = CaseGen.caseSeed(c.seed(), i);
                Classifier.Verdict v = judge(r, file, text, caseSeed);
                counts.incrementAndGet(v.klass().ordinal());
                if (kept(v.klass())) {
                    Klass k = v.klass();
                    String min = c.minimize() ? minimize(text, sub -> {
                        Classifier.Verdict w = judge(r, file, sub, caseSeed);
                        return w.klass() == k && !w.detail().startsWith(GENERATION);
                    }) : text;
                    findings.add(new Finding(i, k, v.detail(), text, min));
                }
                done.incrementAndGet();
            };
        });
        Map<Klass, Long> out = Shards.tally(counts);
        List<Finding> fs = new ArrayList<>(findings);
        fs.sort(Comparator.comparingLong(Finding::index));
        return new Result(out, fs, c.cases(), (System.nanoTime() - t0) / 1e9);
    }

    private static final String GENERATION = "the program did not parse or generate";

    /** Parses and generates {@code text}, then the constraint fuzzer's judgement on its problem. */
    static Classifier.Verdict judge(Fuzzer.Runner r, String file, String text, long seed) {
        Problem p;
        try {
            p = ShapeLogic.generate(ProgramParser.parse(file, text)).problem();
        } catch (RuntimeException e) {
            String m = String.valueOf(e.getMessage());
            int nl = m.indexOf('\n');
            return new Classifier.Verdict(Klass.CRASH, GENERATION + ": " + (nl < 0 ? m : m.substring(0, nl)));
        }
        return r.judge(p, Optional.empty(), seed);
    }

    /** Delta debugging over the program's non-comment lines; {@code fails} sees the candidate text. */
    static String minimize(String text, Predicate<String> fails) {
        List<String> body = lines(text);
        List<String> min = DeltaDebug.minimize(body, sub -> fails.test(String.join("\n", sub) + "\n"));
        return String.join("\n", min) + "\n";
    }

    private static List<String> lines(String text) {
        return Arrays.stream(text.split("\n")).filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
    }
}
