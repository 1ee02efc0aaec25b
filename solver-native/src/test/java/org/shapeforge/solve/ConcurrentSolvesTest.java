package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.SourceText;
import org.shapeforge.program.Generated;
import org.shapeforge.program.Inference;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.RandomPrograms;
import org.shapeforge.program.ShapeLogic;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.SolvedForm;

/**
 * One {@link NativeSolver} used from eight threads at once answers every input exactly as it does
 * sequentially: the witnesses, the examples' {@code .shc} and {@code .shp} files and generated
 * programs (in the default mode, the files also in the complete mode). Each thread solves half of
 * the inputs, starting at another one, so that every input is solved by four threads while
 * different problems run beside it. An answer is everything but the timings: the
 * verdict, the model, the solved form (bindings, residual, γ↑, policy commitments, symbolic sizes),
 * the notes, the failure, and for a program its inferred shapes and diagnosis.
 */
class ConcurrentSolvesTest {
    static final int THREADS = 8;
    static final Path EXAMPLES = Path.of("../examples");

    /** A problem to solve and, for a program, what generated it. */
    record Input(String name, Problem problem, Generated generated, SolveOptions options) {}

    /** An outcome without its statistics, and a program's shapes and diagnosis. */
    record Answer(String verdict, Object model, List<Object> solved, List<String> notes, Object failure, String reason,
            String shapes, String diagnosis) {}

    @Test
    void eightThreadsOnOneSolverAnswerAsASequentialRunDoes() throws Exception {
        List<Input> inputs = inputs();
        assertTrue(inputs.size() >= 90, "too few inputs: " + inputs.size());
        NativeSolver solver = new NativeSolver();
        List<Answer> expected = inputs.stream().map(in -> answer(solver, in)).toList();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<Answer>>> runs = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(THREADS)) {
            for (int t = 0; t < THREADS; t++) {
                int first = t * inputs.size() / THREADS;
                runs.add(pool.submit(() -> {
                    start.await();
                    List<Answer> got = new ArrayList<>(Collections.nCopies(inputs.size(), null));
                    for (int i = 0; i < inputs.size() / 2; i++) {
                        int k = (first + i) % inputs.size();
                        got.set(k, answer(solver, inputs.get(k)));
                    }
                    return got;
                }));
            }
            start.countDown();
            for (int t = 0; t < THREADS; t++) {
                List<Answer> got = runs.get(t).get();
                for (int k = 0; k < inputs.size(); k++)
                    if (got.get(k) != null) assertEquals(expected.get(k), got.get(k), "thread " + t + ", " + inputs.get(k).name());
            }
        }
    }

    static Answer answer(NativeSolver solver, Input in) {
        Outcome o = solver.solve(in.problem(), in.options());
        String shapes = "", diagnosis = "";
        if (in.generated() != null) {
            Inference inf = Inference.of(in.generated(), o, in.options().closing());
            shapes = inf.shapes().toString();
            diagnosis = inf.failure().map(Object::toString).orElse("");
        }
        return switch (o) {
            case Outcome.Sat s -> new Answer("sat", s.model(), s.solved().map(ConcurrentSolvesTest::solved).orElse(List.of()),
                    s.notes(), null, "", shapes, diagnosis);
            case Outcome.Unsat u -> new Answer("unsat", null, List.of(), List.of(), u.core(), "", shapes, diagnosis);
            case Outcome.Unknown u -> new Answer("unknown", null, List.of(), List.of(), u.cause().orElse(null), u.reason(), shapes,
                    diagnosis);
        };
    }

    private static List<Object> solved(SolvedForm f) {
        return List.of(f.dimBindings(), f.rowBindings(), f.residual(), f.principal(), f.upward(), f.policyRows(), f.policyDims(),
                f.closedSymbolic(), f.closedSymbolicRows(), f.symbolicSizes());
    }

    static List<Input> inputs() throws IOException {
        List<Input> out = new ArrayList<>();
        List<Path> files = new ArrayList<>(list(WitnessTest.DIR, ".shc"));
        files.addAll(list(EXAMPLES, ".shc"));
        for (Path f : files) {
            Problem p = Parser.parse(f.getFileName().toString(), SourceText.read(f));
            out.add(new Input(f.getFileName().toString(), p, null, SolveOptions.defaults()));
            out.add(new Input(f.getFileName() + " --complete", p, null, SolveOptions.defaults().withComplete(true)));
        }
        List<String[]> programs = new ArrayList<>();
        for (Path f : list(EXAMPLES, ".shp")) programs.add(new String[] {f.getFileName().toString(), SourceText.read(f)});
        for (long seed = 1; seed <= 24; seed++) programs.add(new String[] {"random-" + seed + ".shp", RandomPrograms.program(seed, 8, seed % 2 == 0)});
        for (String[] prog : programs) {
            Generated g = ShapeLogic.generate(ProgramParser.parse(prog[0], prog[1]));
            out.add(new Input(prog[0], g.problem(), g, SolveOptions.defaults()));
        }
        return out;
    }

    private static List<Path> list(Path dir, String ext) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(ext)).sorted().toList();
        }
    }
}
