package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.semantics.Truth;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Overlay;

/**
 * Issue 12: entailment against a problem solved once ({@link Entailer}). Every counterexample is
 * re-checked here against every constraint of the problem and must violate the query.
 */
class EntailerTest {
    /** A chain of capped dimensions across layers, as a layered network has: 64 <= c0 <= c1 <= … <= c5, plus widths. */
    static Problem network() {
        List<String> lines = new ArrayList<>(List.of("64 <= c0", "<x> ~ <bt> [i]", "<w> ~ [i, j]", "j = 128", "i = 64"));
        for (int k = 1; k <= 5; k++) lines.add("c" + (k - 1) + " <= c" + k);
        lines.add("h = j ^ 32");
        return Solve.problem(lines.toArray(String[]::new));
    }

    static Entailment ask(Entailer e, Problem p, String query) {
        Constraint q = Parser.parseConstraint(query);
        Entailment a = e.entails(q);
        if (a instanceof Entailment.NotEntailed ne) {
            var g = ne.counterexample();
            assertEquals(true, Evaluator.holdsAll(p.constraints(), g, Semantics.FLAT), "counterexample is a solution: " + g);
            assertEquals(Truth.FAILS, Evaluator.judge(q, g, Semantics.FLAT).truth(), "counterexample violates " + query);
        }
        return a;
    }

    @Test
    void forcedValuesAreEntailed() {
        Problem p = network();
        Entailer e = new NativeSolver().entailer(p, SolveOptions.defaults());
        assertInstanceOf(Entailment.Entailed.class, ask(e, p, "i = 64"));
        assertInstanceOf(Entailment.Entailed.class, ask(e, p, "h = 160"));
        assertInstanceOf(Entailment.Entailed.class, ask(e, p, "<w> ~ [64, 128]"));
    }

    @Test
    void otherValuesHaveCounterexamples() {
        Problem p = network();
        Entailer e = new NativeSolver().entailer(p, SolveOptions.defaults());
        assertInstanceOf(Entailment.NotEntailed.class, ask(e, p, "j = 3"));
        assertInstanceOf(Entailment.NotEntailed.class, ask(e, p, "c2 = 3"));
    }

    /** c2 = 64 holds in γ_close; moving c2 and the cone above it to the unit (the top) is a solution. */
    @Test
    void closedGuessIsRefutedByAPerturbation() {
        Problem p = network();
        Entailer e = new NativeSolver().entailer(p, SolveOptions.defaults());
        Entailment a = ask(e, p, "c2 = 64");
        var g = assertInstanceOf(Entailment.NotEntailed.class, a).counterexample();
        assertEquals(org.shapeforge.term.Dim.unit(), g.dims().get("c2"));
        assertInstanceOf(Entailment.NotEntailed.class, ask(e, p, "c4 <= 64"));
    }

    /**
     * 64 <= c0 <= c1 <= … <= c_n, and {@code extra}; {@code size(z) >= 2} rules γ↑ out (it puts
     * z at the unit), so the refutations of {@code c_k = 64} come from perturbations of γ_close.
     */
    static Problem chain(int n, String... extra) {
        List<String> lines = new ArrayList<>(List.of("64 <= c0", "size(z) >= 2"));
        for (int k = 1; k <= n; k++) lines.add("c" + (k - 1) + " <= c" + k);
        lines.addAll(List.of(extra));
        return Solve.problem(lines.toArray(String[]::new));
    }

    /**
     * c10 = 64 far from the end of a 600-long chain: its up-cone (591 variables, past the
     * enumeration budget) moves to the unit in one shift, as an overlay over γ_close; the
     * materialised counterexample is checked by the evaluator against every constraint (ask).
     */
    @Test
    void farFromTheChainsEndAConeShiftRefutes() {
        Problem p = chain(600, "<x> ~ [i, c0]", "i = 3");
        Entailer e = new NativeSolver().entailer(p, SolveOptions.defaults());
        for (String q : List.of("c10 = 64", "c10 <= 64", "c600 = 64")) {
            var ne = assertInstanceOf(Entailment.NotEntailed.class, ask(e, p, q), q);
            assertInstanceOf(Overlay.class, ne.witness(), "no copy of the solution per query");
        }
        var g = ((Entailment.NotEntailed) e.entails(Parser.parseConstraint("c10 = 64"))).counterexample();
        for (int k = 0; k <= 600; k++) assertEquals(k < 10 ? Dim.atom(64) : Dim.unit(), g.dims().get("c" + k), "c" + k);
        assertEquals(Dim.atom(3), g.dims().get("i"));
    }

