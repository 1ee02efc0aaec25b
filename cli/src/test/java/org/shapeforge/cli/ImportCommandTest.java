package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code import}: JSON contract and the exit codes of cli.md for a good model, a malformed file, an unsupported op, a planted mismatch. */
class ImportCommandTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        var cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    private static ValueInfoProto input(String name, long... dims) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
        for (long d : dims) s.addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(s))).build();
    }

    private Path model(String op, long[] a, long[] b) throws Exception {
        GraphProto g = GraphProto.newBuilder().setName("g").addInput(input("a", a)).addInput(input("b", b))
                .addNode(NodeProto.newBuilder().setName("n1").setOpType(op).addInput("a").addInput("b").addOutput("y"))
                .addOutput(ValueInfoProto.newBuilder().setName("y")).build();
        ModelProto m = ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13))
                .setGraph(g).build();
        Path f = dir.resolve(op + ".onnx");
        Files.write(f, m.toByteArray());
        return f;
    }

    @Test
    void inferredShapesAsJson() throws Exception {
        Run r = run("import", model("MatMul", new long[] {2, 3}, new long[] {3, 5}).toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals(List.of("2", "5"), List.of(doc.at("/values/y/shape/0").asText(), doc.at("/values/y/shape/1").asText()));
        assertTrue(doc.get("failure").isNull());
    }

    @Test
    void plantedMismatchExitsOneNamingTheNode() throws Exception {
        Run r = run("import", model("MatMul", new long[] {2, 3}, new long[] {4, 5}).toString(), "--json");
        assertEquals(1, r.code());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertTrue(doc.at("/failure/message").asText().contains("node 'n1' (MatMul #0)"), r.out());
        Run text = run("import", model("MatMul", new long[] {2, 3}, new long[] {4, 5}).toString());
        assertEquals(1, text.code());
        assertTrue(text.out().contains("node 'n1' (MatMul #0)"), text.out());
    }

    @Test
    void unsupportedOpExitsZeroWithTheGapListed() throws Exception {
        // a well-formed model with an op without shape logic is answered: its output is a gap, never a refusal
        Run r = run("import", model("StringNormalizer", new long[] {2, 3}, new long[] {1}).toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("node 'n1' (StringNormalizer #0): 'y' has an unknown rank (unknown rank: unsupported op 'StringNormalizer'"),
                r.out());
        Run j = run("import", model("StringNormalizer", new long[] {2, 3}, new long[] {1}).toString(), "--json");
        assertEquals(0, j.code(), j.err());
        JsonNode doc = Cli.JSON.readTree(j.out());
        assertTrue(doc.get("failure").isNull(), j.out());
        JsonNode g = doc.at("/gaps/0");
        assertEquals(List.of("n1", "StringNormalizer", "y", "unknown_rank"),
                List.of(g.get("node").asText(), g.get("op").asText(), g.get("value").asText(), g.get("kind").asText()));
        assertTrue(g.get("axis").isNull() && g.get("why").asText().contains("unsupported op 'StringNormalizer'"), j.out());
    }

    @Test
    void malformedFileExitsTwoWithJsonError() throws Exception {
        Path f = dir.resolve("bad.onnx");
        Files.writeString(f, "this is not a protobuf at all \u00ff");
        Run r = run("import", f.toString(), "--json");
        assertEquals(2, r.code());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals("onnx", doc.at("/error/kind").asText());
        assertTrue(doc.at("/error/message").asText().contains("not an ONNX model"), r.out());
    }

    @Test
    void emitShcPrintsTheConstraintsWithNodeComments() throws Exception {
        Run r = run("import", model("Add", new long[] {2, 3}, new long[] {3}).toString(), "--emit", "shc");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("# node 'n1' (Add #0)"), r.out());
        assertTrue(r.out().contains("<="), r.out());
    }
}
