package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.solve.close.Stage;
import org.shapeforge.solve.close.StageTrace;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * {@link NativeSolver#solveTraced} (issue 28) on the witnesses, in both modes: tracing leaves the
 * answer as {@link NativeSolver#solve} gives it (verdict, model, steps); the stages come in
 * pipeline order from stage 1; their steps add up to the answer's (in complete mode, to the
 * reported branch's: the answer counts every branch explored); only the last may be marked as
 * ended by a failure; and a variable is bound by one stage only.
 */
class StageTraceTest {
    @TestFactory
    Stream<DynamicTest> tracingLeavesTheAnswerAndAccountsForEveryStep() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("src/test/resources/witnesses"))) {
            files = s.filter(p -> p.toString().endsWith(".shc")).sorted().toList();
        }
        assertFalse(files.isEmpty());
        return files.stream().flatMap(f -> Stream.of(false, true).map(complete -> DynamicTest.dynamicTest(
                f.getFileName() + (complete ? " --complete" : ""), () -> check(f, complete))));
    }

    private static void check(Path f, boolean complete) throws IOException {
        Problem p = Parser.parse(f.toString(), Files.readString(f)).withoutExpectations();
        SolveOptions o = SolveOptions.defaults().withComplete(complete);
        Outcome plain = new NativeSolver().solve(p, o);
        NativeSolver.Traced traced = new NativeSolver().solveTraced(p, o);
        Outcome t = traced.outcome();
        assertEquals(plain.getClass(), t.getClass());
        assertEquals(plain.stats().steps(), t.stats().steps());
        if (plain instanceof Outcome.Sat s) assertEquals(s.model(), ((Outcome.Sat) t).model());
        else assertEquals(plain.failure().map(x -> x.message()), t.failure().map(x -> x.message()));
        List<StageTrace> stages = traced.stages();
        if (stages.isEmpty()) return; // refused before solving
        assertEquals(Stage.SOLVE, stages.getFirst().stage());
        for (int i = 1; i < stages.size(); i++) assertTrue(stages.get(i - 1).stage().ordinal() < stages.get(i).stage().ordinal());
        for (int i = 0; i + 1 < stages.size(); i++) assertTrue(stages.get(i).completed(), stages.get(i).toString());
        java.util.Set<String> bound = new java.util.HashSet<>();
        for (StageTrace s : stages) {
            for (String v : s.dims().keySet()) assertTrue(bound.add(v), v + " bound twice");
            for (String v : s.rows().keySet()) assertTrue(bound.add("<" + v + ">"), v + " bound twice");
        }
        long stageSteps = stages.stream().mapToLong(StageTrace::steps).sum();
        if (!complete) assertEquals(plain.stats().steps(), stageSteps);
        else assertTrue(stageSteps <= plain.stats().steps()); // the answer counts every branch explored, the trace its own
    }
}
