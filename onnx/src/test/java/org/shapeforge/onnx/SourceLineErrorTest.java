package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * Shape errors in torch-2 exports name the Python line and module of every node of the core: three
 * hand-broken models ({@code scripts/torch2-shape-errors.py}, whose lines these are) — a Linear fed
 * the wrong width, a Reshape target of the wrong element count, a residual Add of two branches of
 * different sizes. Each model ends in nodes outside the core, which the failure must not list.
 */
class SourceLineErrorTest {
    private static final Path DIR = Path.of("src/test/resources/org/shapeforge/onnx/torch2");
    private static final String SCRIPT = "scripts/torch2-shape-errors.py";
    private static final NativeSolver SOLVER = new NativeSolver();

    private static ImportResult.Failure failure(String name) {
        Imported im = Importer.translate(Model.load(DIR.resolve(name + ".onnx")), name + ".onnx", Map.of(), SOLVER);
        ImportResult r = im.solve(SOLVER, SolveOptions.defaults());
        assertFalse(r.succeeded(), name + " imported without a failure");
        return r.failure();
    }

    /** Each node involved as {@code index op line module}, every one from the script's {@code forward}. */
    private static List<String> located(ImportResult.Failure f) {
        return f.involved().stream().map(n -> {
            SourceLocation s = n.source().orElseThrow(() -> new AssertionError(n.nodeText() + " has no source location"));
            assertEquals(SCRIPT, s.file(), n.nodeText());
            assertEquals("forward", s.function(), n.nodeText());
            return n.index() + " " + n.opType() + " " + s.line() + " " + s.module();
        }).toList();
    }

    @Test
    void aWrongLinearWidthNamesBothLinearsAndTheActivationBetween() {
        ImportResult.Failure f = failure("linear_width");
        assertEquals(ImportFailureKind.SEMANTIC, f.kind());
        // h = self.act(self.fc1(x)) at line 54, return self.fc2(h) at 55; the softmax after (#3) is no part of it
        assertEquals(List.of("0 Gemm 54 mlp.fc1", "1 Relu 54 mlp.act", "2 Gemm 55 mlp.fc2"), located(f));
        assertEquals(Optional.of(new SourceLocation(SCRIPT, 55, "forward", "mlp.fc2")), f.blamed().orElseThrow().source());
    }

    @Test
    void aBadReshapeNamesTheViewLine() {
        ImportResult.Failure f = failure("bad_reshape");
        assertEquals(ImportFailureKind.SEMANTIC, f.kind());
        // y.view(y.shape[0], y.shape[1], 4, 6) at line 74, the module's own op (no submodule): heads
        assertEquals(List.of("5 Reshape 74 heads"), located(f));
    }

    @Test
    void aMismatchedResidualNamesBothBranches() {
        ImportResult.Failure f = failure("residual");
        // the native solver's answer is no proof (a policy step, docs/onnx.md); it still lists its nodes,
        // the main branch at line 94 and the shortcut and Add at 95, not the relu and mean after the block
        assertEquals(ImportFailureKind.POLICY, f.kind());
        assertEquals(List.of("0 Conv 94 block.conv1", "1 Relu 94 block", "2 Conv 94 block.conv2", "3 Conv 95 block.shortcut", "4 Add 95 block"),
                located(f));
    }
}