    /** A cone with a constraint that is not an order between variables is moved only within the budget, each such constraint re-checked. */
    @Test
    void aConeWithOtherConstraintsIsReCheckedWithinTheBudget() {
        Problem p = chain(5, "size(c5) <= 64");
        Entailer e = new NativeSolver().entailer(p, SolveOptions.defaults());
        var g = assertInstanceOf(Entailment.NotEntailed.class, ask(e, p, "c2 = 64")).counterexample();
        assertEquals(Dim.unit(), g.dims().get("c5"));
        assertEquals(Dim.atom(64), g.dims().get("c1"));
    }

    /**
     * Honest Undetermined: {@code <r> ~ [c600]} pins the top of the chain in γ (r's value), so no
     * shift applies; the cone of c10 is past the budget, the cone of c595 moved within it breaks
     * {@code <r> ~ [c600]}. (Both are refutable — r may follow — but not by these moves.)
     */
    @Test
    void aConeThatNoCheckedMoveRefutesStaysUndetermined() {
        Problem p = chain(600, "<r> ~ [c600]");
        Entailer e = new NativeSolver().entailer(p, SolveOptions.defaults());
        assertInstanceOf(Entailment.Undetermined.class, ask(e, p, "c10 = 64"));
        assertInstanceOf(Entailment.Undetermined.class, ask(e, p, "c595 = 64"));
        assertInstanceOf(Entailment.NotEntailed.class, ask(e, p, "c10 = 3"));
    }

    /** ⊑ is transitive and antisymmetric: the input's own orders prove lower bounds and orders along a chain, equalities around a cycle. */
    @Test
    void theInputsOrdersProveLowerBoundsAndCycles() {
        Problem p = chain(5, "a <= b", "b <= a", "3 <= a");
        Entailer e = new NativeSolver().entailer(p, SolveOptions.defaults());
        for (String q : List.of("64 <= c5", "64 <= c0", "a = b", "b <= a", "3 <= b", "c0 <= c5", "c2 <= c3"))
            assertInstanceOf(Entailment.Entailed.class, ask(e, p, q), q);
        assertInstanceOf(Entailment.NotEntailed.class, ask(e, p, "3 <= c5"));
        assertInstanceOf(Entailment.NotEntailed.class, ask(e, p, "c5 <= c0"));
        assertInstanceOf(Entailment.NotEntailed.class, ask(e, p, "64 <= a"));
    }

    /**
     * x = y is forced through the row <a> (so x <= y is entailed), but neither σ⋆'s ground
     * bindings nor the input's orders prove it, and no checked move refutes it: Undetermined.
     */
    @Test
    void anEntailedOrderWithoutAProofStaysUndetermined() {
        Problem p = Solve.problem("<a> ~ [x]", "<a> ~ [y]", "<b> ~ [x, 5]");
        Entailer e = new NativeSolver().entailer(p, SolveOptions.defaults());
        assertInstanceOf(Entailment.Undetermined.class, ask(e, p, "x <= y"));
        assertInstanceOf(Entailment.NotEntailed.class, ask(e, p, "x = 5"));
    }

    /** The same answers as the one-shot API, which builds an entailer per query. */
    @Test
    void entailerAgreesWithOneShotEntails() {
        Problem p = network();
        Entailer e = new NativeSolver().entailer(p, SolveOptions.defaults());
        for (String q : List.of("i = 64", "j = 3", "c2 = 3", "c2 = 64", "c0 <= c3", "h = 160", "<w> ~ [64, 128]", "<x> ~ [64]"))
            assertEquals(e.entails(Parser.parseConstraint(q)).getClass(),
                    new NativeSolver().entails(p, Parser.parseConstraint(q), SolveOptions.defaults()).getClass(), q);
    }

    @Test
    void unsatisfiableProblemEntailsEverything() {
        Problem p = Solve.problem("a = 3", "a = 4");
        assertInstanceOf(Entailment.Entailed.class, new NativeSolver().entailer(p, SolveOptions.defaults())
                .entails(Parser.parseConstraint("b = 5")));
    }
}
