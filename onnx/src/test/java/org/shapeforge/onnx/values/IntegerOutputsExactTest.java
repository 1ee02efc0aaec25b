package org.shapeforge.onnx.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorProto.DataType;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.run.CCompiler;

/**
 * Issue 27: integer and BOOL outputs are compared exactly ({@link Tolerance}). An INT64 output off
 * by one at 100,000 — a normwise relative error of 1e-5, inside the float tolerance — fails, both
 * in {@link GraphRun#compare} and through a whole values-campaign case; the same numbers typed FLOAT
 * pass, so it is the element type that decides. A flipped BOOL fails.
 */
class IntegerOutputsExactTest {
    @TempDir
    Path tmp;

    private static final double[] WANT = {100_000, 100_001, 100_002, 100_003, 100_004, 100_005};

    private static double[] offByOne() {
        double[] d = WANT.clone();
        d[4] += 1;
        return d;
    }

    @Test
    void anInt64OutputOffByOneFailsWhereTheFloatTolerancePassesIt() {
        GraphRun.Output asInt = GraphRun.compare("y", new Value(List.of(6), offByOne(), DataType.INT64_VALUE),
                new Value(List.of(6), WANT, DataType.INT64_VALUE));
        assertTrue(asInt.maxRel() <= GraphRun.TOLERANCE, "the float tolerance would pass it: " + asInt.maxRel());
        assertEquals(0, asInt.tolerance());
        assertFalse(asInt.passed(), "an INT64 off by one must fail");
        GraphRun.Output asFloat = GraphRun.compare("y", new Value(List.of(6), offByOne(), DataType.FLOAT_VALUE),
                new Value(List.of(6), WANT, DataType.FLOAT_VALUE));
        assertTrue(asFloat.passed(), "the same numbers as FLOAT are within 1e-4: " + asFloat);
        GraphRun.Output exact = GraphRun.compare("y", new Value(List.of(6), WANT.clone(), DataType.INT64_VALUE),
                new Value(List.of(6), WANT, DataType.INT64_VALUE));
        assertTrue(exact.passed());
    }

    @Test
    void aFlippedBoolFails() {
        double[] want = {1, 0, 0, 1}, got = {1, 0, 1, 1};
        assertFalse(GraphRun.compare("m", new Value(List.of(4), got, DataType.BOOL_VALUE),
                new Value(List.of(4), want, DataType.BOOL_VALUE)).passed());
        for (DataType t : List.of(DataType.INT8, DataType.INT16, DataType.INT32, DataType.UINT8, DataType.UINT16, DataType.UINT32,
                DataType.UINT64, DataType.BOOL))
            assertEquals(0, Tolerance.of(t.getNumber()), t.name());
    }

    /** {@code y = x + c} in INT64 through generated C, against an {@code output_0.pb} off by one, then against the right one. */
    @Test
    void aCampaignCaseWithAnInt64OutputOffByOneIsWrongValues() throws Exception {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        ModelProto m = ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13))
                .setGraph(GraphProto.newBuilder().setName("g").addInput(int64("x")).addOutput(int64("y"))
                        .addInitializer(tensor("c", new double[] {99_990, 99_990, 99_990, 99_990, 99_990, 99_990}))
                        .addNode(NodeProto.newBuilder().setName("add").setOpType("Add").addInput("x").addInput("c").addOutput("y")))
                .build();
        Path dir = tmp.resolve("int_add");
        Files.createDirectories(dir.resolve("test_data_set_0"));
        Files.write(dir.resolve("model.onnx"), m.toByteArray());
        Files.write(dir.resolve("test_data_set_0/input_0.pb"), tensor("x", new double[] {10, 11, 12, 13, 14, 15}).toByteArray());
        Files.write(dir.resolve("test_data_set_0/output_0.pb"), tensor("y", offByOne()).toByteArray());
        Kernels k = Kernels.system();
        ValueConformance.Case planted = ValueConformance.runOne("int_add", dir, k);
        assertEquals(ValueConformance.Status.WRONG_VALUES, planted.status(), planted.reason());
        assertTrue(planted.reason().contains("output 'y'"), planted.reason());
        Files.write(dir.resolve("test_data_set_0/output_0.pb"), tensor("y", WANT).toByteArray());
        ValueConformance.Case right = ValueConformance.runOne("int_add", dir, k);
        assertEquals(ValueConformance.Status.PASSED, right.status(), right.reason());
    }

    private static ValueInfoProto int64(String name) {
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(TypeProto.Tensor.newBuilder()
                .setElemType(DataType.INT64_VALUE).setShape(TensorShapeProto.newBuilder()
                        .addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(6))))).build();
    }

    private static TensorProto tensor(String name, double[] v) {
        TensorProto.Builder b = TensorProto.newBuilder().setName(name).setDataType(DataType.INT64_VALUE).addDims(v.length);
        for (double x : v) b.addInt64Data((long) x);
        return b.build();
    }
}
