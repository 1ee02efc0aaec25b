package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.int64s;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * An empty tensor is legal ONNX: ssdlite's {@code /transform/ConstantOfShape} of a shape with a 0
 * entry refused the whole model ("sizes are at least 1"). The axis is an unknown extent named after
 * the node (seed 004), never a number, and the rest of the graph is inferred.
 */
class EmptyTensorTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    @Test
    void aZeroEntryOfConstantOfShapeIsAnUnknownExtentAndTheGraphGoesOn() {
        var m = model(List.of(input("x", "batch", 4)), List.of(int64s("shape", 0, 4)),
                List.of(node("/transform/ConstantOfShape", "ConstantOfShape", List.of("shape"), List.of("empty")),
                        node("r", "Relu", List.of("x"), List.of("y"))), "empty", "y");
        ImportResult r = Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
        assertTrue(r.succeeded(), () -> r.failure().message());
        List<String> empty = r.shapes().get("empty");
        assertEquals("4", empty.get(1));
        assertTrue(empty.getFirst().startsWith("constantOfShape"), empty::toString);
        assertFalse(empty.getFirst().chars().allMatch(Character::isDigit), empty::toString);
        assertEquals(List.of("batch", "4"), r.shapes().get("y"));
    }
}
