package org.shapeforge.onnx.values;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto.DataType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;

/**
 * TopK, GatherND and Gather placed on the host ({@link HostSelection}) give the kernels' numbers
 * ({@link Placement#KERNEL}), bit for bit — −0.0 included, the element types and dims too — on
 * random inputs: TopK on values with many ties (−0.0 among them, a tie of +0.0), both
 * {@code largest}, K = 1, K = n and between, every axis; GatherND with and without batch dims and
 * Gather on every axis, with negative indices, Gather past {@link Shaping#MAX_RUNS} runs (the
 * one-hot kernel) and below (the copy kernel). Each node goes through the op's registered lowering,
 * so the dispatch on the placement is what is tested.
 */
class HostSelectionTest {
    private static Kernels kernels;

    @BeforeAll
    static void preconditions() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        kernels = Kernels.system();
    }

    private static final double[] TIES = {-2, -1, -0.0, 0, 0.5, 1, 2};

    @Test
    void topKOnTheHostIsTheKernelsOnEveryAxisBothOrdersAndEveryK() {
        SplittableRandom rnd = new SplittableRandom(29);
        List<Integer> dims = List.of(3, 7, 5);
        for (int axis = 0; axis < 3; axis++)
            for (int largest = 0; largest <= 1; largest++) {
                int n = dims.get(axis);
                for (int k : new int[] {1, 2, n}) {
                    Value x = random(rnd, dims, TIES, DataType.FLOAT_VALUE);
                    NodeProto node = node("TopK", List.of("x", "k"), List.of("v", "i"), attr("axis", axis - 3), attr("largest", largest));
                    List<Value> in = List.of(x, new Value(List.of(1), new double[] {k}, DataType.INT64_VALUE));
                    same(node, in, "TopK axis " + axis + " largest " + largest + " k " + k);
                }
            }
    }

    @Test
    void topKOnTheHostBreaksTiesByTheLowerIndex() {
        Value x = new Value(List.of(6), new double[] {1, 3, -0.0, 3, 0, 1}, DataType.FLOAT_VALUE);
        List<Value> largest = HostSelection.topK("t", x, 6, 0, true), smallest = HostSelection.topK("t", x, 6, 0, false);
        assertArrayEquals(new double[] {1, 3, 0, 5, 2, 4}, largest.get(1).data());
        assertArrayEquals(new double[] {2, 4, 0, 5, 1, 3}, smallest.get(1).data());
        assertArrayEquals(new double[] {0, 0, 1, 1, 3, 3}, smallest.get(0).data()); // −0.0 comes out +0.0, as from the kernel's sum
        assertThrows(NotExpressible.class, () -> HostSelection.topK("t", x, 7, 0, true));
    }

    @Test
    void gatherNdOnTheHostIsTheKernelsWithBatchDimsAndNegativeIndices() {
        SplittableRandom rnd = new SplittableRandom(7);
        List<Integer> dims = List.of(2, 3, 4, 5);
        for (int batchDims = 0; batchDims <= 1; batchDims++)
            for (int t = 1; t <= 2; t++) {
                Value x = random(rnd, dims, TIES, DataType.FLOAT_VALUE);
                List<Integer> idxDims = new ArrayList<>(dims.subList(0, batchDims));
                idxDims.addAll(List.of(4, t));
                double[] idx = new double[idxDims.stream().reduce(1, (a, b) -> a * b)];
                for (int e = 0; e < idx.length; e++) {
                    int extent = dims.get(batchDims + e % t);
                    idx[e] = rnd.nextInt(2 * extent) - extent; // from −extent to extent − 1: negative ones count from the end
                }
                NodeProto node = node("GatherND", List.of("x", "idx"), List.of("y"), attr("batch_dims", batchDims));
                same(node, List.of(x, new Value(idxDims, idx, DataType.INT64_VALUE)), "GatherND batch_dims " + batchDims + " t " + t);
            }
    }

    @Test
    void gatherOnTheHostIsTheKernelsOnEveryAxisWithFewAndManyRuns() {
        SplittableRandom rnd = new SplittableRandom(13);
        List<Integer> dims = List.of(4, 150, 3);
        for (int axis = 0; axis < 3; axis++)
            for (int count : new int[] {5, 2 * Shaping.MAX_RUNS + 10}) {
                int n = dims.get(axis);
                Value x = random(rnd, dims, TIES, DataType.FLOAT_VALUE);
                double[] idx = new double[count];
                for (int j = 0; j < count; j++) idx[j] = rnd.nextInt(2 * n) - n;
                NodeProto node = node("Gather", List.of("x", "idx"), List.of("y"), attr("axis", axis));
                same(node, List.of(x, new Value(List.of(count), idx, DataType.INT64_VALUE)), "Gather axis " + axis + " of " + count);
            }
        Value x = new Value(List.of(3), new double[] {1, 2, 3}, DataType.FLOAT_VALUE);
        assertThrows(IllegalArgumentException.class, () -> HostSelection.gather("g", x, new Value(List.of(1), new double[] {3}, DataType.INT64_VALUE), 0));
    }

    /** The node's outputs placed on the host and as kernels: the same dims, types and bits. */
    private static void same(NodeProto node, List<Value> in, String what) {
        List<Value> host = NodeLowering.apply(kernels, node, in, i -> false, Map.of(), 17, Placement.HOST);
        List<Value> kernel = NodeLowering.apply(kernels, node, in, i -> false, Map.of(), 17, Placement.KERNEL);
        assertEquals(kernel.size(), host.size(), what);
        for (int o = 0; o < kernel.size(); o++) {
            assertEquals(kernel.get(o).dims(), host.get(o).dims(), what + ": dims of output " + o);
            assertEquals(kernel.get(o).type(), host.get(o).type(), what + ": type of output " + o);
            assertArrayEquals(kernel.get(o).data(), host.get(o).data(), what + ": output " + o); // no delta: bit for bit
        }
    }

    private static Value random(SplittableRandom rnd, List<Integer> dims, double[] from, int type) {
        double[] d = new double[dims.stream().reduce(1, (a, b) -> a * b)];
        for (int i = 0; i < d.length; i++) d[i] = from[rnd.nextInt(from.length)];
        return new Value(dims, d, type);
    }

    private static NodeProto node(String op, List<String> ins, List<String> outs, AttributeProto... attrs) {
        return NodeProto.newBuilder().setName(op.toLowerCase()).setOpType(op).addAllInput(ins).addAllOutput(outs)
                .addAllAttribute(List.of(attrs)).build();
    }

    private static AttributeProto attr(String name, long v) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INT).setI(v).build();
    }
}
