package org.shapeforge.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.claims.Claim;
import org.shapeforge.oracle.claims.Claims;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.ShapeLogic;
import org.shapeforge.program.Solution;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.ClosingPolicy;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * The OCANNL closings of issue 28 as golden cases ({@code src/test/resources/ocannl/*.shp}, each
 * quoting the seed's wording, expectations inline: {@code # expect notes|ocannl: TENSOR PRINTED},
 * {@code label NAME = VALUE} or {@code fail KIND}). Each policy's answer must be the expected one;
 * and every answer under {@code --closing ocannl} is checked three ways independently of the
 * native closing: the oracle's claims on its constraints (none fails; Prop. 6.2 "the closed
 * solution satisfies Φ0" by the evaluator, and Cor. 5.5 "native succeeds ⇒ SMT does not refute",
 * hold), and Z3 ({@link Backend#SMT}) accepts the emitted constraints with every variable pinned
 * to the closing's value.
 */
class OcannlClosingTest {
    static final Path DIR = Path.of("src/test/resources/ocannl");
    static final SolveOptions SMT = SolveOptions.defaults().withSemantics(Semantics.FLAT).withTimeoutMs(20_000);

    @TestFactory
    Stream<DynamicTest> eachCaseClosesAsTheSeedSaysAndIsASolution() throws IOException {
        List<Path> cases;
        try (Stream<Path> s = Files.list(DIR)) {
            cases = s.filter(p -> p.toString().endsWith(".shp")).sorted().toList();
        }
        assertFalse(cases.isEmpty(), "no cases under " + DIR.toAbsolutePath());
        return cases.stream().map(shp -> DynamicTest.dynamicTest(shp.getFileName().toString(), () -> check(shp)));
    }

    static void check(Path shp) throws IOException {
        String text = Files.readString(shp);
        Generated g = ShapeLogic.generate(ProgramParser.parse(shp.getFileName().toString(), text));
        int expectations = 0;
        for (ClosingPolicy policy : ClosingPolicy.values()) {
            Outcome o = Backend.NATIVE.checked().solve(g.problem(), SolveOptions.defaults().withClosing(policy));
            Inference inf = Inference.of(g, o, policy);
            for (String e : expectations(text, policy)) {
                expectations++;
                assertEquals(e, observed(inf, e), shp + " under --closing " + policy.keyword);
            }
            if (policy == ClosingPolicy.OCANNL) independentChecks(g, o, shp);
        }
        assertTrue(expectations > 0, shp + " has no expect lines");
    }

    /** The claims, and SMT on the constraints pinned to the closed values. */
    static void independentChecks(Generated g, Outcome o, Path shp) {
        Problem p = g.problem();
        ShapeSolver smt = Backend.SMT.create();
        Outcome smtFlat = smt.solve(p, SMT);
        for (Claim c : Claims.check(p, o, smtFlat, smt, SMT)) {
            assertFalse(c.status() == Claim.Status.FAILS, shp + ": " + c);
            if (c.name().startsWith("Prop6.2") || c.name().startsWith("Cor5.5"))
                assertEquals(Claim.Status.HOLDS, c.status(), shp + ": " + c);
        }
        Outcome.Sat sat = assertInstanceOf(Outcome.Sat.class, o, shp.toString());
        StringBuilder pinned = new StringBuilder(g.shc());
        sat.model().dims().forEach((v, d) -> pinned.append(v).append(" = ").append(Printer.print(d)).append('\n'));
        sat.model().rows().forEach((v, r) -> pinned.append('<').append(v).append("> ~ ").append(Printer.print(r)).append('\n'));
        Outcome check = smt.solve(Parser.parse(shp.getFileName() + ".pinned.shc", pinned.toString()), SMT);
        assertInstanceOf(Outcome.Sat.class, check, shp + ": Z3 on the constraints pinned to the OCANNL closing");
    }

    static List<String> expectations(String text, ClosingPolicy policy) {
        List<String> out = new ArrayList<>();
        String prefix = "# expect " + policy.keyword + ": ";
        for (String line : text.split("\n")) if (line.startsWith(prefix)) out.add(line.substring(prefix.length()).strip());
        return out;
    }

    /** What {@code inf} says in the form of expectation {@code e}. */
    static String observed(Inference inf, String e) {
        if (e.startsWith("fail ")) return inf.solution() instanceof Solution.Failed f ? "fail " + f.kind() : "not failed: " + inf.solution();
        if (e.startsWith("label ")) {
            String name = e.substring(6, e.indexOf(" =")).strip();
            return "label " + name + " = " + inf.labels().get(name);
        }
        String tensor = e.substring(0, e.indexOf(' '));
        var shape = inf.shapes().get(tensor);
        return tensor + " " + (shape == null ? inf.solution() : shape.printed());
    }
}
