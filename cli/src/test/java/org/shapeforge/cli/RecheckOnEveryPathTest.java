package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.oracle.Backend;
import org.shapeforge.oracle.Checked;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;
import picocli.CommandLine;

/**
 * A native Sat answer is re-checked by the trusted evaluator on every command path that answers
 * with a model ({@code solve}, {@code infer}, {@code run}; issue 30: the one re-check is
 * {@code oracle.Checked}, which each of them wraps around its solver). Through the CLI entry point,
 * with each command's solver seam planted with a native solver whose Sat model is wrong (every row
 * gets an extra axis of 7): the re-check rejects the model and the command fails naming the
 * rejection (exit 3 unknown, or 1 for {@code run}, whose shape stage failed); unplanted, the same
 * commands succeed.
 */
class RecheckOnEveryPathTest {
    @TempDir
    Path dir;

    /** The native solver, its Sat models made wrong: a row variable's value gains an axis. */
    static final class WrongModels implements ShapeSolver {
        private final ShapeSolver inner = Backend.NATIVE.create();

        @Override
        public String name() {
            return "native-planted";
        }

        @Override
        public Outcome solve(Problem problem, SolveOptions options) {
            if (!(inner.solve(problem, options) instanceof Outcome.Sat s)) throw new AssertionError("the plant needs a Sat input");
            Map<String, Row> rows = new LinkedHashMap<>();
            s.model().rows().forEach((v, r) -> {
                List<Dim> axes = new java.util.ArrayList<>(r.flat());
                axes.add(Dim.atom(7));
                rows.put(v, Row.literal(axes));
            });
            return new Outcome.Sat(new Assignment(s.model().dims(), rows), Optional.empty(), s.notes(), s.stats());
        }

        @Override
        public Entailment entails(Problem problem, Constraint c, SolveOptions options) {
            return inner.entails(problem, c, options);
        }

        @Override
        public Optional<String> exportSmtLib(Problem problem, SolveOptions options) {
            return inner.exportSmtLib(problem, options);
        }
    }

    /** The CLI with {@code command}'s native solver replaced by {@code solver}. */
    static CliRun planted(String command, Supplier<ShapeSolver> solver, String... args) {
        CommandLine cl = Main.commandLine();
        Object c = cl.getSubcommands().get(command).getCommand();
        switch (c) {
            case SolveCommand s -> s.nativeSolver = solver;
            case InferCommand i -> i.nativeSolver = solver;
            case RunCommand r -> r.nativeSolver = solver;
            default -> throw new AssertionError(c);
        }
        return CliRun.of(cl, args);
    }

    void rejectedOn(String command, Path file, int plantedExit) {
        for (boolean json : List.of(false, true)) {
            String[] args = json ? new String[] {command, file.toString(), "--json"} : new String[] {command, file.toString()};
            CliRun real = planted(command, Backend.NATIVE::create, args);
            assertEquals(0, real.code(), command + " unplanted:\n" + real.out() + real.err());
            assertTrue(!real.out().contains(Checked.REJECTED), real.out());
            CliRun wrong = planted(command, WrongModels::new, args);
            assertEquals(plantedExit, wrong.code(), command + " planted:\n" + wrong.out() + wrong.err());
            assertTrue(wrong.out().contains(Checked.REJECTED), command + " planted:\n" + wrong.out());
        }
    }

    @Test
    void solveRejectsAWrongNativeModel() throws Exception {
        Path shc = Files.writeString(dir.resolve("p.shc"), "a = 3\n[a] <r> ~ [3, 4]\n");
        rejectedOn("solve", shc, 3);
    }

    @Test
    void inferRejectsAWrongNativeModel() {
        rejectedOn("infer", Path.of("../examples/mlp.shp"), 3);
    }

    @Test
    void runRejectsAWrongNativeModel() {
        rejectedOn("run", Path.of("../examples/mlp.shp"), 1);
    }

    @Test
    void thePlantIsWrong() {
        Problem p = org.shapeforge.lang.Parser.parse("p.shc", "a = 3\n[a] <r> ~ [3, 4]\n");
        Outcome o = new WrongModels().solve(p, SolveOptions.defaults());
        assertNotEquals(Outcome.Sat.class, Backend.checked(new WrongModels()).solve(p, SolveOptions.defaults()).getClass());
        assertEquals(Outcome.Sat.class, o.getClass());
    }
}
