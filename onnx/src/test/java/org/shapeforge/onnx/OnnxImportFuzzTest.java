package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Map;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * Coverage-guided fuzz target for the ONNX importer (issue 13). A plain {@code mvn test} replays the
 * checked-in corpus ({@code src/test/resources/org/shapeforge/onnx/OnnxImportFuzzTestInputs/importModel/},
 * small {@code model.onnx} files of ONNX's node tests) and every crash found so far; fuzzing runs
 * under {@code JAZZER_FUZZ=1} (README, "Fuzzing").
 *
 * <p>Contract checked: bytes → {@link Model#parse} → {@link Importer#translate} → solve ends in shapes
 * (or a solver failure naming nodes) or in an {@link ImportError} with a message naming the file —
 * malformed protobuf included; any other exception is a finding. This is the path of
 * {@code shapeforge import}.
 */
class OnnxImportFuzzTest {
    private static final NativeSolver SOLVER = new NativeSolver();
    private static final String FILE = "fuzz.onnx";

    @FuzzTest(maxDuration = "10m")
    void importModel(byte[] input) {
        ImportResult r;
        try {
            Imported im = Importer.translate(Model.parse(FILE, input), FILE, Map.of(), SOLVER);
            r = im.solve(SOLVER, SolveOptions.defaults().withTimeoutMs(2_000));
        } catch (ImportError e) {
            assertTrue(e.getMessage().startsWith(FILE + ": "), e.getMessage());
            assertFalse(e.getMessage().isBlank());
            return;
        }
        assertNotNull(r.shapes());
        if (!r.succeeded()) assertNotNull(r.failure().kind());
    }
}
