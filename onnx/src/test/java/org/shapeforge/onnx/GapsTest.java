package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.floats;
import static org.shapeforge.onnx.Models.i;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.int64s;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;
import static org.shapeforge.onnx.Models.solve;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.solve.NativeSolver;

/**
 * Partial answers for well-formed models (seed 004): a node whose output size import cannot know —
 * an op without shape logic, scales or sizes computed at run time or in floating point — gets
 * unknown extents named after it (or an unknown rank), the rest of the graph is inferred, and the
 * result lists each gap with its node, value and axis. No number is ever claimed for a gap.
 */
class GapsTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    private static boolean number(String s) {
        return s.matches("\\d+");
    }

    /** {@code model} with a value_info for {@code name}: {@code dims} numbers, {@code null} for an axis with neither value nor param. */
    private static ModelProto declaring(ModelProto m, String name, Long... dims) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
        for (Long d : dims) s.addDim(d == null ? TensorShapeProto.Dimension.newBuilder() : TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        ValueInfoProto v = ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder()
                .setTensorType(TypeProto.Tensor.newBuilder().setElemType(1).setShape(s))).build();
        return m.toBuilder().setGraph(m.getGraph().toBuilder().addValueInfo(v)).build();
    }

    private static NodeProto custom(String name, List<String> ins, List<String> outs) {
        return node(name, "Frobnicate", ins, outs).toBuilder().setDomain("com.example").build();
    }

    @Test
    void anUnsupportedOpWithADeclaredRankGetsUnknownExtentsAndTheGraphGoesOn() {
        // t = Frobnicate(x), declared [?, 4]; y = t + b with b [1, 4]; z = Relu(x) beside it
        var m = declaring(model(List.of(input("x", 2, 3), input("b", 1, 4)), List.of(),
                List.of(custom("frob", List.of("x"), List.of("t")),
                        node("add", "Add", List.of("t", "b"), List.of("y")),
                        node("relu", "Relu", List.of("x"), List.of("z"))), "y", "z"), "t", null, 4L);
        ImportResult r = solve(m);
        assertEquals(List.of("2", "3"), r.shapes().get("z"));
        List<String> y = r.shapes().get("y");
        assertEquals(2, y.size());
        assertFalse(number(y.get(0)), y.toString()); // an unknown extent: no number claimed
        assertEquals("4", y.get(1)); // b's 4 (the declared 4 is a fact about the extent, never its answer)
        assertFalse(number(r.shapes().get("t").get(1)), r.shapes().toString());
        Gap g = r.gaps().getFirst();
        assertEquals(List.of("frob", "Frobnicate", "t"), List.of(g.node().node(), g.node().opType(), g.value()));
        assertEquals(OptionalInt.of(0), g.axis());
        assertEquals(Gap.Kind.UNKNOWN, g.kind());
        assertEquals(y.get(0), g.extent());
        assertTrue(g.why().contains("unsupported op 'com.example.Frobnicate'"), g.why());
        assertEquals(List.of(OptionalInt.of(0), OptionalInt.of(1)), r.gaps().stream().map(Gap::axis).toList());
    }

    @Test
    void anUnsupportedOpWithoutADeclarationHasAnUnknownRankAndSoHasWhatReadsIt() {
        var m = model(List.of(input("x", 2, 3)), List.of(),
                List.of(custom("frob", List.of("x"), List.of("t")),
                        node("neg", "Neg", List.of("t"), List.of("y")),
                        node("relu", "Relu", List.of("x"), List.of("z"))), "y", "z");
        ImportResult r = solve(m);
        assertEquals(List.of("2", "3"), r.shapes().get("z"));
        assertFalse(r.values().containsKey("t"));
        assertFalse(r.values().containsKey("y"));
        assertEquals(List.of("t", "y"), r.gaps().stream().map(Gap::value).toList());
        assertEquals(List.of(Gap.Kind.UNKNOWN_RANK, Gap.Kind.UNKNOWN_RANK), r.gaps().stream().map(Gap::kind).toList());
        assertEquals(List.of("frob", "neg"), r.gaps().stream().map(g -> g.node().node()).toList());
        assertTrue(r.gaps().get(1).why().contains("'t'"), r.gaps().get(1).why());
    }

    /** F.interpolate(x, scale_factor=s) exported with recompute_scale_factor: sizes floor(h·s), floor(w·s) in floating point. */
    private static ModelProto scaledBySize(float s, Object... dims) {
        return model(List.of(input("x", dims)), List.of(int64s("hw", 2, 3), floats("s", s), int64s("zero", 0), int64s("two", 2)),
                List.of(node("shape", "Shape", List.of("x"), List.of("sh")),
                        node("gather", "Gather", List.of("sh", "hw"), List.of("g"), i("axis", 0)),
                        node("cast", "Cast", List.of("g"), List.of("gf"), i("to", 1)),
                        node("mul", "Mul", List.of("gf", "s"), List.of("m")),
                        node("floor", "Floor", List.of("m"), List.of("fl")),
                        node("back", "Cast", List.of("fl"), List.of("fi"), i("to", 7)),
                        node("nc", "Slice", List.of("sh", "zero", "two"), List.of("nc")),
                        node("cat", "Concat", List.of("nc", "fi"), List.of("sizes"), i("axis", 0)),
                        node("resize", "Resize", List.of("x", "", "", "sizes"), List.of("y")),
                        node("relu", "Relu", List.of("y"), List.of("z"))), "z");
    }

    /**
     * A size the dim_params determine in floating point is a computed gap: an extent the solver
     * keeps apart, its computation exact at every binding (float32, as ONNX Runtime's Mul computes
     * it: 1.6f is 1.60000002384…, and float(200) · 1.6f rounds to 320.0); a static input gives the
     * number itself.
     */
    @Test
    void sizesComputedInFloatingPointAreComputedGapsAndTheOtherAxesStay() {
        ImportResult r = solve(scaledBySize(1.6f, 1, 3, "h", "w"));
        List<String> z = r.shapes().get("z");
        assertEquals(List.of("1", "3"), z.subList(0, 2), z.toString());
        assertFalse(number(z.get(2)) || number(z.get(3)), z.toString());
        assertTrue(!z.get(2).equals(z.get(3)), z.toString());
        assertEquals(List.of("floor", "floor"), r.gaps().stream().map(g -> g.node().node()).toList());
        assertEquals(List.of(OptionalInt.of(2), OptionalInt.of(3)), r.gaps().stream().map(Gap::axis).toList());
        assertEquals(List.of(Gap.Kind.COMPUTED, Gap.Kind.COMPUTED), r.gaps().stream().map(Gap::kind).toList());
        RealSize h = r.gaps().get(0).computed().orElseThrow();
        assertEquals("floor(float(h) * " + (double) 1.6f + ")", h.printed());
        assertEquals(OptionalLong.of(320), h.at(Map.of("h", 200L)));
        assertEquals(OptionalLong.of((long) Math.floor((float) 7 * 1.6f)), h.at(Map.of("h", 7L)));
        assertEquals(OptionalLong.empty(), h.at(Map.of("w", 7L)), "an unbound dim_param has no value");

        ImportResult fixed = solve(scaledBySize(1.6f, 1, 3, 200, 300));
        assertEquals(List.of("1", "3", "320", "480"), fixed.shapes().get("z"), fixed.shapes().toString());
        assertTrue(fixed.gaps().isEmpty(), fixed.gaps()::toString);
    }

    /**
     * A declared number on a gap's axis (torch 2 writes {@code [1, 3, TruncToInt(...), ...]} for a
     * Resize to computed sizes) pins that unknown extent: closing it to the declared number is no
     * guess, so the other axes of the graph keep their numbers (a Reshape's {@code -1} stays 4, not {@code ?}).
     */
    @Test
    void aDeclaredNumberOnAGapsAxisPinsItAndTheRestKeepsItsNumbers() {
        ModelProto m = scaledBySize(0.3f, 1, 3, "h", "w");
        m = m.toBuilder().setGraph(m.getGraph().toBuilder().addInitializer(int64s("minus1", -1))
                .addNode(node("flat", "Reshape", List.of("sh", "minus1"), List.of("flat")))).build();
        ImportResult r = solve(declaring(m, "y", 1L, 3L, null, null));
        assertEquals(List.of("4"), r.shapes().get("flat"), r.shapes().toString());
        assertEquals(List.of("1", "3"), r.shapes().get("z").subList(0, 2), r.shapes().toString());
    }

    @Test
    void aFloatScaleThatMayRoundToZeroGivesNoSize() {
        // floor(h · 0.3) is 0 for h = 1..3: no size, so the sizes are not read; every axis is known only at run time
        ImportResult r = solve(scaledBySize(0.3f, 1, 3, "h", "w"));
        List<String> z = r.shapes().get("z");
        assertEquals(4, z.size());
        for (String d : z) assertFalse(number(d), z.toString());
        assertTrue(r.gaps().stream().allMatch(g -> g.node().node().equals("resize")), r.gaps().toString());
    }

    @Test
    void aNonIntegerScaleOfASymbolicAxisIsAnUnknownExtent() {
        var m = model(List.of(input("x", 1, 3, "h", 8)), List.of(floats("scales", 1, 1, 1.5f, 1.5f)),
                List.of(node("resize", "Resize", List.of("x", "", "scales"), List.of("y"))), "y");
        List<String> y = solve(m).shapes().get("y");
        assertEquals(List.of("1", "3", "12"), List.of(y.get(0), y.get(1), y.get(3)));
        assertFalse(number(y.get(2)) || y.get(2).equals("h"), y.toString());
    }

    @Test
    void maxOfUnorderedSizesIsAnUnknownExtentNamedAfterTheNode() {
        // ConstantOfShape([max(p, q), 4]): max of two dim_params is a size, known only at run time
        var m = model(List.of(input("x", "p", 4), input("z", "q", 4)), List.of(int64s("i0", 0), int64s("four", 4)),
                List.of(node("sx", "Shape", List.of("x"), List.of("sx")),
                        node("sz", "Shape", List.of("z"), List.of("sz")),
                        node("gx", "Gather", List.of("sx", "i0"), List.of("p")),
                        node("gz", "Gather", List.of("sz", "i0"), List.of("q")),
                        node("mx", "Max", List.of("p", "q"), List.of("pq")),
                        node("c", "Concat", List.of("pq", "four"), List.of("t"), i("axis", 0)),
                        node("k", "ConstantOfShape", List.of("t"), List.of("y"))), "y");
        ImportResult r = solve(m);
        List<String> y = r.shapes().get("y");
        assertEquals("4", y.get(1));
        assertFalse(number(y.get(0)) || y.get(0).equals("p") || y.get(0).equals("q"), y.toString());
        Gap g = r.gaps().getFirst();
        assertEquals(List.of("mx", "Max", "y", y.get(0)), List.of(g.node().node(), g.node().opType(), g.value(), g.extent()));
    }

    @Test
    void nonZeroIsAnUpperBoundOfItsInputsElementCount() {
        var m = model(List.of(input("x", 2, "n")), List.of(), List.of(node("nz", "NonZero", List.of("x"), List.of("y"))), "y");
        ImportResult r = solve(m);
        Gap g = r.gaps().getFirst();
        assertEquals(List.of("nz", "y"), List.of(g.node().node(), g.value()));
        assertEquals(OptionalInt.of(1), g.axis());
        assertEquals(Gap.Kind.UPPER_BOUND, g.kind());
        assertEquals(java.util.Optional.of("n * 2"), g.bound());
        // the annotated model keeps it: the axis is the extent's dim_param, the bound a metadata line
        ModelProto a = AnnotatedModel.of(m, r);
        assertEquals(g.extent(), a.getGraph().getOutput(0).getType().getTensorType().getShape().getDim(1).getDimParam());
        assertEquals(List.of(g.extent() + " <= n * 2"), a.getMetadataPropsList().stream()
                .filter(p -> p.getKey().equals(AnnotatedModel.BOUNDS_KEY)).map(p -> p.getValue()).toList());
    }

    @Test
    void aGraphInputWithoutAShapeHasAnUnknownRankAndTheRestIsInferred() {
        ValueInfoProto noShape = ValueInfoProto.newBuilder().setName("s").setType(TypeProto.newBuilder()
                .setTensorType(TypeProto.Tensor.newBuilder().setElemType(1))).build();
        var m = model(List.of(input("x", 2, 3), noShape), List.of(),
                List.of(node("neg", "Neg", List.of("s"), List.of("y")), node("relu", "Relu", List.of("x"), List.of("z"))), "y", "z");
        ImportResult r = solve(m);
        assertEquals(List.of("2", "3"), r.shapes().get("z"));
        assertEquals(List.of("s", "y"), r.gaps().stream().map(Gap::value).toList());
        assertTrue(r.gaps().getFirst().why().contains("declares no shape"), r.gaps().toString());
    }

    @Test
    void conformanceCountsAnUnknownRankAsUndeterminedNeverWrong(@TempDir Path dir) throws Exception {
        // y = Neg(s) where s has no shape and the test data binds only x: y's rank is unknown (a gap), not a wrong shape
        ValueInfoProto noShape = ValueInfoProto.newBuilder().setName("s").setType(TypeProto.newBuilder()
                .setTensorType(TypeProto.Tensor.newBuilder().setElemType(1))).build();
        var m = model(List.of(input("x", 3), noShape), List.of(),
                List.of(node("neg", "Neg", List.of("s"), List.of("y")), node("relu", "Relu", List.of("x"), List.of("z"))), "y", "z");
        Path test = dir.resolve("test_gap"), data = test.resolve("test_data_set_0");
        Files.createDirectories(data);
        Files.write(test.resolve("model.onnx"), m.toByteArray());
        Files.write(data.resolve("input_0.pb"), floats("x", 1, 2, 3).toByteArray());
        Files.write(data.resolve("output_0.pb"), floats("y", 1, 2).toByteArray());
        Conformance.Case c = Conformance.runOne(dir, test, SOLVER);
        assertEquals(Conformance.Status.UNDETERMINED, c.status(), c.reason());
    }

    @Test
    void aSubgraphOpItsLogicCannotShapeIsAGapToo() {
        // Scan before opset 9 (a batch axis and sequence lengths) has no shape logic: its output's rank is unknown
        var m = model(List.of(input("x", 2, 3)), List.of(),
                List.of(node("scan", "Scan", List.of("", "x"), List.of("y")), node("relu", "Relu", List.of("x"), List.of("z"))), "y", "z");
        var old = m.toBuilder().setOpsetImport(0, m.getOpsetImport(0).toBuilder().setVersion(8)).build();
        ImportResult r = solve(old);
        assertEquals(List.of("2", "3"), r.shapes().get("z"));
        Gap g = r.gaps().getFirst();
        assertEquals(List.of("scan", "y", "UNKNOWN_RANK"), List.of(g.node().node(), g.value(), g.kind().name()));
        assertTrue(g.why().contains("opset 9"), g.why());
    }

    /**
     * Bounded data-dependent sizes (seed 004's UpperBound): TopK's K read from data is at most the
     * top-k axis (ONNX requires it), NonMaxSuppression's count at most one box per score.
     */
    @Test
    void topKAndSuppressionCountsFromDataAreUpperBounds() {
        ModelProto m = model(List.of(input("scores", 1, 3, "n"), input("boxes", 1, "n", 4), input("k", 1)), List.of(),
                List.of(node("top", "TopK", List.of("scores", "k"), List.of("v", "idx"), i("axis", 2)),
                        node("nms", "NonMaxSuppression", List.of("boxes", "scores"), List.of("sel"))), "v", "sel");
        ImportResult r = solve(m);
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertEquals(List.of(Gap.Kind.UPPER_BOUND, Gap.Kind.UPPER_BOUND), r.gaps().stream().map(Gap::kind).toList(), r.gaps()::toString);
        assertEquals(List.of("top", "nms"), r.gaps().stream().map(g -> g.node().node()).toList());
        assertEquals(Optional.of("n"), r.gaps().get(0).bound(), r.gaps()::toString);
        assertEquals(Optional.of("n * 3"), r.gaps().get(1).bound(), r.gaps()::toString);
        assertEquals("3", r.shapes().get("sel").get(1));
    }
}
