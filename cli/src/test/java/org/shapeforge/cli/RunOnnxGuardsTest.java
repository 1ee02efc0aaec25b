package org.shapeforge.cli;

import static org.shapeforge.cli.OnnxProtos.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.testenv.Requires;

/**
 * {@code run model.onnx}'s guards at the command line (issue 32): NaN from finite inputs fails the
 * run even with nothing to compare (exit 1, the first such node named); a Pad by 10⁹ is refused
 * past the memory budget, which {@code --max-memory} sets (exit 2, the node and the size named);
 * {@code --inputs} that do not fit the model (a wrong shape, a tensor of another name, a file past
 * the inputs) exit 2 naming the input — never a stack trace.
 */
class RunOnnxGuardsTest {
    @TempDir
    Path dir;

    @BeforeEach
    void gcc() {
        Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
    }

    private static NodeProto node(String name, String op, List<String> in, String out) {
        return NodeProto.newBuilder().setName(name).setOpType(op).addAllInput(in).addOutput(out).build();
    }

    private static TensorProto floats(String name, long[] dims, float... v) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.FLOAT_VALUE);
        for (long d : dims) t.addDims(d);
        for (float x : v) t.addFloatData(x);
        return t.build();
    }

    private Path model(String file, List<NodeProto> nodes, TensorProto... inits) throws Exception {
        GraphProto.Builder g = GraphProto.newBuilder().setName("g").addInput(value("x", 2, 3)).addAllNode(nodes)
                .addOutput(ValueInfoProto.newBuilder().setName("y"));
        for (TensorProto t : inits) g.addInitializer(t);
        ModelProto m = ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13))
                .setGraph(g).build();
        Path f = dir.resolve(file);
        Files.write(f, m.toByteArray());
        return f;
    }

    private Path inputs(String folder, TensorProto... files) throws Exception {
        Path d = Files.createDirectories(dir.resolve(folder));
        for (int k = 0; k < files.length; k++) Files.write(d.resolve("input_" + k + ".pb"), files[k].toByteArray());
        return d;
    }

    private Path relu() throws Exception {
        return model("relu.onnx", List.of(node("act", "Relu", List.of("x"), "y")));
    }

    @Test
    void nanFromFiniteInputsFailsWithoutExpectedOutputsNamingTheFirstNode() throws Exception {
        Path m = model("nan.onnx", List.of(node("zero", "Sub", List.of("x", "x"), "z"), node("log", "Log", List.of("z"), "l"),
                node("mul", "Mul", List.of("l", "z"), "y")));
        Path in = inputs("nan", floats("", new long[] {2, 3}, 1, 2, 3, 4, 5, 6));
        CliRun r = CliRun.of("run", m.toString(), "--inputs", in.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("6 of 6 values NaN or ±∞ from finite inputs")
                && r.out().contains("first non-finite value: node 'log' (Log), output 'l'"), r.out());
        CliRun j = CliRun.of("run", m.toString(), "--inputs", in.toString(), "--json");
        assertEquals(1, j.code());
        JsonNode doc = Cli.JSON.readTree(j.out());
        assertEquals("log", doc.at("/firstNonFinite/node").asText());
        assertFalse(doc.at("/outputs/y/passed").asBoolean(true), j.out());
    }

    @Test
    void aPadByABillionIsRefusedPastTheBudgetWhichMaxMemorySets() throws Exception {
        TensorProto pads = TensorProto.newBuilder().setName("p").setDataType(TensorProto.DataType.INT64_VALUE).addDims(4)
                .addInt64Data(0).addInt64Data(1_000_000_000).addInt64Data(0).addInt64Data(1_000_000_000).build();
        Path m = model("pad.onnx", List.of(node("pad", "Pad", List.of("x", "p"), "y")), pads);
        Path in = inputs("pad", floats("", new long[] {2, 3}, 1, 2, 3, 4, 5, 6));
        CliRun r = CliRun.of("run", m.toString(), "--inputs", in.toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("node 'pad' (Pad)") && r.err().contains("[2, 2000000003]") && r.err().contains("memory budget"), r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("internal error"), r.err());
        // a budget of 1 KiB refuses even a small model's kernel; a malformed size is a usage error
        CliRun small = CliRun.of("run", relu().toString(), "--inputs", in.toString(), "--max-memory", "64");
        assertEquals(2, small.code(), small.out() + small.err());
        assertTrue(small.err().contains("node 'act' (Relu)") && small.err().contains("64 bytes"), small.err());
        assertEquals(0, CliRun.of("run", relu().toString(), "--inputs", in.toString(), "--max-memory", "1M").code());
        CliRun bad = CliRun.of("run", relu().toString(), "--inputs", in.toString(), "--max-memory", "lots");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--max-memory 'lots'"), bad.err());
    }

    @Test
    void inputsThatDoNotFitTheModelExitTwoNamingTheInput() throws Exception {
        Path m = relu();
        CliRun shape = CliRun.of("run", m.toString(), "--inputs", inputs("shape", floats("", new long[] {3, 2}, 1, 2, 3, 4, 5, 6)).toString());
        assertEquals(2, shape.code(), shape.out() + shape.err());
        assertTrue(shape.err().contains("graph input 'x' declares [2, 3], the file has [3, 2]"), shape.err());
        CliRun name = CliRun.of("run", m.toString(), "--inputs", inputs("name", floats("input", new long[] {2, 3}, 1, 2, 3, 4, 5, 6)).toString());
        assertEquals(2, name.code());
        assertTrue(name.err().contains("holds tensor 'input', but input 0 of the model is 'x'"), name.err());
        CliRun extra = CliRun.of("run", m.toString(), "--inputs", inputs("extra", floats("", new long[] {2, 3}, 1, 2, 3, 4, 5, 6),
                floats("", new long[] {1}, 1)).toString());
        assertEquals(2, extra.code());
        assertTrue(extra.err().contains("input_1.pb") && extra.err().contains("1 graph input(s) [x]"), extra.err());
        for (CliRun r : List.of(shape, name, extra)) assertFalse(r.err().contains("\tat ") || r.err().contains("internal error"), r.err());
    }
}
