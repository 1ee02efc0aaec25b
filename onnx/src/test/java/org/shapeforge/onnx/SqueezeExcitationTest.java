package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.ints;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;

import java.util.List;
import java.util.Map;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * efficientnet_b0's squeeze-excitation: a pooled {@code [b, c, 1, 1]} through 1×1 convolutions
 * with SiLU ({@code x * Sigmoid(x)}) between, then a broadcast {@code Mul} with the
 * {@code [b, c, 16, 16]} input. The SiLU product of two equal operands is their own size; it
 * printed the 16 of the later broadcast.
 */
class SqueezeExcitationTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    private static TensorProto ones(String name, long... dims) {
        long n = 1;
        for (long d : dims) n *= d;
        TensorProto.Builder b = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.FLOAT_VALUE);
        for (long d : dims) b.addDims(d);
        for (long k = 0; k < n; k++) b.addFloatData(1f);
        return b.build();
    }

    @Test
    void siluOfAPooledAxisKeepsItsSizeOne() {
        var m = model(List.of(input("x", "batch", 4, 16, 16)), List.of(ones("W1", 2, 4, 1, 1), ones("W2", 4, 2, 1, 1)),
                List.of(node("pool", "GlobalAveragePool", List.of("x"), List.of("p")),
                        node("fc1", "Conv", List.of("p", "W1"), List.of("c1"), ints("kernel_shape", 1, 1)),
                        node("gate", "Sigmoid", List.of("c1"), List.of("g")),
                        node("silu", "Mul", List.of("c1", "g"), List.of("a")),
                        node("fc2", "Conv", List.of("a", "W2"), List.of("c2"), ints("kernel_shape", 1, 1)),
                        node("sig", "Sigmoid", List.of("c2"), List.of("s")),
                        node("scale", "Mul", List.of("s", "x"), List.of("y"))), "y");
        ImportResult r = Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertEquals(List.of("batch", "2", "1", "1"), r.shapes().get("a"));
        assertEquals(List.of("batch", "4", "1", "1"), r.shapes().get("c2"));
        assertEquals(List.of("batch", "4", "16", "16"), r.shapes().get("y"));
    }

    /**
     * ssdlite's squeeze-excitation blocks with a dynamic height and width: the pooled 1×1 axes are
     * fixed by their own convolution arithmetic, although the gate's broadcasting {@code Mul} links
     * them to the dynamic spatial axes; they printed {@code ?} where ONNX has 1.
     */
    @Test
    void pooledAxesStayOneBesideADynamicSpatialSize() {
        var m = model(List.of(input("x", 1, 4, "height", "width")), List.of(ones("W1", 2, 4, 1, 1), ones("W2", 4, 2, 1, 1)),
                List.of(node("pool", "GlobalAveragePool", List.of("x"), List.of("p")),
                        node("fc1", "Conv", List.of("p", "W1"), List.of("c1"), ints("kernel_shape", 1, 1)),
                        node("relu", "Relu", List.of("c1"), List.of("a")),
                        node("fc2", "Conv", List.of("a", "W2"), List.of("c2"), ints("kernel_shape", 1, 1)),
                        node("sig", "HardSigmoid", List.of("c2"), List.of("s")),
                        node("scale", "Mul", List.of("s", "x"), List.of("y"))), "y");
        ImportResult r = Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertEquals(List.of("1", "2", "1", "1"), r.shapes().get("a"), r.shapes()::toString);
        assertEquals(List.of("1", "4", "1", "1"), r.shapes().get("s"), r.shapes()::toString);
        assertEquals(List.of("1", "4", "height", "width"), r.shapes().get("y"), r.shapes()::toString);
    }
}
