package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.shapeforge.onnx.Models.i;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.int64s;
import static org.shapeforge.onnx.Models.ints;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;
import static org.shapeforge.onnx.Models.scalar64;
import static org.shapeforge.onnx.Models.str;
import static org.shapeforge.onnx.Models.solve;

import java.util.List;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.Test;
import org.shapeforge.term.sym.SymCondition;

/**
 * The graphs of real networks whose domain no small sampled binding reaches (a class token's 197
 * tokens, a raw-audio front end's minimum length, a U-Net's multiple of 8) import symbolically, their
 * domain printed; and
 * the causal padding chain exporters write for {@code F.pad(x, (k, 0))} folds to its padding list.
 * Each graph is the exported one, cut down to the nodes that matter.
 */
class DecidedDomainTest {

    private static TensorProto weight(String name, long... dims) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.FLOAT_VALUE);
        long n = 1;
        for (long d : dims) {
            t.addDims(d);
            n *= d;
        }
        for (long k = 0; k < n; k++) t.addFloatData(0.5f);
        return t.build();
    }

    /** {@code torch.cat([cls.expand(b, -1, -1), t], 1)} then a view as {@code [b * 197, 64]}, the 197 read from the graph. */
    static ModelProto classToken() {
        return model(List.of(input("x", "batch", 197, 64)), List.of(scalar64("i0", 0), scalar64("c197", 197), int64s("ax0", 0), int64s("c64", 64)),
                List.of(node("shape", "Shape", List.of("x"), List.of("s")),
                        node("gather", "Gather", List.of("s", "i0"), List.of("b"), i("axis", 0)),
                        node("mul", "Mul", List.of("b", "c197"), List.of("m")),
                        node("unsq", "Unsqueeze", List.of("m", "ax0"), List.of("u")),
                        node("cat", "Concat", List.of("u", "c64"), List.of("t"), i("axis", 0)),
                        node("view", "Reshape", List.of("x", "t"), List.of("y"))), "y");
    }

    /** A strided Conv1d and two pools, as in a raw-audio front end (valid only above a minimum length). */
    static ModelProto longSignal() {
        return model(List.of(input("x", "batch", 1, "samples")), List.of(weight("w1", 8, 1, 80), weight("w2", 8, 8, 3)),
                List.of(node("c1", "Conv", List.of("x", "w1"), List.of("a"), ints("kernel_shape", 80), ints("strides", 16), ints("pads", 38, 38)),
                        node("p1", "MaxPool", List.of("a"), List.of("b"), ints("kernel_shape", 4), ints("strides", 4)),
                        node("c2", "Conv", List.of("b", "w2"), List.of("c"), ints("kernel_shape", 3), ints("strides", 2), ints("pads", 1, 1)),
                        node("p2", "MaxPool", List.of("c"), List.of("d"), ints("kernel_shape", 4), ints("strides", 4)),
                        node("gap", "GlobalAveragePool", List.of("d"), List.of("e")),
                        node("flat", "Flatten", List.of("e"), List.of("y"), i("axis", 1))), "y");
    }

    /** {@code x + conv(F.pad(x, (4, 0)))} as torch 1.13 exports it: the padding list reordered by a ConstantOfShape/Concat/Reshape/Slice/Transpose/Reshape/Cast chain. */
    static ModelProto causalPad(Object... xDims) {
        AttributeProto zero = AttributeProto.newBuilder().setName("value").setType(AttributeProto.AttributeType.TENSOR)
                .setT(TensorProto.newBuilder().setDataType(TensorProto.DataType.INT64_VALUE).addDims(1).addInt64Data(0)).build();
        return model(List.of(input("x", xDims)),
                List.of(int64s("four", 4), int64s("k", 4, 0), int64s("pairs", -1, 2), int64s("s0", -1), int64s("s1", -9223372036854775807L),
                        int64s("s2", 0), int64s("s3", -1), int64s("flat", -1), weight("w", 8, 8, 3)),
                List.of(node("cos", "ConstantOfShape", List.of("four"), List.of("zeros"), zero),
                        node("cat", "Concat", List.of("k", "zeros"), List.of("p6"), i("axis", 0)),
                        node("r1", "Reshape", List.of("p6", "pairs"), List.of("p32")),
                        node("rev", "Slice", List.of("p32", "s0", "s1", "s2", "s3"), List.of("rev")),
                        node("tr", "Transpose", List.of("rev"), List.of("p23"), ints("perm", 1, 0)),
                        node("r2", "Reshape", List.of("p23", "flat"), List.of("pflat")),
                        node("cast", "Cast", List.of("pflat"), List.of("pads"), i("to", 7)),
                        node("pad", "Pad", List.of("x", "pads", ""), List.of("xp"), str("mode", "constant")),
                        node("conv", "Conv", List.of("xp", "w"), List.of("c"), ints("kernel_shape", 3), ints("dilations", 2)),
                        node("add", "Add", List.of("x", "c"), List.of("y"))), "y");
    }

    /**
     * torch 2's view of a convolution stack's output (kernels 80, 3, 2; strides 80, 2, 2) as {@code [b, 8, ((s // 80 - 3) // 2 - 1) // 2 + 1]}:
     * the length as torch.export simplified it, an integer Div chain whose numerators are not
     * non-negative for every {@code samples} (ONNX's Div truncates).
     */
    static ModelProto convStackView() {
        return model(List.of(input("x", "batch", 1, "samples")),
                List.of(weight("w1", 8, 1, 80), weight("w2", 8, 8, 3), weight("w3", 8, 8, 2), scalar64("i0", 0), scalar64("i2", 2),
                        scalar64("c80", 80), scalar64("c2", 2), scalar64("m3", -3), scalar64("m1", -1), scalar64("p1", 1),
                        int64s("ax0", 0), int64s("c8", 8)),
                List.of(node("c1", "Conv", List.of("x", "w1"), List.of("a"), ints("kernel_shape", 80), ints("strides", 80)),
                        node("c2", "Conv", List.of("a", "w2"), List.of("b"), ints("kernel_shape", 3), ints("strides", 2)),
                        node("c3", "Conv", List.of("b", "w3"), List.of("c"), ints("kernel_shape", 2), ints("strides", 2)),
                        node("shape", "Shape", List.of("x"), List.of("sh")),
                        node("gb", "Gather", List.of("sh", "i0"), List.of("nb"), i("axis", 0)),
                        node("gs", "Gather", List.of("sh", "i2"), List.of("ns"), i("axis", 0)),
                        node("d1", "Div", List.of("ns", "c80"), List.of("q1")),
                        node("a1", "Add", List.of("q1", "m3"), List.of("r1")),
                        node("d2", "Div", List.of("r1", "c2"), List.of("q2")),
                        node("a2", "Add", List.of("q2", "m1"), List.of("r2")),
                        node("d3", "Div", List.of("r2", "c2"), List.of("q3")),
                        node("a3", "Add", List.of("q3", "p1"), List.of("len")),
                        node("ub", "Unsqueeze", List.of("nb", "ax0"), List.of("ub1")),
                        node("ul", "Unsqueeze", List.of("len", "ax0"), List.of("ul1")),
                        node("cat", "Concat", List.of("ub1", "c8", "ul1"), List.of("t"), i("axis", 0)),
                        node("view", "Reshape", List.of("c", "t"), List.of("y"))), "y");
    }

    /** A U-Net's skip connection: three 2× pools, an 8× transposed convolution back, added to the input. */
    static ModelProto unetSkip() {
        return model(List.of(input("x", "batch", 4, "h")), List.of(weight("w", 4, 4, 8)),
                List.of(node("p1", "MaxPool", List.of("x"), List.of("a"), ints("kernel_shape", 2), ints("strides", 2)),
                        node("p2", "MaxPool", List.of("a"), List.of("b"), ints("kernel_shape", 2), ints("strides", 2)),
                        node("p3", "MaxPool", List.of("b"), List.of("c"), ints("kernel_shape", 2), ints("strides", 2)),
                        node("up", "ConvTranspose", List.of("c", "w"), List.of("u"), ints("kernel_shape", 8), ints("strides", 8)),
                        node("skip", "Add", List.of("x", "u"), List.of("y"))), "y");
    }

    @Test
    void aUNetSkipHoldsWhereThePoolsDivideExactly() {
        ImportResult r = solve(unetSkip());
        assertEquals(List.of("batch", "4", "h"), r.shapes().get("y"), r.shapes()::toString);
        assertEquals(List.of("h % 8 == 0", "h >= 8"), r.requires().stream().map(SymCondition::toString).toList());
    }

    @Test
    void aClassTokensMultipleOfTheBatchIsSymbolic() {
        ImportResult r = solve(classToken());
        assertEquals(List.of("batch * 197", "64"), r.shapes().get("y"), r.shapes()::toString);
    }

    @Test
    void aRawAudioFrontEndAnswersWithItsMinimumLength() {
        ImportResult r = solve(longSignal());
        assertEquals(List.of("batch", "8"), r.shapes().get("y"), r.shapes()::toString);
        // 435 samples give 27 → 6 → 3 → 0 frames, 436 give 28 → 7 → 4 → 1
        assertEquals(List.of("samples >= 436"), r.requires().stream().map(SymCondition::toString).toList());
    }

    @Test
    void aTorchSimplifiedLengthIsTheConvolutionsLengthOnTheirOwnDomain() {
        ImportResult r = solve(convStackView());
        assertEquals(r.shapes().get("c"), r.shapes().get("y"), r.shapes()::toString);
        assertEquals(List.of("batch", "8", "(samples + 240) // 320 - 1"), r.shapes().get("y"), r.requires()::toString);
        // the third convolution needs 2 frames of the second: samples // 80 >= 5; the view's floors
        // (0 at the smallest lengths, so no sizes) and numerators (required >= 0) narrow nothing
        assertEquals(List.of("samples >= 400"), r.requires().stream().map(SymCondition::toString).toList());
    }

    @Test
    void causalPaddingFoldsThePaddingListDynamicAndStatic() {
        ImportResult dyn = solve(causalPad("batch", 8, "time"));
        assertEquals(List.of("batch", "8", "time + 4"), dyn.shapes().get("xp"), dyn.shapes()::toString);
        assertEquals(List.of("batch", "8", "time"), dyn.shapes().get("y"), dyn.shapes()::toString);
        ImportResult fixed = solve(causalPad(2, 8, 203));
        assertEquals(List.of("2", "8", "207"), fixed.shapes().get("xp"), fixed.shapes()::toString);
        assertEquals(List.of("2", "8", "203"), fixed.shapes().get("y"), fixed.shapes()::toString);
        assertEquals(List.of("2", "3"), fixed.shapes().get("p23"), "the transposed padding pairs have their numbers");
    }
}
