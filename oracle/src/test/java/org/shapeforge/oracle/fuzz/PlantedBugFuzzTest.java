package org.shapeforge.oracle.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Statement;
import org.shapeforge.oracle.gen.Case;
import org.shapeforge.oracle.gen.CaseGen;
import org.shapeforge.oracle.gen.Fragment;
import org.shapeforge.solve.rules.Mutation;

/**
 * Tests of the fuzzer itself (issue 10): with a planted rule bug (DI-cap keeping the first cap
 * instead of collapsing to the unit) swapped into native, the campaign of seed 1 finds an
 * {@code unsound-*} case within 10^4 cases and delta debugging minimizes it to ≤ 5 constraints;
 * without the mutation, the minimized case is clean. (The test screens cases with native and the
 * evaluator alone, so it finds unsound accepts only — which is what this mutation causes.)
 */
class PlantedBugFuzzTest {
    static final Fuzzer.Config MUTANT = new Fuzzer.Config(1, 0, 10_000, Set.of(Fragment.values()), 1, 1_000,
            Set.of(Mutation.DI_CAP_KEEP_FIRST), true);

    @Test
    void diCapKeepingTheFirstCapIsFoundAndMinimized() {
        Fuzzer.Runner mutant = new Fuzzer.Runner(MUTANT);
        Fuzzer.Runner sound = new Fuzzer.Runner(new Fuzzer.Config(1, 0, 1, Set.of(Fragment.values()), 1, 1_000, Set.of(), true));
        for (long i = 0; i < MUTANT.cases(); i++) {
            Case k = CaseGen.generate(CaseGen.caseSeed(MUTANT.seed(), i), MUTANT.fragments());
            // screen by the evaluator first (the mutation makes native accept wrong models): the
            // full judgement with SMT runs only on the cases the evaluator already rejects
            if (!mutant.evaluatorRejects(k.problem())) continue;
            Classifier.Verdict v = mutant.judge(k.problem(), k.planted(), k.seed());
            if (!(v.klass() == Klass.UNSOUND_ACCEPT || v.klass() == Klass.UNSOUND_REJECT)) continue;
            List<Statement> min = mutant.minimize(k, v.klass());
            Problem p = new Problem(k.problem().file(), min);
            long constraints = min.stream().filter(s -> s instanceof Constraint).count();
            assertTrue(constraints <= 5, () -> "minimized to " + constraints + " constraints:\n" + Printer.print(p));
            assertEquals(v.klass(), mutant.judge(p, k.planted(), k.seed()).klass(), "the minimized case still shows the bug");
            Klass clean = sound.judge(p, k.planted(), k.seed()).klass();
            assertTrue(!clean.isViolation(), () -> "without the mutation the case is " + clean + ":\n" + Printer.print(p));
            System.out.println("planted DI-cap bug found at case " + i + ", minimized to:\n" + Printer.print(p));
            return;
        }
        assertNotNull(null, "the planted DI-cap bug was not found within " + MUTANT.cases() + " cases");
    }

    @Test
    void shrinkingDropsAxesAndLowersNumbers() {
        var c = Shrink.candidates("[3, 5] <r> ~ [7]");
        assertTrue(c.contains("[5] <r> ~ [7]") && c.contains("[3] <r> ~ [7]") && c.contains("[3, 5] <r> ~ []"), c::toString);
        assertTrue(c.contains("[2, 5] <r> ~ [7]") && c.contains("[3, 5] <r> ~ [6]"), c::toString);
        assertTrue(Shrink.candidates("a = affine(o, stride=3)").isEmpty(), "parameters are not numbers to shrink");
        var p = org.shapeforge.lang.Parser.parse("s.shc", "[3, 5, 7] <r> ~ [9]\nb = 4\n");
        // "fails" while some row has an axis of size >= 5: shrinks to one axis of size 5
        var out = Shrink.shrink(p.statements(), "s.shc", l -> Printer.print(new Problem("s.shc", l)).matches("(?s).*\\b([5-9])\\b.*"));
        assertEquals("<r> ~ [5]\nb = 2", Printer.print(new Problem("s.shc", out)).strip());
    }

    @Test
    void deltaDebuggingIsOneMinimal() {
        List<Integer> in = List.of(1, 2, 3, 4, 5, 6, 7, 8);
        // fails when 3 and 7 are both present
        List<Integer> min = DeltaDebug.minimize(in, l -> l.contains(3) && l.contains(7));
        assertEquals(List.of(3, 7), min);
    }
}
