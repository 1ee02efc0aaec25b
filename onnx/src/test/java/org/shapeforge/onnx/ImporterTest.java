package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.int64s;
import static org.shapeforge.onnx.Models.ints;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;
import static org.shapeforge.onnx.Models.str;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import onnx.Onnx.ModelProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.lang.Parser;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/** Shape logics and errors on small models built in the test (no corpus needed). */
class ImporterTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    private static ImportResult solve(ModelProto m) {
        return Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
    }

    @Test
    void convFloorDivisionWithStrideAndPadsNeedsTheRemainder() {
        // (10 + 1 + 1 − 3) / 2 = 4.5 → 4, + 1 = 5; the remainder variable absorbs the half
        var m = model(List.of(input("x", 1, 3, 10, 11), input("w", 8, 3, 3, 3)), List.of(),
                List.of(node("c", "Conv", List.of("x", "w"), List.of("y"), ints("strides", 2, 2), ints("pads", 1, 1, 1, 1))), "y");
        assertEquals(List.of("1", "8", "5", "6"), solve(m).shapes().get("y"));
    }

    @Test
    void reshapeSolvesMinusOneAndCopiesZero() {
        var m = model(List.of(input("x", 2, 3, 4)), List.of(int64s("s", 0, -1)),
                List.of(node("r", "Reshape", List.of("x", "s"), List.of("y"))), "y");
        assertEquals(List.of("2", "12"), solve(m).shapes().get("y"));
    }

    @Test
    void dimParamStaysSymbolicThroughBroadcastingAndMatMul() {
        var m = model(List.of(input("x", "batch", 4), input("w", 4, 5), input("b", 5)), List.of(),
                List.of(node("mm", "MatMul", List.of("x", "w"), List.of("h")), node("add", "Add", List.of("h", "b"), List.of("y"))), "y");
        ImportResult r = solve(m);
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertEquals(List.of("batch", "5"), r.shapes().get("y"));
    }

    @Test
    void einsumWithEllipsisBroadcastsTheBatchAxes() {
        var m = model(List.of(input("a", 2, 1, 3, 4), input("b", 5, 4, 6)), List.of(),
                List.of(node("e", "Einsum", List.of("a", "b"), List.of("y"), str("equation", "...ij,...jk->...ik"))), "y");
        assertEquals(List.of("2", "5", "3", "6"), solve(m).shapes().get("y"));
    }

    @Test
    void plantedMismatchNamesTheNode() {
        var m = model(List.of(input("x", 2, 3), input("w", 4, 5)), List.of(),
                List.of(node("proj", "MatMul", List.of("x", "w"), List.of("y"))), "y");
        ImportResult r = solve(m);
        assertFalse(r.succeeded());
        assertTrue(r.failure().message().contains("node 'proj' (MatMul #0)"), r.failure().message());
        assertEquals(List.of("node 'proj' (MatMul #0)"), r.failure().nodes());
    }

    @Test
    void broadcastMismatchInAddNamesTheNode() {
        var m = model(List.of(input("x", 2, 3), input("y", 4)), List.of(),
                List.of(node("plus", "Add", List.of("x", "y"), List.of("z"))), "z");
        ImportResult r = solve(m);
        assertFalse(r.succeeded());
        assertTrue(r.failure().message().contains("node 'plus' (Add #0)"), r.failure().message());
    }

    @Test
    void unsupportedOpIsAGapNamingTheNode() {
        var m = model(List.of(input("x", 2, 3)), List.of(), List.of(node("top", "StringNormalizer", List.of("x"), List.of("y"))), "y");
        ImportResult r = solve(m);
        assertTrue(r.succeeded());
        assertFalse(r.values().containsKey("y")); // no declaration: an unknown rank, no shape claimed
        Gap g = r.gaps().getFirst();
        assertEquals(List.of("top", "StringNormalizer", "y"), List.of(g.node().node(), g.node().opType(), g.value()));
        assertTrue(g.why().contains("unsupported op 'StringNormalizer'"), g.why());
    }

    @Test
    void aNodeWithoutOutputsIsAnErrorNamingTheNode() {
        // OnnxImportFuzzTest crash-68164835: an Add with no outputs was an IndexOutOfBoundsException
        var m = model(List.of(input("x", 2, 3)), List.of(), List.of(node("a", "Add", List.of("x", "x"), List.of())), "x");
        ImportError e = assertThrows(ImportError.class, () -> solve(m));
        assertEquals("onnx-node", e.code());
        assertTrue(e.getMessage().contains("node 'a' (Add #0)") && e.getMessage().contains("no outputs"), e.getMessage());
    }

    @Test
    void aReshapeTargetFromDataIsUnknownExtentsNamedAfterTheNode() {
        // issue 32: a size that depends on data is an unknown extent (seed 004), not a refusal of the model
        var m = model(List.of(input("x", 2, 3), input("s", 2)), List.of(),
                List.of(node("r", "Reshape", List.of("x", "s"), List.of("y")), node("n", "Neg", List.of("y"), List.of("z"))), "z");
        ImportResult r = solve(m);
        assertTrue(r.succeeded(), () -> r.failure().message());
        List<String> y = r.shapes().get("y");
        assertEquals(2, y.size());
        assertTrue(y.stream().allMatch(d -> d.startsWith("r_")) && !y.get(0).equals(y.get(1)), y.toString());
        assertEquals(y, r.shapes().get("z"));
    }

    @Test
    void sliceOverADimParamIsAnUnknownExtentNotGuessed() {
        // x[-2:100] on n is min(n, 2): not decided for every n, so an unknown extent named after the node (issue 32)
        var m = model(List.of(input("x", "n", 3)), List.of(int64s("st", -2), int64s("en", 100), int64s("ax", 0)),
                List.of(node("sl", "Slice", List.of("x", "st", "en", "ax"), List.of("y"))), "y", "x");
        ImportResult r = solve(m);
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertTrue(r.shapes().get("y").getFirst().startsWith("sl_") && r.shapes().get("y").get(1).equals("3"), r.shapes().toString());
        assertEquals(List.of("n", "3"), r.shapes().get("x"));
    }

    @Test
    void sliceWithNegativeStartClampsToTheAxis() {
        var m = model(List.of(input("x", 10, 3)), List.of(int64s("st", -4), int64s("en", 1000), int64s("ax", 0)),
                List.of(node("sl", "Slice", List.of("x", "st", "en", "ax"), List.of("y"))), "y");
        assertEquals(List.of("4", "3"), solve(m).shapes().get("y"));
    }

    @Test
    void malformedFileIsAnImportError(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.onnx");
        Files.write(f, new byte[] {(byte) 0xff, (byte) 0xff, 0x07, 0x01});
        ImportError e = assertThrows(ImportError.class, () -> Model.load(f));
        assertEquals("onnx", e.code());
        assertTrue(e.getMessage().contains("not an ONNX model"), e.getMessage());
    }

    @Test
    void emittedShcParsesBack() {
        var m = model(List.of(input("x", 1, 3, 8, 8), input("w", 4, 3, 3, 3)), List.of(),
                List.of(node("c", "Conv", List.of("x", "w"), List.of("y"), str("auto_pad", "SAME_UPPER"), ints("strides", 2, 2))), "y");
        Imported im = Importer.translate(m, "m.onnx", Map.of(), SOLVER);
        var parsed = Parser.parse("m.shc", im.shc());
        assertEquals(im.constraints().size(), parsed.constraints().size());
        assertEquals(List.of("1", "4", "4", "4"), im.solve(SOLVER, SolveOptions.defaults()).shapes().get("y"));
    }
}
