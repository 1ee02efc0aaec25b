package org.shapeforge.onnx.values.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import onnx.Onnx.ModelProto;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.Conformance;
import org.shapeforge.onnx.Model;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Value;

/**
 * A compiled model replays its recorded kernels: on a second, different input its outputs are the
 * interpreter's on that input, bit for bit (the same kernels on the same floats), for a padded
 * convolution, recurrent nets, an expanded layer normalization and an attention block with a
 * shape-computed Reshape; inputs of new dims are planned anew; a model whose values are computed
 * in Java from its data (NonZero, NonMaxSuppression, an If on data) is interpreted, with its
 * reason, and still right; a Gather by input indices is planned (the kernel reads the indices) and
 * replays new indices, an out-of-range one clamped into the axis.
 */
class CompiledModelTest {
    private static final Path DATA = Conformance.DEFAULT_ROOT;
    private static Kernels kernels;

    @BeforeAll
    static void preconditions() {
        org.shapeforge.testenv.Requires.that(Files.isDirectory(DATA.resolve("node")),
                "libonnx-testdata is not installed (" + DATA + "): `apt-get install libonnx-testdata`");
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        kernels = Kernels.system();
    }

    @ParameterizedTest
    @ValueSource(strings = {"pytorch-converted/test_Conv2d_padding", "pytorch-converted/test_Conv2d_depthwise_padded",
            "pytorch-converted/test_MaxPool2d", "node/test_lstm_defaults", "node/test_gru_defaults",
            "node/test_layer_normalization_4d_axis_negative_1_expanded", "node/test_softmax_example_expanded"})
    void aPlanOnASecondInputGivesTheInterpretersOutputs(String test) {
        Path dir = DATA.resolve(test);
        ModelProto m = Model.load(dir.resolve("model.onnx"));
        Map<String, Value> first = GraphRun.readInputs(m, dir.resolve("test_data_set_0"));
        try (CompiledModel cm = CompiledModel.compile(m, first, kernels)) {
            assertEquals(java.util.Optional.empty(), cm.interpreted(), test);
            assertTrue(cm.kernels() > 0, test);
            assertTrue(GraphRun.compare(m, cm.run(first), dir.resolve("test_data_set_0")).stream().allMatch(GraphRun.Output::passed), test);
            Map<String, Value> second = random(first, new SplittableRandom(test.hashCode()));
            Map<String, Value> got = cm.run(second);
            sameOutputs(GraphRun.execute(m, second, kernels).outputs(), got, test);
            Map<String, Value> again = cm.run(first); // the second run left nothing behind
            sameOutputs(GraphRun.execute(m, first, kernels).outputs(), again, test);
            assertFalse(java.util.Arrays.equals(again.values().iterator().next().data(), got.values().iterator().next().data()),
                    test + ": the two inputs give the same outputs, so the comparison proves nothing");
        }
    }

    @Test
    void anAttentionBlockWithAShapeComputedReshapeIsPlannedAndPlannedAgainForANewBatch() {
        ModelProto m = AttentionModel.build();
        SplittableRandom rnd = new SplittableRandom(7);
        Map<String, Value> two = Map.of("x", AttentionModel.input(2, rnd));
        try (CompiledModel cm = CompiledModel.compile(m, two, kernels)) {
            assertEquals(java.util.Optional.empty(), cm.interpreted());
            Map<String, Value> other = Map.of("x", AttentionModel.input(2, rnd));
            sameOutputs(GraphRun.execute(m, other, kernels).outputs(), cm.run(other), "batch 2");
            Map<String, Value> three = Map.of("x", AttentionModel.input(3, rnd));
            Map<String, Value> got = cm.run(three);
            assertEquals(List.of(3, 32), got.get("y").dims());
            sameOutputs(GraphRun.execute(m, three, kernels).outputs(), got, "batch 3");
        }
    }

