package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.onnx.Model;

/**
 * An ONNX graph's import does not depend on the order of its nodes (any topological order, as the
 * ONNX spec allows), of its {@code value_info} or of its initializers: {@code import --json} gives
 * every value the same shape, symbolic names and expressions included. The models: the protobuf-built
 * ones of the other import tests, each also annotated ({@code -o}, so that it has a
 * {@code value_info} to shuffle), and, where the exporter runs, the small corpus of real networks
 * ({@link SmallCorpus}). Legitimately order-dependent, and so left out: the order in which values are
 * listed (graph order; the document's {@code values} object is compared as a map) and a failure's node
 * index; a failure's kind, message and node name must agree.
 */
class ShuffledGraphTest {
    static final int ORDERS = 3;

    @TempDir
    Path dir;

    @Test
    void builtModelsImportTheSameInAnyNodeAndValueInfoOrder() throws IOException {
        Map<String, ModelProto> models = new LinkedHashMap<>();
        models.put("sample", SampleModel.model());
        models.put("cnn", ImportMutationTest.cnn());
        models.put("layout", ImportMutationTest.layout());
        models.put("indexing", ImportMutationTest.indexing());
        models.put("broadcast", broadcast());
        for (var e : List.copyOf(models.entrySet())) models.put(e.getKey() + "-annotated", annotated(e.getKey(), e.getValue()));
        check(models, new Random(38));
    }

    @Test
    void realNetworksImportTheSameInAnyNodeAndValueInfoOrder() throws IOException {
        Map<String, ModelProto> models = new LinkedHashMap<>();
        for (Path d : SmallCorpus.models()) models.put(d.getFileName().toString(), Model.load(d.resolve("model.onnx")));
        assertTrue(!models.isEmpty(), "no model in the corpus");
        check(models, new Random(3802));
    }

    private void check(Map<String, ModelProto> models, Random r) throws IOException {
        for (var e : models.entrySet()) {
            JsonNode expected = imported(e.getKey(), e.getValue());
            for (int o = 0; o < ORDERS; o++) {
                ModelProto shuffled = shuffled(e.getValue(), r);
                assertEquals(expected, imported(e.getKey() + "-" + o, shuffled), e.getKey() + " with nodes in the order "
                        + shuffled.getGraph().getNodeList().stream().map(NodeProto::getName).toList());
            }
        }
    }

    /**
     * Two inputs with their own dim_params ({@code [n, 4]}, {@code [m, 1]} and {@code [k, 4]})
     * broadcast together in several nodes, so that the solver meets the same kind of choice in
     * several places, in node order.
     */
    static ModelProto broadcast() {
        GraphProto.Builder g = GraphProto.newBuilder().setName("broadcast")
                .addInput(symbolic("x", "n", 4)).addInput(symbolic("y", "m", 1)).addInput(symbolic("z", "k", 4));
        g.addNode(ImportMutationTest.node("a", "Add", List.of("x", "y"), List.of("xy")));
        g.addNode(ImportMutationTest.node("b", "Mul", List.of("y", "z"), List.of("yz")));
        g.addNode(ImportMutationTest.node("c", "Sub", List.of("z", "x"), List.of("zx")));
        g.addNode(ImportMutationTest.node("d", "Add", List.of("xy", "yz"), List.of("s1")));
        g.addNode(ImportMutationTest.node("e", "Max", List.of("zx", "s1"), List.of("s2")));
        g.addNode(ImportMutationTest.node("f", "Relu", List.of("s2"), List.of("out")));
        g.addOutput(ValueInfoProto.newBuilder().setName("out"));
        return ImportMutationTest.model(g);
    }

    private static ValueInfoProto symbolic(String name, String param, long dim) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder().addDim(TensorShapeProto.Dimension.newBuilder().setDimParam(param))
                .addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(dim));
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(s))).build();
    }

    /** {@code m} with its nodes in a random topological order and its value_info and initializers shuffled. */
    static ModelProto shuffled(ModelProto m, Random r) {
        GraphProto g = m.getGraph();
        List<NodeProto> nodes = g.getNodeList();
        Map<String, Integer> producer = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) for (String out : nodes.get(i).getOutputList()) if (!out.isEmpty()) producer.put(out, i);
        List<Set<Integer>> needs = new ArrayList<>();
        for (NodeProto n : nodes) {
            Set<Integer> deps = new HashSet<>();
            for (String in : n.getInputList()) if (producer.containsKey(in)) deps.add(producer.get(in));
            needs.add(deps);
        }
        List<NodeProto> order = new ArrayList<>();
        Set<Integer> placed = new HashSet<>();
        while (order.size() < nodes.size()) {
            List<Integer> ready = new ArrayList<>();
            for (int i = 0; i < nodes.size(); i++) if (!placed.contains(i) && placed.containsAll(needs.get(i))) ready.add(i);
            int pick = ready.get(r.nextInt(ready.size()));
            placed.add(pick);
            order.add(nodes.get(pick));
        }
        List<ValueInfoProto> info = new ArrayList<>(g.getValueInfoList());
        Collections.shuffle(info, r);
        List<TensorProto> inits = new ArrayList<>(g.getInitializerList());
        Collections.shuffle(inits, r);
        GraphProto.Builder b = g.toBuilder().clearNode().addAllNode(order).clearValueInfo().addAllValueInfo(info)
                .clearInitializer().addAllInitializer(inits);
        return m.toBuilder().setGraph(b).build();
    }

    /** The model annotated by {@code import -o}. */
    private ModelProto annotated(String name, ModelProto m) throws IOException {
        Path in = dir.resolve(name + ".onnx"), out = dir.resolve(name + "-annotated.onnx");
        Files.write(in, m.toByteArray());
        CliRun r = CliRun.of("import", in.toString(), "-o", out.toString(), "--json");
        assertEquals(Cli.OK, r.code(), name + ": " + r.out() + r.err());
        return Model.load(out);
    }

    /** {@code import --json}, a failure's node index left out. */
    private JsonNode imported(String name, ModelProto m) throws IOException {
        Path f = dir.resolve(name + "-order.onnx");
        Files.write(f, m.toByteArray());
        CliRun r = CliRun.of("import", f.toString(), "--json");
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertTrue(doc.has("values"), name + ": " + r.out() + r.err());
        if (doc.path("failure").isObject()) {
            ObjectNode fail = (ObjectNode) doc.path("failure");
            if (fail.path("node").isObject()) ((ObjectNode) fail.path("node")).remove("index");
            fail.remove(List.of("nodes", "involved"));
        }
        return doc;
    }
}
