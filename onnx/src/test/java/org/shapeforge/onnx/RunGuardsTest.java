package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorProto.DataType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.onnx.values.GraphRun;
import org.shapeforge.onnx.values.Kernels;
import org.shapeforge.onnx.values.NonFinite;
import org.shapeforge.onnx.values.NotExpressible;
import org.shapeforge.onnx.values.OverBudget;
import org.shapeforge.onnx.values.Value;
import org.shapeforge.testenv.Requires;

/**
 * The guards of a model run (issue 32, "Errors" and "Bad models"): an op without a lowering is
 * refused before any kernel is compiled; the first node that turns finite inputs into NaN or ±∞
 * is named; a tensor whose size is read from the model (a Pad by 10⁹, a ConstantOfShape, a Range)
 * is refused past the memory budget before it is allocated, naming the node and the size.
 */
class RunGuardsTest {
    private static CCompiler cc;

    @BeforeAll
    static void needsGcc() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        cc = CCompiler.system();
    }

    private static Value ones(int... dims) {
        int n = 1;
        for (int d : dims) n *= d;
        double[] v = new double[n];
        java.util.Arrays.fill(v, 1);
        return new Value(java.util.Arrays.stream(dims).boxed().toList(), v, DataType.FLOAT_VALUE);
    }

    @Test
    void anOpWithoutLoweringIsRefusedBeforeAnyKernelRuns() {
        // Unique: a data-dependent output size with no lowering (NonMaxSuppression served here until it got one)
        ModelProto m = Models.model(List.of(Models.input("b", 1, 4, 4)), List.of(),
                List.of(Models.node("relu", "Relu", List.of("b"), List.of("r")),
                        Models.node("uniq", "Unique", List.of("r"), List.of("y"))), "y");
        Kernels k = new Kernels(cc);
        NotExpressible e = assertThrows(NotExpressible.class, () -> GraphRun.run(m, Map.of("b", ones(1, 4, 4)), k));
        assertTrue(e.getMessage().contains("node 'uniq' (Unique)") && e.getMessage().contains("before compiling"), e.getMessage());
        assertEquals(0, k.runs(), "Relu was compiled and run before the refusal");
    }

    /** {@code z = x − x; l = log z; y = l·z}: Log makes −∞ of finite zeros, Mul NaN of it; Log is named. */
    @Test
    void theFirstNodeMakingNonFiniteValuesFromFiniteInputsIsNamed() {
        ModelProto m = Models.model(List.of(Models.input("x", 2, 3)), List.of(),
                List.of(Models.node("zero", "Sub", List.of("x", "x"), List.of("z")),
                        Models.node("log", "Log", List.of("z"), List.of("l")),
                        Models.node("mul", "Mul", List.of("l", "z"), List.of("y"))), "y");
        GraphRun.Result r = GraphRun.execute(m, Map.of("x", ones(2, 3)), new Kernels(cc));
        NonFinite f = r.firstNonFinite().orElseThrow();
        assertEquals(List.of("log", "Log", "l", 6L, 6L), List.of(f.node(), f.op(), f.output(), f.count(), f.size()));
        assertEquals(Double.NEGATIVE_INFINITY, f.example());
        assertTrue(Double.isNaN(r.outputs().get("y").data()[0]));
    }

    /**
     * A −∞ attention mask is meant: an initializer, a {@code Constant} node, a constant computed
     * from them, a {@code ConstantOfShape} fill — neither they nor what reads them are findings.
     */
    @Test
    void nonFiniteConstantsAreNotFindings() {
        TensorProto ninf = TensorProto.newBuilder().setName("mask").setDataType(DataType.FLOAT_VALUE).addDims(3)
                .addFloatData(0).addFloatData(Float.NEGATIVE_INFINITY).addFloatData(0).build();
        onnx.Onnx.AttributeProto value = onnx.Onnx.AttributeProto.newBuilder().setName("value")
                .setType(onnx.Onnx.AttributeProto.AttributeType.TENSOR).setT(ninf.toBuilder().setName("").clearDims().addDims(1)
                        .clearFloatData().addFloatData(Float.NEGATIVE_INFINITY)).build();
        ModelProto m = Models.model(List.of(Models.input("x", 3)), List.of(ninf, Models.int64s("three", 3)),
                List.of(Models.node("add", "Add", List.of("x", "mask"), List.of("a")),
                        Models.node("c", "Constant", List.of(), List.of("c"), value),
                        Models.node("neg", "Neg", List.of("c"), List.of("nc")),
                        Models.node("fill", "ConstantOfShape", List.of("three"), List.of("f"), value),
                        Models.node("sum", "Sum", List.of("a", "c", "nc", "f"), List.of("y"))), "y");
        GraphRun.Result r = GraphRun.execute(m, Map.of("x", ones(3)), new Kernels(cc));
        assertTrue(r.firstNonFinite().isEmpty(), r.firstNonFinite().toString());
        assertTrue(Double.isNaN(r.outputs().get("y").data()[0]), "−∞ + ∞ is NaN: the values were computed");
    }

    /** The mutation of issue 32: a 300-byte model that pads by 10⁹ reached 15.7 GB. */
    @Test
    void aPadBeyondTheBudgetIsRefusedBeforeAllocating() {
        ModelProto m = Models.model(List.of(Models.input("x", 1, 4)), List.of(Models.int64s("p", 0, 1_000_000_000, 0, 1_000_000_000)),
                List.of(Models.node("relu", "Relu", List.of("x"), List.of("r")),
                        Models.node("pad", "Pad", List.of("r", "p"), List.of("y"))), "y");
        Kernels k = new Kernels(cc, 1L << 30);
        OverBudget e = assertThrows(OverBudget.class, () -> GraphRun.run(m, Map.of("x", ones(1, 4)), k));
        assertTrue(e.getMessage().startsWith("node 'pad' (Pad): ") && e.getMessage().contains("[1, 2000000004]")
                && e.getMessage().contains("16000000032 bytes") && e.getMessage().contains("--max-memory"), e.getMessage());
        assertEquals(1, k.runs(), "only Relu ran");
        // the same model with small pads runs under the same budget
        ModelProto small = Models.model(List.of(Models.input("x", 1, 4)), List.of(Models.int64s("p", 0, 1, 0, 2)),
                List.of(Models.node("pad", "Pad", List.of("x", "p"), List.of("y"))), "y");
        assertEquals(List.of(1, 7), GraphRun.run(small, Map.of("x", ones(1, 4)), k).get("y").dims());
    }

    /** One dim_param bound to two sizes by two input files is bad input naming the dimension, not a run. */
    @Test
    void aDimParamGivenTwoSizesIsBadInput(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        ModelProto m = Models.model(List.of(Models.input("x", "n", 3), Models.input("w", "n", 3)), List.of(),
                List.of(Models.node("add", "Add", List.of("x", "w"), List.of("y"))), "y");
        for (int k = 0; k < 2; k++) {
            TensorProto.Builder t = TensorProto.newBuilder().setDataType(DataType.FLOAT_VALUE).addDims(k == 0 ? 2 : 4).addDims(3);
            for (int i = 0; i < (k == 0 ? 6 : 12); i++) t.addFloatData(1);
            java.nio.file.Files.write(dir.resolve("input_" + k + ".pb"), t.build().toByteArray());
        }
        org.shapeforge.onnx.values.RunInputs.Bad e = assertThrows(org.shapeforge.onnx.values.RunInputs.Bad.class,
                () -> org.shapeforge.onnx.values.RunInputs.read(m, dir));
        assertTrue(e.getMessage().contains("dimension 'n' is 2 in graph input 'x' and 4 at axis 0 of graph input 'w'"), e.getMessage());
        assertEquals(dir.resolve("input_1.pb"), e.file());
    }

    /** Sizes read from data outside any kernel: ConstantOfShape's shape, Range's length, Expand's target. */
    @Test
    void sizesReadFromDataAreCheckedInLongArithmetic() {
        Kernels k = new Kernels(cc, 1L << 20);
        ModelProto cos = Models.model(List.of(Models.input("x", 1)), List.of(Models.int64s("s", 1_000_000, 1_000_000)),
                List.of(Models.node("fill", "ConstantOfShape", List.of("s"), List.of("y"))), "y");
        OverBudget e = assertThrows(OverBudget.class, () -> GraphRun.run(cos, Map.of("x", ones(1)), k));
        assertTrue(e.getMessage().startsWith("node 'fill' (ConstantOfShape)") && e.getMessage().contains("8000000000000 bytes"),
                e.getMessage());
        ModelProto expand = Models.model(List.of(Models.input("x", 1, 4)), List.of(Models.int64s("s", 3_000_000_000L, 4)),
                List.of(Models.node("ex", "Expand", List.of("x", "s"), List.of("y"))), "y");
        e = assertThrows(OverBudget.class, () -> GraphRun.run(expand, Map.of("x", ones(1, 4)), k));
        assertTrue(e.getMessage().startsWith("node 'ex' (Expand)") && e.getMessage().contains("3000000000"), e.getMessage());
        assertEquals(0, k.runs());
    }
}
