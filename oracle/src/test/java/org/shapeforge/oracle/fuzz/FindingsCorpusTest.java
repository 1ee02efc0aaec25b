package org.shapeforge.oracle.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.CheckResult;
import org.shapeforge.oracle.ExpectationChecker;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * The pinned corpus of fuzz findings (issue 10): minimized {@code .shc} files from
 * {@code shapeforge fuzz} campaigns under {@code src/test/resources/findings}, one per class of
 * defect found, each with the {@code expect} lines that state the answer. Every file must pass
 * its expectations, and native must answer every permuted and renamed variant
 * ({@link Metamorphic}, {@value #VARIANTS} seeds) as it answers the file — verdict, failure kind
 * and closed values up to the renaming. {@code -Dfindings.dir=DIR} runs the same checks over
 * another directory of findings (e.g. a campaign's {@code --out}).
 */
class FindingsCorpusTest {
    static final int VARIANTS = 8;

    @TestFactory
    Stream<DynamicTest> everyFindingAnswersAsPinnedInEveryOrderAndNaming() throws IOException {
        Path dir = Path.of(System.getProperty("findings.dir", "src/test/resources/findings"));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(f -> f.toString().endsWith(".shc")).sorted().toList();
        }
        assertFalse(files.isEmpty(), "no findings in " + dir);
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> check(f)));
    }

    private static void check(Path f) {
        Problem p;
        try {
            p = Parser.parse(f.toString(), Files.readString(f));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (CheckResult r : new ExpectationChecker(SolveOptions.defaults()).check(p))
            assertTrue(r.passed(), () -> f + ": " + r.expectation() + " → " + r.status() + ": " + r.detail());
        Problem bare = p.withoutExpectations();
        Outcome original = solve(bare);
        for (int k = 0; k < VARIANTS; k++) {
            final long seed = k;
            Metamorphic.Variant v = Metamorphic.variant(bare, seed);
            var diff = Metamorphic.compare(original, solve(v.problem()), v.renaming());
            assertTrue(diff.isEmpty(), () -> f + ", variant " + seed + ": " + diff.orElse("") + "\n"
                    + org.shapeforge.lang.Printer.print(v.problem()));
        }
    }

    private static Outcome solve(Problem p) {
        return new NativeSolver().solve(p, SolveOptions.defaults());
    }
}
