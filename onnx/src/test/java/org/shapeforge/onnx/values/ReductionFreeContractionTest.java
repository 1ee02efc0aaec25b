package org.shapeforge.onnx.values;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto.DataType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.testenv.Requires;

/**
 * A contraction whose reduction has extent 1 everywhere — a kernel-1 Conv of one input channel
 * (causal_tcn's input projection), a Gemm of inner size 1 — is a plain product after projections,
 * an assignment, and takes no epilogue: its bias (or C) is added after it. It had been refused
 * ("an epilogue needs a neutral-initialized accumulation"), and with it the whole model's run.
 */
class ReductionFreeContractionTest {
    private static Kernels kernels;

    @BeforeAll
    static void gcc() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        kernels = Kernels.system();
    }

    @Test
    void aOneChannelKernelOneConvWithBiasRuns() {
        int n = 2, cout = 3, len = 5;
        double[] x = new double[n * len], w = {0.5, -2, 3}, b = {1, 0.25, -1};
        for (int i = 0; i < x.length; i++) x[i] = i - 4;
        NodeProto conv = NodeProto.newBuilder().setName("inp").setOpType("Conv").addAllInput(List.of("x", "w", "b")).addOutput("y").build();
        List<Value> y = NodeLowering.apply(kernels, conv, List.of(new Value(List.of(n, 1, len), x, DataType.FLOAT_VALUE),
                new Value(List.of(cout, 1, 1), w, DataType.FLOAT_VALUE), new Value(List.of(cout), b, DataType.FLOAT_VALUE)),
                i -> i > 0, Map.of(), 17, Placement.KERNEL);
        assertEquals(List.of(n, cout, len), y.getFirst().dims());
        double[] want = new double[n * cout * len];
        for (int i = 0; i < n; i++)
            for (int c = 0; c < cout; c++)
                for (int t = 0; t < len; t++) want[(i * cout + c) * len + t] = (float) ((float) (x[i * len + t] * w[c]) + b[c]);
        assertArrayEquals(want, y.getFirst().data(), 0.0);
    }

    @Test
    void aGemmOfInnerSizeOneWithCRuns() {
        NodeProto gemm = NodeProto.newBuilder().setName("g").setOpType("Gemm").addAllInput(List.of("a", "b", "c")).addOutput("y").build();
        List<Value> y = NodeLowering.apply(kernels, gemm, List.of(new Value(List.of(2, 1), new double[] {2, -1}, DataType.FLOAT_VALUE),
                new Value(List.of(1, 3), new double[] {1, 2, 3}, DataType.FLOAT_VALUE), new Value(List.of(3), new double[] {10, 20, 30}, DataType.FLOAT_VALUE)),
                i -> i > 0, Map.of(), 17, Placement.KERNEL);
        assertArrayEquals(new double[] {12, 24, 36, 9, 18, 27}, y.getFirst().data(), 0.0);
    }
}
