package org.shapeforge.oracle;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/** Issue 13: the oracle's SMT queries share one budget; once spent they answer unknown (budget) at once. */
class BudgetedTest {
    private final Problem p = Parser.parse("b.shc", "a = v ^ w\na = 5");

    @Test
    void withinTheBudgetTheVerdictsAreTheSolvers() {
        Budgeted z3 = new Budgeted(Backend.SMT.checked(), 60_000, 0);
        assertInstanceOf(Outcome.Sat.class, z3.solve(p, SolveOptions.defaults()));
        assertInstanceOf(Entailment.Entailed.class, z3.entails(p, Parser.parse("e.shc", "a = 5").constraints().getFirst(), SolveOptions.defaults()));
    }

    @Test
    void aSpentBudgetAnswersUnknownAtOnce() {
        Budgeted z3 = new Budgeted(Backend.SMT.checked(), 0, 0);
        String why = assertInstanceOf(Outcome.Unknown.class, z3.solve(p, SolveOptions.defaults())).reason();
        assertTrue(why.startsWith(Budgeted.SPENT), why);
        Entailment e = z3.entails(p, Parser.parse("e.shc", "a = 5").constraints().getFirst(), SolveOptions.defaults());
        assertTrue(assertInstanceOf(Entailment.Undetermined.class, e).reason().startsWith(Budgeted.SPENT), e::toString);
    }

    @Test
    void theOracleReportsTheBudgetPerQuery() {
        OracleReport r = Oracle.run(p, List.of(Semantics.FLAT, Semantics.RIGID), SolveOptions.defaults(), 0);
        for (Outcome o : r.smt().values())
            assertTrue(assertInstanceOf(Outcome.Unknown.class, o).reason().startsWith(Budgeted.SPENT), o::toString);
    }
}
