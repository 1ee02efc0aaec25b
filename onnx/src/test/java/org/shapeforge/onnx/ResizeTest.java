package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.floats;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.int64s;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;
import static org.shapeforge.onnx.Models.solve;

import java.util.List;
import onnx.Onnx.ModelProto;
import org.junit.jupiter.api.Test;

/** Resize's output shape: floor(in · scale), sizes, and dim_param axes under integer scales (a runtime size, never a pinned dim_param). */
class ResizeTest {

    private static ModelProto resize(List<Object> dims, float... scales) {
        return model(List.of(input("x", dims.toArray())), List.of(floats("roi"), floats("scales", scales)),
                List.of(node("rs", "Resize", List.of("x", "roi", "scales"), List.of("y"))), "y");
    }

    @Test
    void knownAxesAreFlooredProducts() {
        assertEquals(List.of("1", "3", "7", "2"), solve(resize(List.of(1, 3, 5, 5), 1, 1, 1.5f, 0.5f)).shapes().get("y"));
    }

    @Test
    void aSymbolicAxisUnderAnIntegerScaleOrItsInverse() {
        assertEquals(List.of("n", "3", "h * 2", "w"), solve(resize(List.of("n", 3, "h", "w"), 1, 1, 2, 1)).shapes().get("y"));
        // floor(h / 2) and floor(1.5 · h) of a dim_param are no size relation here: an unknown extent named after the node
        for (float s : new float[] {0.5f, 1.5f}) {
            ImportResult r = solve(resize(List.of(2, 3, "h", 8), 1, 1, s, 1));
            List<String> y = r.shapes().get("y");
            assertEquals(List.of("2", "3", "8"), List.of(y.get(0), y.get(1), y.get(3)));
            assertTrue(!y.get(2).matches("\\d+") && !y.get(2).equals("h"), y.toString());
            assertEquals(List.of("rs"), r.gaps().stream().map(g -> g.node().node()).toList());
            assertTrue(r.gaps().getFirst().why().contains("· " + s), r.gaps().getFirst().why());
        }
    }

    @Test
    void sizesGiveTheAxesDirectly() {
        var m = model(List.of(input("x", "n", 3, 4, 4)), List.of(floats("roi"), floats("scales"), int64s("sizes", 1, 3, 9, 7)),
                List.of(node("rs", "Resize", List.of("x", "roi", "scales", "sizes"), List.of("y"))), "y");
        // sizes name every axis: the batch's too (the model then claims n = 1)
        assertEquals(List.of("1", "3", "9", "7"), solve(m).shapes().get("y"));
        var wrong = model(List.of(input("x", 1, 3, 4, 4)), List.of(floats("roi"), floats("scales"), int64s("sizes", 9, 7)),
                List.of(node("rs", "Resize", List.of("x", "roi", "scales", "sizes"), List.of("y"))), "y");
        ImportError e = assertThrows(ImportError.class, () -> solve(wrong));
        assertTrue(e.getMessage().contains("2 entries for 4 resized axes"), e.getMessage());
    }
}
