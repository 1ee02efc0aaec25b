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
        String plain = answer(solver.solve(p, SolveOptions.defaults()), p);
        String complete = answer(solver.solve(p, SolveOptions.defaults().withComplete(true)), p);
        return i + " " + c.seed() + " " + c.shape() + " | " + Printer.print(p).replace('\n', ';') + " | " + plain + " | " + complete;
    }

    private static String answer(Outcome o, Problem p) {
        ObjectNode doc = OutcomeView.json(o, p.constraints());
        ((ObjectNode) doc.get("stats")).remove("millis");
        return doc.toString();
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
