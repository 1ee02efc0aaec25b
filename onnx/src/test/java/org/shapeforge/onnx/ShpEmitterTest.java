package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * {@code import --emit shp} declares {@code dynamic} exactly the sizes of the model's sources that
 * import did not infer as numbers (read from the typed dims, not from their printed text).
 */
class ShpEmitterTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    @Test
    void symbolicSourceAxesAreDeclaredDynamicNumbersAreNot() {
        var m = model(List.of(input("x", "batch", 3), input("w", 3, 4)), List.of(),
                List.of(node("mm", "MatMul", List.of("x", "w"), List.of("y"))), "y");
        ImportResult r = Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
        assertTrue(r.succeeded(), () -> r.failure().message());
        String shp = ShpEmitter.emit(m, r.values(), "m.onnx");
        assertTrue(shp.contains("\ndynamic batch\n"), shp);
        assertFalse(shp.contains("dynamic 3") || shp.contains("dynamic 4"), shp);
    }
}