    @Test
    void nonZeroOnInputDataIsInterpretedAndRight() {
        Path dir = DATA.resolve("node/test_nonzero_example");
        ModelProto m = Model.load(dir.resolve("model.onnx"));
        Map<String, Value> first = GraphRun.readInputs(m, dir.resolve("test_data_set_0"));
        try (CompiledModel cm = CompiledModel.compile(m, first, kernels)) {
            Unplannable why = cm.reason().orElseThrow();
            assertEquals(new Unplannable.DataDependentOp(why instanceof Unplannable.DataDependentOp d ? d.node() : "", "NonZero",
                    Unplannable.Dependence.SHAPE_FROM_DATA), why);
            assertTrue(cm.interpreted().orElseThrow().contains("shape of its output depends on its input data"));
            assertTrue(GraphRun.compare(m, cm.run(first), dir.resolve("test_data_set_0")).stream().allMatch(GraphRun.Output::passed));
            Value x = first.values().iterator().next();
            Map<String, Value> second = Map.of(first.keySet().iterator().next(), new Value(x.dims(), flipped(x.data()), x.type()));
            sameOutputs(GraphRun.execute(m, second, kernels).outputs(), cm.run(second), "nonzero");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"node/test_if", "node/test_nonmaxsuppression_suppress_by_IOU"})
    void aModelSteeredByItsDataIsInterpretedWithItsReasonAndRight(String test) {
        Path dir = DATA.resolve(test);
        ModelProto m = Model.load(dir.resolve("model.onnx"));
        Map<String, Value> first = GraphRun.readInputs(m, dir.resolve("test_data_set_0"));
        try (CompiledModel cm = CompiledModel.compile(m, first, kernels)) {
            assertTrue(cm.interpreted().isPresent(), test + " was planned");
            assertTrue(GraphRun.compare(m, cm.run(first), dir.resolve("test_data_set_0")).stream().allMatch(GraphRun.Output::passed), test);
            Map<String, Value> second = new LinkedHashMap<>();
            first.forEach((name, v) -> second.put(name, new Value(v.dims(), v.isInteger() ? flipped(v.data()) : v.data(), v.type())));
            sameOutputs(GraphRun.execute(m, second, kernels).outputs(), cm.run(second), test);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"node/test_gather_0", "node/test_gather_1", "node/test_gather_2d_indices", "node/test_gather_negative_indices"})
    void aGatherByInputIndicesIsPlannedAndReplaysNewIndices(String test) {
        Path dir = DATA.resolve(test);
        ModelProto m = Model.load(dir.resolve("model.onnx"));
        Map<String, Value> first = GraphRun.readInputs(m, dir.resolve("test_data_set_0"));
        try (CompiledModel cm = CompiledModel.compile(m, first, kernels)) {
            assertEquals(java.util.Optional.empty(), cm.interpreted(), test);
            assertTrue(GraphRun.compare(m, cm.run(first), dir.resolve("test_data_set_0")).stream().allMatch(GraphRun.Output::passed), test);
            Map<String, Value> second = new LinkedHashMap<>();
            first.forEach((name, v) -> second.put(name, new Value(v.dims(), v.isInteger() ? rotated(v.data()) : v.data(), v.type())));
            Map<String, Value> got = cm.run(second);
            sameOutputs(GraphRun.execute(m, second, kernels).outputs(), got, test);
            assertFalse(java.util.Arrays.equals(cm.run(first).values().iterator().next().data(), got.values().iterator().next().data()),
                    test + ": the rotated indices give the same outputs, so the comparison proves nothing");
        }
    }

