package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.i;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.int64s;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;
import static org.shapeforge.onnx.Models.scalar64;

import java.util.List;
import java.util.Map;
import onnx.Onnx.ModelProto;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * Pad to a multiple of the window, then view as windows (Swin's window partition, as torch 1.13
 * exports it): the pad amount {@code (7 − h % 7) % 7} is computed from the input's shape, the
 * padded axis is {@code 7·((h + 6) // 7)}, its {@code // 7} reads back as {@code (h + 6) // 7},
 * and the −1 of the last Reshape is solved symbolically — with no domain condition, the model
 * being valid for every h.
 */
class WindowPartitionTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    /** {@code x [batch, h, 16]} padded on axis 1 to a multiple of 7, viewed as {@code [b, hp // 7, 7, 16]}, then {@code [-1, 7, 16]}. */
    private static ModelProto windows() {
        return model(List.of(input("x", "batch", "h", 16)),
                List.of(scalar64("zero", 0), scalar64("one", 1), scalar64("seven", 7), int64s("ax0", 0),
                        int64s("lead", 0, 0, 0, 0), int64s("trail", 0), int64s("win", 7, 16), int64s("flat", -1, 7, 16)),
                List.of(node("shape", "Shape", List.of("x"), List.of("s")),
                        node("gh", "Gather", List.of("s", "one"), List.of("h"), i("axis", 0)),
                        node("mod", "Mod", List.of("h", "seven"), List.of("m")),
                        node("sub", "Sub", List.of("seven", "m"), List.of("d")),
                        node("mod2", "Mod", List.of("d", "seven"), List.of("pad")),
                        node("up", "Unsqueeze", List.of("pad", "ax0"), List.of("pad1")),
                        node("pads", "Concat", List.of("lead", "pad1", "trail"), List.of("p"), i("axis", 0)),
                        node("padding", "Pad", List.of("x", "p"), List.of("xp")),
                        node("shape2", "Shape", List.of("xp"), List.of("s2")),
                        node("gb", "Gather", List.of("s2", "zero"), List.of("b"), i("axis", 0)),
                        node("gp", "Gather", List.of("s2", "one"), List.of("hp"), i("axis", 0)),
                        node("div", "Div", List.of("hp", "seven"), List.of("nh")),
                        node("ub", "Unsqueeze", List.of("b", "ax0"), List.of("b1")),
                        node("un", "Unsqueeze", List.of("nh", "ax0"), List.of("nh1")),
                        node("cat", "Concat", List.of("b1", "nh1", "win"), List.of("target"), i("axis", 0)),
                        node("view", "Reshape", List.of("xp", "target"), List.of("w")),
                        node("last", "Reshape", List.of("w", "flat"), List.of("y"))), "y");
    }

    @Test
    void paddedWindowsKeepTheirRelationToTheInput() {
        ImportResult r = Importer.translate(windows(), "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertEquals(List.of("batch", "((h + 6) // 7) * 7", "16"), r.shapes().get("xp"));
        assertEquals(List.of("batch", "(h + 6) // 7", "7", "16"), r.shapes().get("w"));
        assertEquals(List.of("batch * ((h + 6) // 7)", "7", "16"), r.shapes().get("y"));
        assertEquals(List.of(), r.requires(), "padding makes every h valid");
    }
}
