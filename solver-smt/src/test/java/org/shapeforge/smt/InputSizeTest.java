package org.shapeforge.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * Issue 13: a 20,000-part concat of distinct variables ends in a clear answer from every SMT entry
 * point ({@link InputSize}'s policy: {@code unknown}, or a {@code too-large} error for export)
 * instead of Z3's timeout; inputs above {@link InputSize#LARGE} nodes and under the limit are still
 * decided (Z3's legacy simplex), sat and unsat. Outcome kinds only, never timings.
 */
class InputSizeTest {
    private final SmtSolver z3 = new SmtSolver();

    @Test
    void countsSymbolicNodesOnlyAndStopsPastTheCap() {
        Problem p = Parser.parse("n.shc", "a = v0 ^ v1 ^ 3:rgb");
        assertEquals(5, InputSize.nodes(p.constraints(), 100)); // a = concat(v0, v1, literal): DimEq, a, Concat, v0, v1
        assertTrue(InputSize.nodes(LinearEncodingTest.chain(20_000, true, "").constraints(), 50) <= 51);
        assertEquals(3, InputSize.nodes(LinearEncodingTest.chain(20_000, false, "").constraints(), 100));
    }

    @Test
    void twentyThousandVariablePartsGetAClearUnknown() {
        Problem p = LinearEncodingTest.chain(20_000, true, "");
        Outcome o = z3.solve(p, SolveOptions.defaults());
        String reason = assertInstanceOf(Outcome.Unknown.class, o).reason();
        assertTrue(reason.contains("too large") && reason.contains(InputSize.ENV), reason);
        Entailment e = z3.entails(p, Parser.parse("e.shc", "a = 5").constraints().getFirst(), SolveOptions.defaults());
        assertTrue(assertInstanceOf(Entailment.Undetermined.class, e).toString().contains("too large"), e::toString);
        ShapeError err = assertThrows(ShapeError.class, () -> z3.exportSmtLib(p, SolveOptions.defaults()));
        assertEquals("too-large", err.code());
    }

    @Test
    void largeInputsUnderTheLimitAreStillDecided() {
        // what is tested is the size limit, not Z3's speed: a generous timeout, so that a slow or
        // loaded machine (these take 7–10 s on a 2-vCPU VM) does not turn the answer into Unknown
        SolveOptions patient = SolveOptions.defaults().withTimeoutMs(120_000);
        Outcome sat = z3.solve(LinearEncodingTest.chain(3_000, true, "a = 3001"), patient);
        assertEquals("3001", org.shapeforge.lang.Printer.print(assertInstanceOf(Outcome.Sat.class, sat).model().dims().get("a")));
        // every part has size ≥ 1, so 3,000 parts cannot sum to 2,999
        assertInstanceOf(Outcome.Unsat.class, z3.solve(LinearEncodingTest.chain(3_000, true, "a = 2999"), patient));
    }
}
