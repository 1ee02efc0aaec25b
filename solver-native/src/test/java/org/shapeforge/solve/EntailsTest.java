package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.SolveOptions;

/** {@code entails}: forced by semantic steps, refuted by a checked solution, or undetermined. */
class EntailsTest {
    static Entailment entails(String c, String... lines) {
        return new NativeSolver().entails(Solve.problem(lines), org.shapeforge.lang.Parser.parseConstraint(c),
                SolveOptions.defaults());
    }

    @Test
    void Entails_semanticBinding() {
        assertInstanceOf(Entailment.Entailed.class, entails("a = 3", "a <= 3"));
        assertInstanceOf(Entailment.Entailed.class, entails("<r> ~ [3, 5]", "[3] <r> ~ [3, 3, 5]"));
    }

    @Test
    void Entails_capIsNotEntailed() {
        assertInstanceOf(Entailment.NotEntailed.class, entails("a = 3", "3 <= a"));
        assertInstanceOf(Entailment.NotEntailed.class, entails("a = 1", "leaf a", "3 <= a"));
    }

    @Test
    void Entails_policyPlacementIsNotSemantic() {
        assertInstanceOf(Entailment.Undetermined.class, entails("<r> ~ [3, 5]", "<r> ~ [3, 5]", "[3] <> [9, 5] <= <r>"));
    }
}
