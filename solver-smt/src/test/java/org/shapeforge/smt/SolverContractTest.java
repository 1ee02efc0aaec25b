package org.shapeforge.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import com.microsoft.z3.Status;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Truth;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;

/** Timeouts, rank-bound honesty, unsat cores with origins, entailment and SMT-LIB export. */
class SolverContractTest {
    final SmtSolver z3 = new SmtSolver();

    @Test
    void tinyTimeoutOnFactoringGivesUnknown() {
        // 2147483647 · 2147483629: two 31-bit primes.
        Problem p = Parser.parse("hard.shc", "size(a) * size(b) == 4611685975477714963\nsize(a) >= 2\nsize(b) >= 2");
        Outcome o = z3.solve(p, SolveOptions.defaults().withTimeoutMs(50));
        assertInstanceOf(Outcome.Unknown.class, o, o::toString);
    }

    @Test
    void rotationalWitnessIsUnsatForEveryRankShiftedRigidOnlyUpToTheBound() {
        Outcome o = z3.solve(Parser.parse("w11.shc", "[3] <r> ~ <r> [5]"), SolveOptions.defaults().withRankBound(4));
        // w11 is refuted for every rank by the size-sum invariant of ≈ (3 + s = s + 5); w14's shifted
        // inequality under rigid is refuted only up to the bound: unknown, never unsat
        assertInstanceOf(Outcome.Unsat.class, o, o::toString);
        Outcome rigid = z3.solve(Parser.parse("w14.shc", "[3] <r> <= <r> [5]"), SolveOptions.defaults().withRankBound(4).withSemantics(Semantics.RIGID));
        assertEquals(Optional.of(4), assertInstanceOf(Outcome.Unknown.class, rigid, rigid::toString).rankBound());
    }

    @Test
    void rankCycleIsUnsatForEveryRank() {
        Outcome o = z3.solve(Parser.parse("w04.shc", "<r1> <= [2] <r2>\n<r2> <= [3] <r1>"), SolveOptions.defaults());
        assertEquals(org.shapeforge.solver.FailureKind.UNSAT, assertInstanceOf(Outcome.Unsat.class, o).core().kind());
    }

    @Test
    void boundSmallerThanTheSolutionIsReportedAsBoundedUnsat() {
        Outcome o = z3.solve(Parser.parse("big.shc", "<r> ~ [2, 3, 4]"), SolveOptions.defaults().withRankBound(2));
        // a bounded refutation whose bound is not proved sufficient is unknown, never unsat
        assertEquals(Optional.of(2), assertInstanceOf(Outcome.Unknown.class, o).rankBound());
        assertInstanceOf(Outcome.Sat.class, z3.solve(Parser.parse("big.shc", "<r> ~ [2, 3, 4]"), SolveOptions.defaults()));
    }

    @Test
    void defaultBoundIsNotSufficientOutsideTheCoreFragment() {
        // [2]<r> ≈ <r>[2] forces r = 2^k; total = 64 forces k = 6 > K = 3 (2 explicit axes + 1).
        Problem p = Parser.parse("pow.shc", "[2] <r> ~ <r> [2]\ntotal(<r>) = 64");
        Outcome bounded = z3.solve(p, SolveOptions.defaults());
        assertEquals(Optional.of(3), assertInstanceOf(Outcome.Unknown.class, bounded, bounded::toString).rankBound());
        Outcome wider = z3.solve(p, SolveOptions.defaults().withRankBound(6));
        assertEquals(6, assertInstanceOf(Outcome.Sat.class, wider, wider::toString).model().rows().get("r").flat().size());
    }

    @Test
    void unsatCoreNamesTheConflictingLines() {
        Problem p = Parser.parse("core.shc", "a = 3\nb = 4\n<r> ~ [a, b]\na = 5\n");
        Outcome.Unsat u = assertInstanceOf(Outcome.Unsat.class, z3.solve(p, SolveOptions.defaults()));
        assertEquals(List.of("core.shc:1", "core.shc:4"), u.core().origins());
    }

    @ParameterizedTest
    @EnumSource(Semantics.class)
    void pinsAndCapsAreEntailed(Semantics s) {
        assertEntailed("1 <= a", "a = 1", s);
        assertEntailed("a <= 3", "a = 3", s);
        assertEntailed("3 <= a\n5 <= a", "a = 1", s);
        assertEntailed("7 = a ^ 3", "a = 4", s);
    }

    @Test
    void aLowerBoundDoesNotEntailItsAtom() {
        Problem p = Parser.parse("e.shc", "3 <= a");
        var c = Parser.parseConstraint("a = 3");
        var ne = assertInstanceOf(Entailment.NotEntailed.class, z3.entails(p, c, SolveOptions.defaults()));
        assertEquals(Dim.unit(), ne.counterexample().dims().get("a"));
    }

    @Test
    void sizeDoesNotEntailTheBasisSoACounterModelUsesAFreshTag() {
        Problem p = Parser.parse("e.shc", "size(a) == 3");
        var c = Parser.parseConstraint("a = 3");
        var ne = assertInstanceOf(Entailment.NotEntailed.class, z3.entails(p, c, SolveOptions.defaults()));
        Dim.Atom a = assertInstanceOf(Dim.Atom.class, ne.counterexample().dims().get("a"));
        assertEquals(3, a.size());
        assertNotEquals(Dim.DEFAULT_BASIS, a.basis());
        assertEquals(Truth.FAILS, Evaluator.judge(c, ne.counterexample(), Semantics.FLAT).truth());
    }

    @Test
    void entailmentUnderTheRotationalWitnessSaysItDependsOnTheBound() {
        var e = z3.entails(Parser.parse("w14.shc", "[3] <r> <= <r> [5]"), Parser.parseConstraint("a = 3"),
                SolveOptions.defaults().withSemantics(Semantics.RIGID));
        assertTrue(assertInstanceOf(Entailment.Undetermined.class, e).reason().contains("rank ≤"), e::toString);
    }

    @ParameterizedTest
    @EnumSource(Semantics.class)
    void exportedScriptReparsesWithTheSameVerdict(Semantics s) {
        for (String text : List.of("<r> ~ [3, 5]\n[3] <> [9, 5] <= <r>", "total([a, b]) = 12\na = b",
                "i = affine(o, stride=1, kernel=k, dilation=1)\ni = 32\nk = 3", "[3] <r> [4] <= [3, 5, 4]")) {
            Problem p = Parser.parse("x.shc", text);
            SolveOptions o = SolveOptions.defaults().withSemantics(s);
            String script = z3.exportSmtLib(p, o).orElseThrow();
            assertTrue(script.contains(":named c_1_0") && script.contains("(check-sat)"), script);
            Status expected = z3.solve(p, o) instanceof Outcome.Sat ? Status.SATISFIABLE : Status.UNSATISFIABLE;
            try (Context ctx = new Context()) {
                var solver = ctx.mkSolver();
                solver.add(ctx.parseSMTLIB2String(script, null, null, null, null));
                assertEquals(expected, solver.check(), () -> s + "\n" + script);
            }
        }
    }

    private void assertEntailed(String phi, String c, Semantics s) {
        var e = z3.entails(Parser.parse("e.shc", phi), Parser.parseConstraint(c), SolveOptions.defaults().withSemantics(s));
        assertInstanceOf(Entailment.Entailed.class, e, () -> phi + " ⊨ " + c + ": " + e);
    }
}
