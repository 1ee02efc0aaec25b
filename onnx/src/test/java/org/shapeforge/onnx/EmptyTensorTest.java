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
 * entry refused the whole model ("sizes are at least 1"). The axis is an empty gap named after the
 * node, printed 0 and outside the solver's sizes, and the rest of the graph is inferred.
 */
class EmptyTensorTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    @Test
    void aZeroEntryOfConstantOfShapeIsAnEmptyAxisAndTheGraphGoesOn() {
        var m = model(List.of(input("x", "batch", 4)), List.of(int64s("shape", 0, 4)),
                List.of(node("/transform/ConstantOfShape", "ConstantOfShape", List.of("shape"), List.of("empty")),
                        node("r", "Relu", List.of("x"), List.of("y"))), "empty", "y");
        ImportResult r = Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertEquals(List.of("0", "4"), r.shapes().get("empty"));
        assertEquals(List.of(Gap.Kind.EMPTY), r.gaps().stream().map(Gap::kind).toList(), r.gaps()::toString);
        assertEquals(List.of("batch", "4"), r.shapes().get("y"));
    }

    /**
     * ssdlite's {@code /transform/Slice_1}: torchvision's padding list {@code Concat(p, empty)} viewed
     * as pairs and reversed ({@code [-1:-INT64_MAX:-1]}). The empty tensor adds no element to the
     * Concat, so the pairs are {@code [3, 2]} and the reversed slice has its length, as ORT
     * computes it (an unknown extent named after the Slice before the empty axis was known to be 0).
     */
    @Test
    void aReversedSliceOfAListJoinedWithAnEmptyTensorHasItsLength() {
        var m = model(List.of(input("p", 6), input("x", "batch", 4)),
                List.of(int64s("zero", 0), int64s("pairs", -1, 2), int64s("st", -1), int64s("en", -Long.MAX_VALUE),
                        int64s("ax", 0), int64s("sp", -1)),
                List.of(node("/transform/ConstantOfShape", "ConstantOfShape", List.of("zero"), List.of("empty")),
                        node("/transform/Concat_6", "Concat", List.of("p", "empty"), List.of("c"), Models.i("axis", 0)),
                        node("/transform/Reshape", "Reshape", List.of("c", "pairs"), List.of("r")),
                        node("/transform/Slice_1", "Slice", List.of("r", "st", "en", "ax", "sp"), List.of("s")),
                        node("/transform/Transpose", "Transpose", List.of("s"), List.of("t"), Models.ints("perm", 1, 0)),
                        node("relu", "Relu", List.of("x"), List.of("y"))), "s", "t", "y");
        ImportResult r = Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertEquals(List.of("0"), r.shapes().get("empty"));
        assertEquals(List.of("6"), r.shapes().get("c"));
        assertEquals(List.of("3", "2"), r.shapes().get("s"));
        assertEquals(List.of("2", "3"), r.shapes().get("t"));
        assertEquals(List.of("batch", "4"), r.shapes().get("y"));
    }

    /**
     * ssdlite's {@code /transform/Pad}: the reversed padding list flattened ({@code Reshape(·, [-1])})
     * is data of a length not known at import time; Pad keeps its input's rank and each padded axis
     * is an unknown extent named after the Pad (it was "pads must be known at import time").
     */
    @Test
    void padAmountsOfAnUnknownLengthGiveUnknownExtentsNamedAfterThePad() {
        var m = model(List.of(input("p", 6), input("img", 3, "height", "width")),
                List.of(int64s("zero", 0), int64s("pairs", -1, 2), int64s("st", -1), int64s("en", -Long.MAX_VALUE),
                        int64s("ax", 0), int64s("sp", -1), int64s("flat", -1)),
                List.of(node("/transform/ConstantOfShape", "ConstantOfShape", List.of("zero"), List.of("empty")),
                        node("/transform/Concat_6", "Concat", List.of("p", "empty"), List.of("c"), Models.i("axis", 0)),
                        node("/transform/Reshape", "Reshape", List.of("c", "pairs"), List.of("r")),
                        node("/transform/Slice_1", "Slice", List.of("r", "st", "en", "ax", "sp"), List.of("s")),
                        node("/transform/Transpose", "Transpose", List.of("s"), List.of("t"), Models.ints("perm", 1, 0)),
                        node("/transform/Reshape_1", "Reshape", List.of("t", "flat"), List.of("f")),
                        node("/transform/Cast_11", "Cast", List.of("f"), List.of("pads"), Models.i("to", 7)),
                        node("/transform/Pad", "Pad", List.of("img", "pads"), List.of("y"))), "y");
        ImportResult r = Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
        assertTrue(r.succeeded(), () -> r.failure().message());
        List<String> y = r.shapes().get("y");
        assertEquals(3, y.size(), y::toString);
        for (String d : y) assertTrue(d.startsWith("pad"), y::toString);
        assertEquals(3, y.stream().distinct().count(), y::toString);
    }

    /**
     * Past ssdlite's {@code /transform/Pad} the first convolution fixes the padded channel axis (an
     * unknown extent) to 3, its weight's; a squeeze-excitation's 1×1 convolution after the pool then
     * prints its pooled axes as 1, as ONNX does — a size the equalities alone fix is read as that
     * number ({@code SymbolicReading}), never withheld as {@code ?} and never a number not forced.
     */
    @Test
    void aPooledAxisPastThePaddedImageReadsOne() {
        var m = model(List.of(input("p", 6), input("img", 3, "height", "width")),
                List.of(int64s("zero", 0), int64s("pairs", -1, 2), int64s("st", -1), int64s("en", -Long.MAX_VALUE),
                        int64s("ax", 0), int64s("sp", -1), int64s("flat", -1), int64s("a0", 0),
                        ones("W", 4, 3, 3, 3), ones("W1", 2, 4, 1, 1)),
                List.of(node("/transform/ConstantOfShape", "ConstantOfShape", List.of("zero"), List.of("empty")),
                        node("/transform/Concat_6", "Concat", List.of("p", "empty"), List.of("c"), Models.i("axis", 0)),
                        node("/transform/Reshape", "Reshape", List.of("c", "pairs"), List.of("r")),
                        node("/transform/Slice_1", "Slice", List.of("r", "st", "en", "ax", "sp"), List.of("s")),
                        node("/transform/Transpose", "Transpose", List.of("s"), List.of("t"), Models.ints("perm", 1, 0)),
                        node("/transform/Reshape_1", "Reshape", List.of("t", "flat"), List.of("f")),
                        node("/transform/Cast_11", "Cast", List.of("f"), List.of("pads"), Models.i("to", 7)),
                        node("/transform/Pad", "Pad", List.of("img", "pads"), List.of("padded")),
                        node("/transform/Unsqueeze_10", "Unsqueeze", List.of("padded", "a0"), List.of("batch1")),
                        node("conv", "Conv", List.of("batch1", "W"), List.of("x"), Models.ints("kernel_shape", 3, 3),
                                Models.ints("strides", 2, 2), Models.ints("pads", 1, 1, 1, 1)),
                        node("pool", "GlobalAveragePool", List.of("x"), List.of("g")),
                        node("fc1", "Conv", List.of("g", "W1"), List.of("y"), Models.ints("kernel_shape", 1, 1))), "y");
        ImportResult r = Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertEquals(List.of("1", "4", "1", "1"), r.shapes().get("g"), r.shapes()::toString);
        assertEquals(List.of("1", "2", "1", "1"), r.shapes().get("y"), r.shapes()::toString);
    }

    private static onnx.Onnx.TensorProto ones(String name, long... dims) {
        long n = 1;
        for (long d : dims) n *= d;
        var b = onnx.Onnx.TensorProto.newBuilder().setName(name).setDataType(onnx.Onnx.TensorProto.DataType.FLOAT_VALUE);
        for (long d : dims) b.addDims(d);
        for (long k = 0; k < n; k++) b.addFloatData(1f);
        return b.build();
    }

    /**
     * Swin's attention mask: {@code mask.view(shape + mask.shape[2:])} with a 2-D mask, so the
     * {@code Slice [2:]} of its shape selects nothing — an empty tensor, not a size 0 (it was
     * refused as a shape mismatch, "size 0"): an empty gap named after the Slice, printed 0, and
     * the Reshape reads the joined target {@code [batch, 4]}.
     */
    @Test
    void aSliceThatSelectsNothingIsAnEmptyGapAndItsEmptyContentsJoin() {
        var m = model(List.of(input("x", "batch", 4), input("mask", 2, 3)),
                List.of(int64s("st", 2), int64s("en", Long.MAX_VALUE), int64s("ax", 0)),
                List.of(node("shx", "Shape", List.of("x"), List.of("sx")),
                        node("shm", "Shape", List.of("mask"), List.of("sm")),
                        node("/attn/Slice_9", "Slice", List.of("sm", "st", "en", "ax"), List.of("tail")),
                        node("cat", "Concat", List.of("sx", "tail"), List.of("target"), Models.i("axis", 0)),
                        node("view", "Reshape", List.of("x", "target"), List.of("y"))), "tail", "y");
        ImportResult r = Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertEquals(List.of("0"), r.shapes().get("tail"));
        Gap g = r.gaps().getFirst();
        assertEquals(List.of(Gap.Kind.EMPTY), r.gaps().stream().map(Gap::kind).toList());
        assertTrue(g.extent().startsWith("slice_9") && g.value().equals("tail"), g::printed);
        assertEquals(List.of("batch", "4"), r.shapes().get("y"));
    }
}