    @Test
    void aReplayedGatherClampsAnIndexOutOfRangeAndTheFirstRunRefusesIt() {
        Path dir = DATA.resolve("node/test_gather_0");
        ModelProto m = Model.load(dir.resolve("model.onnx"));
        Map<String, Value> first = GraphRun.readInputs(m, dir.resolve("test_data_set_0"));
        String data = m.getGraph().getInput(0).getName(), indices = m.getGraph().getInput(1).getName();
        Value x = first.get(data), idx = first.get(indices);
        int n = x.dims().getFirst();
        double[] bad = idx.data().clone();
        bad[0] = n + 5;
        Map<String, Value> outOfRange = new LinkedHashMap<>(first);
        outOfRange.put(indices, new Value(idx.dims(), bad, idx.type()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GraphRun.execute(m, outOfRange, kernels));
        assertTrue(e.getMessage().contains("out of range for an axis of " + n), e.getMessage());
        double[] last = bad.clone();
        last[0] = n - 1;
        Map<String, Value> clamped = new LinkedHashMap<>(first);
        clamped.put(indices, new Value(idx.dims(), last, idx.type()));
        try (CompiledModel cm = CompiledModel.compile(m, first, kernels)) {
            sameOutputs(GraphRun.execute(m, clamped, kernels).outputs(), cm.run(outOfRange), "an index past the axis reads its last row");
        }
    }

    @Test
    void anIfOnDataIsRefusedForTheReadOfItsCondition() {
        Path dir = DATA.resolve("node/test_if");
        ModelProto m = Model.load(dir.resolve("model.onnx"));
        try (CompiledModel cm = CompiledModel.compile(m, GraphRun.readInputs(m, dir.resolve("test_data_set_0")), kernels)) {
            assertInstanceOf(Unplannable.ReadsData.class, cm.reason().orElseThrow());
            assertTrue(cm.interpreted().orElseThrow().contains("(If): its lowering reads input-dependent values in Java"), cm.interpreted().orElseThrow());
        }
    }

    @Test
    void kernelsCompileAnOperationOnce() {
        Path dir = DATA.resolve("pytorch-converted/test_Conv2d_padding");
        ModelProto m = Model.load(dir.resolve("model.onnx"));
        Map<String, Value> in = GraphRun.readInputs(m, dir.resolve("test_data_set_0"));
        Kernels k = Kernels.system();
        List<Step> once = record(m, in, k), twice = record(m, in, k);
        assertEquals(once.size(), twice.size());
        for (int s = 0; s < once.size(); s++) {
            assertSame(once.get(s).kernel(), twice.get(s).kernel(), "step " + s + " compiled again");
            assertSame(once.get(s).kernel(), k.kernel(once.get(s).kernel().operation()));
        }
        assertNotSame(once.getFirst().kernel(), Kernels.system().kernel(once.getFirst().kernel().operation()), "another Kernels compiles its own");
    }

    private static List<Step> record(ModelProto m, Map<String, Value> in, Kernels k) {
        Recorder r = new Recorder(m.getGraph(), in);
        k.listen(r);
        try {
            GraphRun.execute(m, in, k);
        } finally {
            k.listen(null);
        }
        return r.steps();
    }

    /** {@code inputs} with every value drawn anew, uniform in [−1, 1) rounded to float, same dims and types. */
    private static Map<String, Value> random(Map<String, Value> inputs, SplittableRandom rnd) {
        Map<String, Value> out = new LinkedHashMap<>();
        inputs.forEach((name, v) -> {
            double[] d = new double[v.data().length];
            for (int i = 0; i < d.length; i++) d[i] = (float) (rnd.nextDouble() * 2 - 1);
            out.put(name, new Value(v.dims(), d, v.type()));
        });
        return out;
    }

    /** Integer or boolean values reversed in order (a permutation: indices stay in range), a lone 0/1 flipped. */
    private static double[] flipped(double[] d) {
        double[] out = new double[d.length];
        for (int i = 0; i < d.length; i++) out[i] = d[d.length - 1 - i];
        if (d.length == 1) out[0] = d[0] == 0 ? 1 : 0;
        return out;
    }

    /** Values moved one place to the front, the first to the end (a permutation: indices stay in range). */
    private static double[] rotated(double[] d) {
        double[] out = new double[d.length];
        for (int i = 0; i < d.length; i++) out[i] = d[(i + 1) % d.length];
        return out;
    }

    private static void sameOutputs(Map<String, Value> want, Map<String, Value> got, String what) {
        assertEquals(want.keySet(), got.keySet(), what);
        for (String o : want.keySet()) {
            assertEquals(want.get(o).dims(), got.get(o).dims(), what + ": " + o);
            assertArrayEquals(want.get(o).data(), got.get(o).data(), 0.0, what + ": " + o);
        }
    }
}
