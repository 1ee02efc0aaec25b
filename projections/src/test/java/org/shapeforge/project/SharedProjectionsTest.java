package org.shapeforge.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.shapeforge.program.Inference;
import org.shapeforge.program.ModelPrograms;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Assignment;

/**
 * {@link SharedProjections} (issue 30): every operation's projections in {@link
 * ProjectionInference#projectAll}, where operations of one structure share a solve, equal the
 * projections of that operation solved on its own ({@link ProjectionInference#project}) — on the
 * repository's example and golden programs and on generated transformer, CNN (padded convolutions)
 * and MLP programs — and the sharing does happen.
 */
class SharedProjectionsTest {
    /** Programs whose operations repeat one structure with other names: the generated models, and repeated or padded operands. */
    private static List<String> repetitive() {
        List<String> out = new ArrayList<>();
        for (String m : ModelPrograms.NAMES) out.add(ModelPrograms.of(m).program(3));
        out.add("a = data(b=[2], o=[3])\nb = data(b=[2], o=[3])\nx = a *. a\ny = a *. b\nz = b *. a\nw = b *. b\n");
        out.add("a = data(b=[2], o=[8])\nk = param(i=[3], o=[8])\n"
                + "x = einsum(a, k, \"b|h=+kh; kh->h => b|h\")\ny = einsum(x, k, \"b|h=+kh; kh->h => b|h\")\n");
        return out;
    }

    @Test
    void sharedProjectionsEqualEachOperationsOwnOnGeneratedAndRepeatedPrograms() {
        int hits = 0;
        for (String text : repetitive()) hits += checkAgainstOwnSolves("generated.shp", text);
        assertTrue(hits > 20, "the generated programs repeat operations of one structure; shared " + hits);
    }

    @Test
    void sharedProjectionsEqualEachOperationsOwnOnExampleAndGoldenPrograms() throws IOException {
        int programs = 0;
        for (Path dir : List.of(Path.of("../examples"), Path.of("../constraints/src/test/resources/program/golden")))
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".shp")).sorted().toList()) {
                    checkAgainstOwnSolves(f.toString(), Files.readString(f));
                    programs++;
                }
            }
        assertTrue(programs > 30, "example and golden programs read: " + programs);
    }

    /** Compares projectAll with per-operation solves; returns how many operations were shared (0 when not projectable). */
    private static int checkAgainstOwnSolves(String file, String text) {
        Inference inf;
        List<Operation> ops;
        try {
            inf = Inference.run(ProgramParser.parse(file, text), new NativeSolver(), SolveOptions.defaults());
            if (!inf.succeeded()) return 0;
            ops = ProgramOperations.of(inf.generated());
        } catch (RuntimeException e) { // a golden error program: nothing to project
            return 0;
        }
        Assignment model = inf.closedAtUnit().orElseThrow();
        ProgramProjections all;
        try {
            all = ProjectionInference.projectAll(ops, model);
        } catch (ProjectionError e) {
            // then some operation fails on its own too, with the same error
            ProjectionError own = null;
            for (Operation op : ops)
                try {
                    ProjectionInference.project(op, model);
                } catch (ProjectionError x) {
                    own = x;
                    break;
                }
            assertEquals(String.valueOf(own == null ? null : own.getMessage()), e.getMessage(), file);
            return 0;
        }
        Map<AxisRef, Padding> padding = new TreeMap<>();
        for (Operation op : ops) {
            Projections own = ProjectionInference.project(op, model);
            assertEquals(own, all.operations().get(op.label()), file + ": operation " + op.label());
            own.padding().forEach((axis, pad) -> padding.merge(axis, pad, Padding::max));
        }
        assertEquals(padding, all.padding(), file + ": padding");
        SharedProjections shared = new SharedProjections(model, org.shapeforge.semantics.Semantics.FLAT);
        for (Operation op : ops) shared.project(op);
        return shared.shared();
    }
}
