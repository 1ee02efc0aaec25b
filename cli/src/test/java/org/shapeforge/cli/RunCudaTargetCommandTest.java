package org.shapeforge.cli;

import static org.shapeforge.cli.OnnxProtos.value;
import static org.shapeforge.cli.OnnxProtos.tensor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.cuda.CudaDriver;
import org.shapeforge.codegen.cuda.PtxCompiler;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.testenv.Requires;

/**
 * {@code run model.onnx --inputs DIR --target cuda} (issue 29) on a MatMul-then-Relu model: without
 * a GPU every kernel is compiled for sm_90 and counted, the values are C's and match
 * {@code output_0.pb}, and the exit code is 3 with a "not run" line saying why; on a GPU the model
 * runs there and exits 0. {@code --target cuda} on a {@code .shp} program and an unknown target are
 * usage errors (exit 2), with a message and no stack trace.
 */
class RunCudaTargetCommandTest {
    @TempDir
    Path dir;

    /** y = Relu(a · b), a 2×3, b 3×2; the data folder holds the inputs and y = [[4, 0], [0, 1]]. */
    private Path model() throws Exception {
        GraphProto g = GraphProto.newBuilder().setName("g").addInput(value("a", 2, 3)).addInput(value("b", 3, 2))
                .addNode(NodeProto.newBuilder().setName("mm").setOpType("MatMul").addInput("a").addInput("b").addOutput("t"))
                .addNode(NodeProto.newBuilder().setName("act").setOpType("Relu").addInput("t").addOutput("y"))
                .addOutput(value("y", 2, 2)).build();
        Path f = dir.resolve("m.onnx");
        Files.write(f, ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13))
                .setGraph(g).build().toByteArray());
        Path d = Files.createDirectories(dir.resolve("data"));
        Files.write(d.resolve("input_0.pb"), tensor(new long[] {2, 3}, 1, 2, 3, -1, -2, -3).toByteArray());
        Files.write(d.resolve("input_1.pb"), tensor(new long[] {3, 2}, 1, 0, 0, 1, 1, -1).toByteArray());
        Files.write(d.resolve("output_0.pb"), tensor(new long[] {2, 2}, 4, 0, 0, 1).toByteArray());
        return f;
    }

    @Test
    void everyKernelCompilesAndTheExitCodeSaysWhetherItRan() throws Exception {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        Assumptions.assumeTrue(PtxCompiler.available(), "nvcc/ptxas not on PATH (CI installs no CUDA toolkit, see .ci/run)");
        Path m = model();
        CliRun r = CliRun.of("run", m.toString(), "--inputs", dir.resolve("data").toString(), "--target", "cuda", "--json");
        JsonNode doc = Cli.JSON.readTree(r.out());
        JsonNode k = doc.get("kernels");
        // the Relu rides on the MatMul's kernel as its epilogue (issue 29): one kernel, two CUDA launches, none refused
        assertEquals(1, k.get("total").asInt(), r.out());
        assertEquals(0, k.get("refused").asInt() + k.get("rejected").asInt(), r.out());
        assertTrue(doc.at("/outputs/y/passed").asBoolean(), r.out());
        boolean gpu = CudaDriver.unavailable().isEmpty() && doc.get("ranOnGpu").asBoolean();
        if (gpu) {
            assertEquals(0, r.code(), r.out() + r.err());
            assertEquals(k.get("total").asInt(), k.get("ran").asInt(), r.out());
            assertTrue(doc.at("/outputs/y/againstC/passed").asBoolean(), r.out());
        } else {
            assertEquals(3, r.code(), r.out() + r.err());
            assertEquals(k.get("total").asInt(), k.get("compiled").asInt(), r.out());
            assertFalse(doc.get("notRun").asText().isEmpty(), r.out());
            CliRun text = CliRun.of("run", m.toString(), "--inputs", dir.resolve("data").toString(), "--target", "cuda");
            assertEquals(3, text.code(), text.out() + text.err());
            assertTrue(text.out().contains(k.get("total").asInt() + " kernels: " + k.get("total").asInt() + " compiled to PTX"), text.out());
            assertTrue(text.out().contains("not run: "), text.out());
        }
    }

    @Test
    void targetCudaOnAShpProgramIsAUsageError() {
        CliRun r = CliRun.of("run", dir.resolve("p.shp").toString(), "--target", "cuda");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue((r.out() + r.err()).contains("--target cuda runs a model.onnx"), r.out() + r.err());
        assertFalse((r.out() + r.err()).contains("Exception"), r.err());
    }

    @Test
    void anUnknownTargetIsAUsageErrorNamingBoth() throws Exception {
        CliRun r = CliRun.of("run", model().toString(), "--inputs", dir.resolve("data").toString(), "--target", "metal");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("expected c or cuda"), r.out() + r.err());
    }
}
