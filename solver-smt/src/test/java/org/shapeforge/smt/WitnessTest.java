package org.shapeforge.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shapeforge.lang.Expectation;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/** Every {@code flat:/marked:/rigid:/content:} and {@code entails} expectation of the witnesses holds for z3. */
class WitnessTest {
    /** {@code ../shared/witnesses} next to the repository root (the directory holding {@code .ci}). */
    static Path witnessDir() {
        Path p = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve(".ci"))) p = p.getParent();
        return p == null ? null : p.resolve("../shared/witnesses").normalize();
    }

    static Stream<Arguments> expectations() throws IOException {
        List<Arguments> out = new ArrayList<>();
        Path dir = witnessDir();
        org.shapeforge.testenv.Requires.that(dir != null && Files.isDirectory(dir), "shared/witnesses not found next to the repository root");
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".shc")).sorted().toList()) {
                Problem p = Parser.parseFile(f);
                for (Expectation e : p.expectations()) {
                    switch (e) {
                        case Expectation.ExpectVerdict v when !v.engine().isNative() ->
                                out.add(Arguments.of(f.getFileName() + ":" + e.span().line(), p, e));
                        case Expectation.ExpectEntails en -> out.add(Arguments.of(f.getFileName() + ":" + e.span().line(), p, e));
                        default -> {}
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("expectations")
    void smtMeetsWitnessExpectation(String where, Problem p, Expectation e) {
        SmtSolver z3 = new SmtSolver();
        switch (e) {
            case Expectation.ExpectVerdict(var engine, var verdict, var span) -> {
                Semantics s = Semantics.parse(engine.keyword);
                Outcome o = z3.solve(p.withoutExpectations(), SolveOptions.defaults().withSemantics(s));
                switch (verdict) {
                    case Expectation.Verdict.Sat sat -> assertInstanceOf(Outcome.Sat.class, o, () -> where + ": " + o);
                    case Expectation.Verdict.Unsat unsat -> assertInstanceOf(Outcome.Unsat.class, o, () -> where + ": " + o);
                    default -> fail(where + ": unsupported verdict " + verdict);
                }
            }
            case Expectation.ExpectEntails(var c, var span) -> {
                Entailment en = z3.entails(p.withoutExpectations(), c, SolveOptions.defaults());
                assertInstanceOf(Entailment.Entailed.class, en, () -> where + ": " + en);
            }
            default -> fail("not an SMT expectation: " + e);
        }
    }

    /**
     * Probe (flips when the encoding gets stronger): among all witnesses under all semantics, the
     * refutations that hold only up to the rank bound (answered unknown) are exactly these; every
     * other refutation is proved for every rank (docs/smt.md).
     */
    @Test
    void onlyRotationalAndShiftedWitnessesAreUnsatUpToTheBound() throws IOException {
        Path dir = witnessDir();
        org.shapeforge.testenv.Requires.that(dir != null && Files.isDirectory(dir), "shared/witnesses not found next to the repository root");
        List<String> bounded = new ArrayList<>();
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".shc")).sorted().toList())
                for (Semantics s : Semantics.values()) {
                    Outcome o = new SmtSolver().solve(Parser.parseFile(f).withoutExpectations(), SolveOptions.defaults().withSemantics(s));
                    if (o instanceof Outcome.Unknown u && u.rankBound().isPresent())
                        bounded.add(f.getFileName().toString().substring(0, 3) + " " + s.keyword);
                }
        }
        assertEquals(List.of("w14 rigid", "w14 content"), bounded);
    }
}
