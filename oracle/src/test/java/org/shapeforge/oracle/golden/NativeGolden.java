package org.shapeforge.oracle.golden;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * {@code diff}; {@link NativeGoldenTest} writes one when asked.
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

    /** The answer's JSON without {@code millis}; an exception (an internal error: a bug, kept as behaviour) as its class and first line. */
    private static String answer(NativeSolver solver, Problem p, SolveOptions options) {
        Outcome o;
        try {
            o = solver.solve(p, options);
        } catch (RuntimeException e) {
            String m = String.valueOf(e.getMessage()).strip();
            return "{\"internal\":\"" + e.getClass().getSimpleName() + ": " + m.lines().findFirst().orElse("") + "\"}";
        }
        ObjectNode doc = OutcomeView.json(o, p.constraints());
        ((ObjectNode) doc.get("stats")).remove("millis");
        return doc.toString();
    }

    /**
     * {@code java -cp CLASSPATH org.shapeforge.oracle.golden.NativeGolden OUT [N]}: writes the first
     * N (default 10,000) cases to OUT — e.g. against a built {@code cli/target/shapeforge.jar}
     * (it holds every module's main classes) with this class compiled beside it.
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: NativeGolden OUT [N]");
            System.exit(2);
        }
        write(SEED, args.length == 2 ? Integer.parseInt(args[1]) : 10_000, Path.of(args[0]));
    }

    /** Writes cases {@code 0..n-1} of campaign {@code seed} to {@code out}, one line each. */
    public static void write(long seed, int n, Path out) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(out)) {
            for (int i = 0; i < n; i++) {
                w.write(line(seed, i));
                w.newLine();
            }
        }
    }
}
