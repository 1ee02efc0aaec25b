package org.shapeforge.oracle.golden;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.gen.CaseGen;
import org.shapeforge.oracle.gen.Case;
import org.shapeforge.oracle.gen.Fragment;
import org.shapeforge.oracle.render.OutcomeView;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * The native solver's answers on generated cases, printed canonically, one line per case: the
 * golden file of a refactoring that must leave behaviour byte for byte unchanged (issue 28).
 * Case {@code i} is {@link CaseGen#generate} of {@code CaseGen.caseSeed(seed, i)} over every
 * {@link Fragment}; its line is the case's index, seed and shape, the printed problem, and the
 * JSON of {@code solve} and of {@code solve --complete} ({@link OutcomeView#json}, the CLI's
 * renderer) without the wall-clock {@code millis}. Two files from two builds are compared with
 * {@code diff}; the committed hashes per block ({@link #hash}) are checked by {@link NativeGoldenTest},
 * which writes a file when asked.
 */
public final class NativeGolden {
    private NativeGolden() {}

    /** The campaign seed of the committed command (any fixed value would do; this one is the fuzzer's default). */
    public static final long SEED = 1;

    /** The line of case {@code i} of the campaign with seed {@code seed}. */
    public static String line(long seed, int i) {
        Case c = CaseGen.generate(CaseGen.caseSeed(seed, i), Fragment.parse("all"));
        Problem p = c.problem();
        NativeSolver solver = new NativeSolver();
        String plain = answer(solver, p, SolveOptions.defaults());
        String complete = answer(solver, p, SolveOptions.defaults().withComplete(true));
        return i + " " + c.seed() + " " + c.shape() + " | " + Printer.print(p).replace('\n', ';') + " | " + plain + " | " + complete;
    }

    /** How a line records an internal error ({@link #internalErrors}). */
    static final String INTERNAL = "{\"internal\":";

    /** The answer's JSON without {@code millis}; an exception (an internal error: a bug, which fails the golden check) as its class and first line. */
    private static String answer(NativeSolver solver, Problem p, SolveOptions options) {
        Outcome o;
        try {
            o = solver.solve(p, options);
        } catch (RuntimeException e) {
            String m = String.valueOf(e.getMessage()).strip();
            return INTERNAL + "\"" + e.getClass().getSimpleName() + ": " + m.lines().findFirst().orElse("") + "\"}";
        }
        ObjectNode doc = OutcomeView.json(o, p.constraints());
        ((ObjectNode) doc.get("stats")).remove("millis");
        return doc.toString();
    }

    /** The cases of the committed golden: {@code 0..CASES-1}, hashed per block of {@link #BLOCK}. */
    public static final int CASES = 10_000;

    /** Cases per hashed block. */
    public static final int BLOCK = 100;

    /** The lines of block {@code b}: cases {@code b * BLOCK .. (b + 1) * BLOCK - 1}. */
    public static List<String> block(long seed, int b) {
        List<String> out = new ArrayList<>(BLOCK);
        for (int i = b * BLOCK; i < (b + 1) * BLOCK; i++) out.add(line(seed, i));
        return out;
    }

    /** The SHA-256 (lower-case hex) of {@code lines}, each followed by a newline: the block as the golden file holds it. */
    public static String hash(List<String> lines) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256"); // the JDK's digest; every JDK provides SHA-256
            for (String l : lines) md.update((l + "\n").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    /** The indices of the lines that record an internal error (an exception of the solver: a bug, never golden). */
    public static List<Integer> internalErrors(List<String> lines) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(INTERNAL)) out.add(i);
        return out;
    }

    /**
     * {@code java -cp CLASSPATH org.shapeforge.oracle.golden.NativeGolden OUT}: writes the
     * {@value #CASES} cases to OUT and their block hashes to {@code OUT.sha256} — e.g. against a built
     * {@code cli/target/shapeforge.jar} (it holds every module's main classes) with this class
     * compiled beside it. Exit 1 when a line records an internal error.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: NativeGolden OUT");
            System.exit(2);
        }
        List<Integer> internal = write(SEED, Path.of(args[0]), Path.of(args[0] + ".sha256"));
        if (!internal.isEmpty()) {
            System.err.println("internal errors at cases " + internal);
            System.exit(1);
        }
    }

    /**
     * Writes cases {@code 0..CASES-1} of campaign {@code seed} to {@code out}, one line each, and
     * {@code block<TAB>sha256} per block to {@code hashes}; returns the cases whose line records an internal error.
     */
    public static List<Integer> write(long seed, Path out, Path hashes) throws IOException {
        List<Integer> internal = new ArrayList<>();
        try (BufferedWriter w = Files.newBufferedWriter(out); BufferedWriter h = Files.newBufferedWriter(hashes)) {
            h.write("# NativeGolden: block<TAB>SHA-256 of its " + BLOCK + " lines (cases block*" + BLOCK + " ..), seed " + seed);
            h.newLine();
            for (int b = 0; b < CASES / BLOCK; b++) {
                List<String> lines = block(seed, b);
                for (String l : lines) {
                    w.write(l);
                    w.newLine();
                }
                for (int i : internalErrors(lines)) internal.add(b * BLOCK + i);
                h.write(b + "\t" + hash(lines));
                h.newLine();
            }
        }
        return internal;
    }
}
