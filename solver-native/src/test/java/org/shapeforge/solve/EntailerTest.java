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
        if (a instanceof Entailment.NotEntailed(var g)) {
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
