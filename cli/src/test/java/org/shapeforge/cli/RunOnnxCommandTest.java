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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.run.CCompiler;

/**
 * {@code run model.onnx --inputs DIR}: a two-node model (MatMul then Relu) through generated C,
 * compared with a hand-computed expected output; a planted wrong output exits 1; a node the loop IR
 * cannot express, a missing input file and a missing --inputs exit 2 with a message, no stack trace.
 */
class RunOnnxCommandTest {
    @TempDir
    Path dir;

    @BeforeEach
    void gcc() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
    }

    /** y = Relu(a · b) with a 2×3, b 3×2. */
    private Path model(String second) throws Exception {
        GraphProto g = GraphProto.newBuilder().setName("g").addInput(value("a", 2, 3)).addInput(value("b", 3, 2))
                .addNode(NodeProto.newBuilder().setName("mm").setOpType("MatMul").addInput("a").addInput("b").addOutput("t"))
                .addNode(NodeProto.newBuilder().setName("act").setOpType(second).addInput("t").addOutput("y"))
                .addOutput(value("y", 2, 2)).build();
        ModelProto m = ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13))
                .setGraph(g).build();
        Path f = dir.resolve(second + ".onnx");
        Files.write(f, m.toByteArray());
        return f;
    }

    private Path data(float... expected) throws Exception {
        Path d = Files.createDirectories(dir.resolve("data"));
        Files.write(d.resolve("input_0.pb"), tensor(new long[] {2, 3}, 1, 2, 3, -1, -2, -3).toByteArray());
        Files.write(d.resolve("input_1.pb"), tensor(new long[] {3, 2}, 1, 0, 0, 1, 1, -1).toByteArray());
        if (expected.length > 0) Files.write(d.resolve("output_0.pb"), tensor(new long[] {2, 2}, expected).toByteArray());
        return d;
    }

    @Test
    void runsThroughGeneratedCAndComparesWithTheExpectedOutput() throws Exception {
        // a·b = [[4, -1], [-4, 1]], Relu → [[4, 0], [0, 1]]
        CliRun r = CliRun.of("run", model("Relu").toString(), "--inputs", data(4, 0, 0, 1).toString(), "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals("[4.0,0.0,0.0,1.0]", doc.at("/outputs/y/values").toString());
        assertTrue(doc.at("/outputs/y/passed").asBoolean());
        // issue 29: the Relu is the MatMul's epilogue, one kernel
        assertEquals(1, doc.get("kernels").asInt(), r.out());
        assertEquals(1, doc.get("fused_groups").asInt(), r.out());
        assertEquals(2, doc.get("fused_nodes").asInt(), r.out());
    }

    @Test
    void aWrongExpectedOutputExitsOne() throws Exception {
        CliRun r = CliRun.of("run", model("Relu").toString(), "--inputs", data(4, 0, 0, 2).toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("FAIL"), r.out());
    }

    @Test
    void withoutExpectedOutputsTheValuesArePrinted() throws Exception {
        CliRun r = CliRun.of("run", model("Relu").toString(), "--inputs", data().toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("y [2,2]: [4.00000, 0.00000, 0.00000, 1.00000]"), r.out());
    }

    @Test
    void aNodeWithTooFewInputsExitsTwoNamingIt() throws Exception {
        CliRun r = CliRun.of("run", model("PRelu").toString(), "--inputs", data().toString()); // PRelu needs its slope
        assertEquals(2, r.code(), r.out() + r.err());
        // refused as import refuses it (ModelValidity), before the runner's own check ("too few inputs") is reached
        assertTrue(r.err().contains("node 'act' (PRelu #1): input 1 is required"), r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("internal error"), r.err());
    }

    @Test
    void aNodeTheIrCannotExpressExitsTwoNamingIt() throws Exception {
        CliRun r = CliRun.of("run", model("LpNormalization").toString(), "--inputs", data().toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("node 'act' (LpNormalization)"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void softmaxRunsThroughGeneratedC() throws Exception {
        // a·b = [[4, -1], [-4, 1]]; softmax over the last axis: [e^5, 1] / (e^5 + 1), [1, e^5] / (1 + e^5)
        float p = (float) (Math.exp(5) / (Math.exp(5) + 1)), q = 1 - p;
        CliRun r = CliRun.of("run", model("Softmax").toString(), "--inputs", data(p, q, q, p).toString());
        assertEquals(0, r.code(), r.out() + r.err());
    }

    @Test
    void missingInputsExitTwo() throws Exception {
        Path m = model("Relu");
        CliRun none = CliRun.of("run", m.toString());
        assertEquals(2, none.code());
        assertTrue(none.err().contains("--inputs DIR"), none.err());
        Path empty = Files.createDirectories(dir.resolve("empty"));
        CliRun r = CliRun.of("run", m.toString(), "--inputs", empty.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("input_0.pb"), r.err());
    }
}
