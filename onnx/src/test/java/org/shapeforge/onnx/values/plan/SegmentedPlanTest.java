package org.shapeforge.onnx.values.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import onnx.Onnx.ModelProto;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.Value;

/**
 * A model with a shape-static prefix and a tail whose sizes come from its data (NonZero, Gather)
 * runs as a plan of segments: the prefix's kernels replayed, the tail — and only the tail —
 * interpreted at every run; on a second, different input, whose tail has another size, the
 * outputs are the interpreter's on that input, bit for bit.
 */
class SegmentedPlanTest {
    private static Kernels kernels;

    @BeforeAll
    static void preconditions() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        kernels = Kernels.system();
    }

    @Test
    void theTailAfterNonZeroIsInterpretedAndThePrefixReplayed() {
        ModelProto m = NonZeroTailModel.build();
        Map<String, Value> first = Map.of("x", NonZeroTailModel.input(new SplittableRandom(11)));
        try (CompiledModel cm = CompiledModel.compile(m, first, kernels)) {
            assertEquals(new Mode.Partial(4, NonZeroTailModel.NODES.size(),
                    new Unplannable.DataDependentOp("nz", "NonZero", Unplannable.Dependence.SHAPE_FROM_DATA)), cm.mode());
            assertTrue(cm.nativeKernels() > 0, "nothing of the prefix is replayed");
            assertEquals(Optional.of("partial: 4 of 7 nodes interpreted at every run, from node 'nz' (NonZero): "
                    + "the shape of its output depends on its input data"), cm.interpreted());
        }
    }

    @Test
    void aSecondInputWithAnotherTailSizeGivesTheInterpretersOutputs() {
        ModelProto m = NonZeroTailModel.build();
        SplittableRandom rnd = new SplittableRandom(5);
        Map<String, Value> first = Map.of("x", NonZeroTailModel.input(rnd));
        Map<String, Value> want1 = GraphRun.execute(m, first, kernels).outputs();
        Map<String, Value> second, want2;
        do { // an input whose count of positive cells differs: the data-dependent size changes between the runs
            second = Map.of("x", NonZeroTailModel.input(rnd));
            want2 = GraphRun.execute(m, second, kernels).outputs();
        } while (want2.get("y").dims().equals(want1.get("y").dims()));
        try (CompiledModel cm = CompiledModel.compile(m, first, kernels)) {
            assertTrue(cm.mode() instanceof Mode.Partial, cm.mode().toString());
            Map<String, Value> got2 = cm.run(second);
            assertNotEquals(want1.get("y").dims(), got2.get("y").dims());
            sameOutputs(want2, got2, "second input");
            sameOutputs(want1, cm.run(first), "first input again");
            sameOutputs(want2, cm.run(second), "second input again");
        }
    }

    @Test
    void anIfOnDataGetsTheEnclosingValuesItsBranchesReadFromTheReplay() {
        ModelProto m = NonZeroTailModel.branching();
        SplittableRandom rnd = new SplittableRandom(9);
        Map<String, Value> first = Map.of("x", NonZeroTailModel.input(rnd));
        Map<String, Value> second;
        do second = Map.of("x", NonZeroTailModel.input(rnd)); // an input that takes the other branch
        while (Math.signum(sumOfH(m, second)) == Math.signum(sumOfH(m, first)));
        Map<String, Value> want1 = GraphRun.execute(m, first, kernels).outputs(), want2 = GraphRun.execute(m, second, kernels).outputs();
        try (CompiledModel cm = CompiledModel.compile(m, first, kernels)) {
            assertEquals(new Mode.Partial(1, 4, new Unplannable.ReadsData("y", "If")), cm.mode());
            assertTrue(cm.nativeKernels() > 0, "nothing of the prefix is replayed");
            sameOutputs(want2, cm.run(second), "second input");
            sameOutputs(want1, cm.run(first), "first input again");
        }
    }

    @Test
    void aTailWithTopKComputedOnTheHostGivesTheInterpretersOutputsOnASecondInput() {
        ModelProto m = NonZeroTailModel.topK();
        SplittableRandom rnd = new SplittableRandom(17);
        Map<String, Value> first = Map.of("x", NonZeroTailModel.input(rnd));
        Map<String, Value> want1 = GraphRun.execute(m, first, kernels).outputs();
        Map<String, Value> second, want2;
        do { // another count of positive cells, so another K
            second = Map.of("x", NonZeroTailModel.input(rnd));
            want2 = GraphRun.execute(m, second, kernels).outputs();
        } while (want2.get("tv").dims().equals(want1.get("tv").dims()));
        try (CompiledModel cm = CompiledModel.compile(m, first, kernels)) {
            assertEquals(new Mode.Partial(7, NonZeroTailModel.NODES.size() + 3,
                    new Unplannable.DataDependentOp("nz", "NonZero", Unplannable.Dependence.SHAPE_FROM_DATA)), cm.mode());
            sameOutputs(want2, cm.run(second), "second input");
            sameOutputs(want1, cm.run(first), "first input again");
        }
        double[] c = want2.get("tv").data();
        assertTrue(java.util.stream.IntStream.range(1, c.length).anyMatch(i -> c[i] == c[i - 1]), "no tie to break in the TopK");
    }

    /** Σh, whose sign picks the branch. */
    private static double sumOfH(ModelProto m, Map<String, Value> in) {
        ModelProto h = m.toBuilder().setGraph(m.getGraph().toBuilder().clearOutput().addOutput(onnx.Onnx.ValueInfoProto.newBuilder().setName("s"))).build();
        return GraphRun.execute(h, in, kernels).outputs().get("s").data()[0];
    }

    @Test
    void aModelWithNothingToReplayBeforeItsDataDependentNodeIsInterpretedWhole() {
        ModelProto m = NonZeroTailModel.build();
        ModelProto tailOnly = m.toBuilder().setGraph(m.getGraph().toBuilder().clearOutput()
                .addOutput(onnx.Onnx.ValueInfoProto.newBuilder().setName("y"))
                .clearNode().addAllNode(m.getGraph().getNodeList().subList(3, 7))
                .clearInput().addInput(onnx.Onnx.ValueInfoProto.newBuilder().setName("f"))).build();
        Map<String, Value> in = Map.of("f", new Value(List.of(4), new double[] {0, 1.5, 0, -2}, onnx.Onnx.TensorProto.DataType.FLOAT_VALUE));
        try (CompiledModel cm = CompiledModel.compile(tailOnly, in, kernels)) {
            assertEquals(new Mode.Interpreted(new Unplannable.DataDependentOp("nz", "NonZero", Unplannable.Dependence.SHAPE_FROM_DATA)), cm.mode());
            assertEquals(0, cm.nativeKernels());
            assertArrayEquals(new double[] {3, -4}, cm.run(in).get("y").data());
        }
    }

    private static void sameOutputs(Map<String, Value> want, Map<String, Value> got, String what) {
        assertEquals(want.keySet(), got.keySet(), what);
        for (String o : want.keySet()) {
            assertEquals(want.get(o).dims(), got.get(o).dims(), what + ": " + o);
            assertArrayEquals(want.get(o).data(), got.get(o).data(), 0.0, what + ": " + o);
        }
    }
}
