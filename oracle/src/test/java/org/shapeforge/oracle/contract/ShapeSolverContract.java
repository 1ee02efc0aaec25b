package org.shapeforge.oracle.contract;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.Backend;
import org.shapeforge.semantics.Admissible;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Truth;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * The {@link ShapeSolver} contract, run against every {@link Backend} (one subclass each): Sat
 * models are solutions by the evaluator; Unsat, with a proof whose core is part of the input, on
 * inputs both backends refute (not Unknown);
 * a may-be-satisfiable answer is never Unsat; user input never makes a solver throw; entailment
 * counterexamples are checked; SMT-LIB export where the backend has an encoding.
 */
abstract class ShapeSolverContract {
    abstract Backend backend();

    /** Whether the backend exports SMT-LIB. */
    abstract boolean exports();

    static final SolveOptions OPTS = SolveOptions.defaults().withTimeoutMs(5_000);

    static Problem p(String text) {
        return Parser.parse("contract.shc", text.replace("; ", "\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"a = 3", "3 <= a; a <= b", "a <= b; b = 4", "[3] <r1> ~ <r2> [5]",
            "discardable b; x = a ^ b; a = 3", "leaf <r>; total(<r>) = 64", "7 = a ^ 3", "leaf a, b; 3 <= a; a <= b; 5 <= b"})
    void satModelsAreSolutions(String text) {
        Problem pr = p(text);
        Outcome o = backend().checked().solve(pr, OPTS);
        Outcome.Sat s = assertInstanceOf(Outcome.Sat.class, o, o::toString);
        Problem noDynamic = pr;
        var m = s.model();
        for (var d : pr.declarations())
            for (var v : d.vars()) if (!v.row() && !m.dims().containsKey(v.name())) m = m.withDim(v.name(), org.shapeforge.term.Dim.unit());
        assertTrue(Admissible.solves(noDynamic, m, Semantics.FLAT), () -> Evaluator.evaluate(pr.constraints(), s.model(), Semantics.FLAT).toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a = 3; a = 5", "a = 0", "<r> ~ [0, 4]", "a <= 0", "<r1> <= [2] <r2>; <r2> <= [3] <r1>",
            "[3] <r> ~ <r> [5]", "r = affine(o, stride=2, kernel=3:y, dilation=1); r = 9:x", "total([a, b]) = 12; a = b"})
    void unsatOnlyWithAProofWhoseCoreIsInTheInput(String text) {
        Problem pr = p(text);
        Outcome o = backend().create().solve(pr, OPTS);
        // both backends prove each of these: Unknown would be a lost proof (issue 27), Sat unsound
        Outcome.Unsat u = assertInstanceOf(Outcome.Unsat.class, o, () -> text + ": " + o);
        assertTrue(u.core().kind().provesUnsat());
        assertTrue(pr.constraints().containsAll(u.core().constraints()), () -> u.core().constraints() + " not in " + pr.constraints());
        assertFalse(u.core().constraints().isEmpty());
    }

    /** Remark 2.11 (w01): satisfiable under flat; native's policy failure is not an Unsat. */
    @Test
    void aMaybeSatisfiableInputIsNeverUnsat() {
        Outcome o = backend().create().solve(p("<r> ~ [3, 5]; [3] <> [9, 5] <= <r>"), OPTS);
        assertFalse(o instanceof Outcome.Unsat, o::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"param w; w <= b", "![3, 5] <= <r>", "a = 4294967311; b = a ^ a", "<r> <=1 [3]",
            "size(a) * size(b) >= 12", "leaf p, q; 4 <= p; 7 <= q; h <= p; h <= q"})
    void userInputNeverMakesItThrow(String text) {
        assertDoesNotThrow(() -> backend().checked().solve(p(text), OPTS));
    }

    @Test
    void entailmentCounterexamplesAreChecked() {
        Problem pr = p("3 <= a");
        Entailment e = backend().create().entails(pr, Parser.parseConstraint("a = 3"), OPTS);
        if (e instanceof Entailment.NotEntailed ne) {
            var m = ne.counterexample();
            assertTrue(Evaluator.holdsAll(pr.constraints(), m, Semantics.FLAT));
            assertEquals(Truth.FAILS, Evaluator.judge(Parser.parseConstraint("a = 3"), m, Semantics.FLAT).truth());
        }
        assertFalse(e instanceof Entailment.Entailed, e::toString);
    }

    @Test
    void smtLibExportWhereThereIsAnEncoding() {
        var script = backend().create().exportSmtLib(p("a = 3; <r> ~ [a]"), OPTS);
        assertEquals(exports(), script.isPresent());
        script.ifPresent(s -> assertTrue(s.contains("(check-sat)"), s));
    }
}
