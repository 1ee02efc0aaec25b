package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.StringStringEntryProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code import} names, for a shape error in a torch-2 export, the Python line and module of each
 * node involved: in the text after the constraints, and in {@code --json} as each node's
 * {@code source} ({@code NodeJson}); {@code --verified}'s Z3 core too; a refused node's error
 * document carries it. The fixtures are {@code scripts/torch2-shape-errors.py}'s.
 */
class ImportSourceLineTest {
    static final Path DIR = Path.of("../onnx/src/test/resources/org/shapeforge/onnx/torch2");
    private static final String SCRIPT = "scripts/torch2-shape-errors.py";

    @TempDir
    Path tmp;

    private static JsonNode json(CliRun r) throws Exception {
        return Cli.JSON.readTree(r.out());
    }

    /** Each of {@code nodes} as {@code index op file:line function module}. */
    private static List<String> sources(Iterable<JsonNode> nodes) {
        List<String> out = new ArrayList<>();
        for (JsonNode n : nodes) {
            JsonNode s = n.get("source");
            out.add(n.get("index").asInt() + " " + n.get("op").asText() + " " + (s.isNull() ? "none"
                    : s.get("file").asText() + ":" + s.get("line").asInt() + " " + s.get("function").asText() + " " + s.get("module").asText()));
        }
        return out;
    }

    @Test
    void theTextNamesTheLineAndModuleOfEachNodeOfTheCore() {
        CliRun r = CliRun.of("import", DIR.resolve("linear_width.onnx").toString());
        assertEquals(Cli.NEGATIVE, r.code(), r.out() + r.err());
        String section = r.out().substring(r.out().indexOf("nodes involved, in the model's Python (torch's metadata):\n"));
        assertEquals("""
                nodes involved, in the model's Python (torch's metadata):
                  node 'node_linear' (Gemm #0)    scripts/torch2-shape-errors.py:54 in forward (mlp.fc1)
                  node 'node_relu' (Relu #1)      scripts/torch2-shape-errors.py:54 in forward (mlp.act)
                  node 'node_linear_1' (Gemm #2)  scripts/torch2-shape-errors.py:55 in forward (mlp.fc2)
                """, section);
    }

    @Test
    void jsonGivesEachNodeInvolvedItsSourceAndTheBlamedNodeToo() throws Exception {
        JsonNode f = json(CliRun.of("import", DIR.resolve("bad_reshape.onnx").toString(), "--json")).get("failure");
        assertEquals(List.of("5 Reshape " + SCRIPT + ":74 forward heads"), sources(f.get("involved")));
        assertEquals(List.of("5 Reshape " + SCRIPT + ":74 forward heads"), sources(List.of(f.get("node"))));
    }

    @Test
    void theZ3CoreOfAMismatchedResidualNamesBothBranches() throws Exception {
        CliRun r = CliRun.of("import", DIR.resolve("residual.onnx").toString(), "--verified", "--json");
        assertEquals(Cli.NEGATIVE, r.code(), r.out() + r.err());
        JsonNode f = json(r).get("failure");
        assertEquals("unsat", f.get("kind").asText());
        // conv1 → relu → conv2 at line 94 meet the shortcut at 95 in the Add; the relu and mean after the block are no part of it
        assertEquals(List.of("0 Conv " + SCRIPT + ":94 forward block.conv1", "1 Relu " + SCRIPT + ":94 forward block",
                "2 Conv " + SCRIPT + ":94 forward block.conv2", "3 Conv " + SCRIPT + ":95 forward block.shortcut",
                "4 Add " + SCRIPT + ":95 forward block"), sources(f.get("involved")));
    }

    private Path refusedModel(boolean withMetadata) throws Exception {
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
        for (long d : new long[] {2, 3}) shape.addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        NodeProto.Builder t = NodeProto.newBuilder().setName("t").setOpType("Transpose").addInput("x").addOutput("y")
                .addAttribute(AttributeProto.newBuilder().setName("perm").setType(AttributeProto.AttributeType.INTS).addInts(0).addInts(0));
        if (withMetadata)
            t.addMetadataProps(StringStringEntryProto.newBuilder().setKey("pkg.torch.onnx.stack_trace")
                    .setValue("File \"/src/net.py\", line 8, in forward\n    return x.permute(0, 0)"))
                    .addMetadataProps(StringStringEntryProto.newBuilder().setKey("namespace").setValue(": net.Net/enc: net.Enc/permute: aten.permute.default"));
        GraphProto g = GraphProto.newBuilder().setName("g").addInput(ValueInfoProto.newBuilder().setName("x").setType(TypeProto.newBuilder()
                .setTensorType(TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(shape))))
                .addNode(t).addOutput(ValueInfoProto.newBuilder().setName("y")).build();
        Path f = tmp.resolve(withMetadata ? "refused-meta.onnx" : "refused.onnx");
        Files.write(f, ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13)).setGraph(g)
                .build().toByteArray());
        return f;
    }

    @Test
    void aRefusedNodesErrorDocumentCarriesItsSource() throws Exception {
        Path f = refusedModel(true);
        CliRun r = CliRun.of("import", f.toString(), "--json");
        assertEquals(Cli.BAD_INPUT, r.code(), r.out() + r.err());
        JsonNode e = json(r).get("error");
        assertEquals(f + ": node 't' (Transpose #0)", e.get("location").asText());
        assertTrue(e.get("message").asText().startsWith(f + ": node 't' (Transpose #0) from /src/net.py:8 in forward (enc): "),
                e.get("message").asText());
        assertEquals(List.of("0 Transpose /src/net.py:8 forward enc"), sources(List.of(e.get("node"))));
        JsonNode plain = json(CliRun.of("import", refusedModel(false).toString(), "--json")).get("error");
        assertTrue(plain.get("node").get("source").isNull(), plain.toString()); // no metadata: no source, and the message as before
        assertFalse(plain.get("message").asText().contains(" from "), plain.toString());
    }
}
