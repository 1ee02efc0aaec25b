package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.cli.ImportMutationTest.floats;
import static org.shapeforge.cli.ImportMutationTest.i;
import static org.shapeforge.cli.ImportMutationTest.model;
import static org.shapeforge.cli.ImportMutationTest.node;
import static org.shapeforge.cli.ImportMutationTest.value;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.onnx.ImportFailureKind;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.testenv.Requires;

/**
 * The importer's contract with its users (issue 32): a bad model is exit 2 with an error naming
 * the value or node — in JSON {@code location} the node (never {@code file:0:0}) and a structured
 * {@code node} — and declared output / value_info shapes are facts: a contradiction is exit 1
 * naming the value and its node, and a declaration supplies what inference cannot know.
 */
class ImportContractTest {
    @TempDir
    Path dir;

    private Path write(String name, ModelProto m) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, m.toByteArray());
        return f;
    }

    private static JsonNode json(CliRun r) throws Exception {
        return Cli.JSON.readTree(r.out());
    }

    @Test
    void negativeInputDimIsExitTwoNamingTheInput() throws Exception {
        Path f = write("neg.onnx", model(GraphProto.newBuilder().addInput(value("x", 2, -3))
                .addNode(node("r", "Relu", List.of("x"), List.of("y"))).addOutput(ValueInfoProto.newBuilder().setName("y"))));
        CliRun r = CliRun.of("import", f.toString(), "--json");
        assertEquals(2, r.code(), r.out() + r.err());
        JsonNode e = json(r).get("error");
        assertEquals("onnx", e.get("kind").asText());
        assertEquals(f + ": graph input 'x'", e.get("location").asText());
        assertTrue(e.get("message").asText().contains("dim_value -3 on axis 1 is negative"), r.out());
        assertEquals(-1, e.at("/node/index").asInt());
        assertEquals("x", e.at("/node/name").asText());
        CliRun text = CliRun.of("import", f.toString());
        assertEquals(2, text.code());
        assertEquals(f + ": graph input 'x': dim_value -3 on axis 1 is negative (a size is 0 or more)", text.err().strip());
    }

    @Test
    void absurdInitializerAndOverflowingElementCountAreExitTwo() throws Exception {
        var w = floats("W", 2, 3).toBuilder().setDims(0, 1L << 30).setDims(1, 1L << 30).build();
        Path f = write("huge.onnx", model(GraphProto.newBuilder().addInput(value("x", 2, 3)).addInitializer(w)
                .addNode(node("a", "Add", List.of("x", "W"), List.of("y"))).addOutput(ValueInfoProto.newBuilder().setName("y"))));
        CliRun r = CliRun.of("import", f.toString(), "--json");
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals(f + ": initializer 'W'", json(r).at("/error/location").asText());
        assertTrue(json(r).at("/error/message").asText().contains("more than 2^40"), r.out());
        var cut = floats("W", 2, 3).toBuilder().setRawData(ByteString.copyFrom(new byte[20])).build();
        Path g = write("cut.onnx", model(GraphProto.newBuilder().addInput(value("x", 2, 3)).addInitializer(cut)
                .addNode(node("a", "Add", List.of("x", "W"), List.of("y"))).addOutput(ValueInfoProto.newBuilder().setName("y"))));
        CliRun c = CliRun.of("import", g.toString(), "--json");
        assertEquals(2, c.code(), c.out() + c.err());
        assertTrue(json(c).at("/error/message").asText().contains("raw_data holds 20 bytes, but dims [2, 3] of FLOAT need 24"), c.out());
    }

    @Test
    void aValueDefinedTwiceIsExitTwoNamingBothDefinitions() throws Exception {
        Path f = write("twice.onnx", model(GraphProto.newBuilder().addInput(value("x", 2, 3))
                .addNode(node("first", "Relu", List.of("x"), List.of("y")))
                .addNode(node("second", "Sigmoid", List.of("x"), List.of("y"))).addOutput(ValueInfoProto.newBuilder().setName("y"))));
        CliRun r = CliRun.of("import", f.toString(), "--json");
        assertEquals(2, r.code(), r.out() + r.err());
        JsonNode e = json(r).get("error");
        assertEquals(f + ": node 'second' (Sigmoid #1)", e.get("location").asText());
        assertEquals(1, e.at("/node/index").asInt());
        assertEquals("second", e.at("/node/name").asText());
        assertEquals("Sigmoid", e.at("/node/op").asText());
        assertTrue(e.get("message").asText().contains("output 'y' is defined twice (also by node 'first' (Relu #0))"), r.out());
        Path g = write("shadow.onnx", model(GraphProto.newBuilder().addInput(value("x", 2, 3))
                .addNode(node("n", "Relu", List.of("x"), List.of("x"))).addOutput(ValueInfoProto.newBuilder().setName("x"))));
        CliRun s = CliRun.of("import", g.toString());
        assertEquals(2, s.code(), s.err());
        assertTrue(s.err().contains("output 'x' is defined twice (also by graph input 'x')"), s.err());
    }

    @Test
    void anAbsurdAttributeIsExitTwoNamingTheNode() throws Exception {
        Path f = write("d2s.onnx", model(GraphProto.newBuilder().addInput(value("x", 1, 8, 2, 3))
                .addNode(node("d2s", "DepthToSpace", List.of("x"), List.of("y"), i("blocksize", 1L << 62)))
                .addOutput(ValueInfoProto.newBuilder().setName("y"))));
        CliRun r = CliRun.of("import", f.toString(), "--json");
        assertEquals(2, r.code(), r.out() + r.err());
        JsonNode e = json(r).get("error");
        assertEquals(f + ": node 'd2s' (DepthToSpace #0)", e.get("location").asText());
        assertEquals("DepthToSpace", e.at("/node/op").asText());
        CliRun text = CliRun.of("import", f.toString());
        assertTrue(text.err().startsWith(f + ": node 'd2s' (DepthToSpace #0): "), text.err());
        assertFalse(text.err().contains("Exception") || text.err().contains(":0:0"), text.err());
    }

    @Test
    void aDeclaredOutputShapeThatContradictsInferenceIsExitOneNamingTheValue() throws Exception {
        Path f = write("decl.onnx", model(GraphProto.newBuilder().addInput(value("a", 2, 3)).addInput(value("b", 3, 5))
                .addNode(node("proj", "MatMul", List.of("a", "b"), List.of("y"))).addOutput(value("y", 2, 4))));
        CliRun r = CliRun.of("import", f.toString(), "--json");
        assertEquals(1, r.code(), r.out() + r.err());
        JsonNode fail = json(r).get("failure");
        assertTrue(fail.get("message").asText().startsWith("shape mismatch: the declared shape of graph output 'y' [2, 4]"
                + " contradicts what node 'proj' (MatMul #0) infers: "), r.out());
        assertTrue(fail.get("constraints").toString().contains("declared shape of graph output 'y' [2, 4], axis 1"), r.out());
        assertEquals("{\"index\":0,\"name\":\"proj\",\"op\":\"MatMul\",\"source\":null}", fail.get("node").toString(), r.out());
        assertEquals("[{\"index\":0,\"name\":\"proj\",\"op\":\"MatMul\",\"source\":null}]", fail.get("involved").toString(), r.out());
        Path g = write("rank.onnx", model(GraphProto.newBuilder().addInput(value("a", 2, 3))
                .addNode(node("r", "Relu", List.of("a"), List.of("y"))).addValueInfo(value("y", 2, 3, 1))
                .addOutput(ValueInfoProto.newBuilder().setName("y"))));
        CliRun k = CliRun.of("import", g.toString(), "--json");
        assertEquals(1, k.code(), k.out() + k.err());
        assertTrue(json(k).at("/failure/constraints").toString().contains("value_info 'y' [2, 3, 1]: rank 3, inferred rank 2"), k.out());
    }

    @Test
    void aDeclaredShapeSuppliesWhatInferenceDoesNotKnow() throws Exception {
        // the input's second axis has neither dim_value nor dim_param: only the declared output fixes it
        ValueInfoProto x = value("x", 2, 1).toBuilder().setType(value("x", 2, 1).getType().toBuilder().setTensorType(
                value("x", 2, 1).getType().getTensorType().toBuilder().setShape(TensorShapeProto.newBuilder()
                        .addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(2))
                        .addDim(TensorShapeProto.Dimension.newBuilder())))).build();
        Path f = write("supply.onnx", model(GraphProto.newBuilder().addInput(x)
                .addNode(node("r", "Relu", List.of("x"), List.of("y"))).addOutput(value("y", 2, 7))));
        CliRun r = CliRun.of("import", f.toString(), "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals("7", json(r).at("/values/x/shape/1").asText(), r.out());
        assertEquals("7", json(r).at("/values/y/shape/1").asText(), r.out());
    }

    @Test
    void onlyAProofExitsOne() {
        Function<ImportFailureKind, Integer> f = k -> ImportCommand.exit(new ImportResult.Failure(k, "m", List.of(), List.of()));
        assertEquals(1, f.apply(ImportFailureKind.SEMANTIC));
        assertEquals(1, f.apply(ImportFailureKind.UNSAT));
        assertEquals(2, f.apply(ImportFailureKind.ERROR));
        assertEquals(3, f.apply(ImportFailureKind.POLICY));
        assertEquals(3, f.apply(ImportFailureKind.BOUNDED));
        assertEquals(3, f.apply(ImportFailureKind.UNKNOWN));
        assertEquals(4, f.apply(ImportFailureKind.DISAGREEMENT));
    }

    /** The four nodes: {@code c = Conv(x); d = Conv(c); a = Add(d, c); y = Conv(a)}, 3×3 pad 1, 4 channels. */
    static ModelProto residual(Object batch) {
        var pads = ImportMutationTest.ints("pads", 1, 1, 1, 1);
        ValueInfoProto x = batch instanceof String p
                ? ValueInfoProto.newBuilder().setName("x").setType(value("x", 1, 4, 8, 8).getType().toBuilder().setTensorType(
                        value("x", 1, 4, 8, 8).getType().getTensorType().toBuilder().setShape(value("x", 1, 4, 8, 8).getType()
                                .getTensorType().getShape().toBuilder().setDim(0, TensorShapeProto.Dimension.newBuilder().setDimParam(p))))).build()
                : value("x", (Long) batch, 4, 8, 8);
        return model(GraphProto.newBuilder().addInput(x).addInitializer(floats("W", 4, 4, 3, 3))
                .addNode(node("c1", "Conv", List.of("x", "W"), List.of("c"), pads))
                .addNode(node("c2", "Conv", List.of("c", "W"), List.of("d"), pads))
                .addNode(node("add", "Add", List.of("d", "c"), List.of("a")))
                .addNode(node("c3", "Conv", List.of("a", "W"), List.of("y"), pads))
                .addOutput(ValueInfoProto.newBuilder().setName("y")));
    }

    @Test
    void verifiedFallsBackToZ3AndFlagsTheAnswer() throws Exception {
        Path f = write("res.onnx", residual(2L));
        // native decides these four nodes: --verified answers natively, unflagged
        CliRun r = CliRun.of("import", f.toString(), "--verified", "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals("[\"2\",\"4\",\"8\",\"8\"]", json(r).at("/values/y/shape").toString(), r.out());
        assertFalse(json(r).get("fallback").asBoolean(), r.out());
        assertEquals("native", json(r).get("source").asText());
        // forced (--smt-shapes): the answer is Z3's, flagged, every axis proved
        CliRun z = CliRun.of("import", f.toString(), "--smt-shapes", "--json");
        assertEquals(0, z.code(), z.out() + z.err());
        JsonNode doc = json(z);
        assertEquals("[\"2\",\"4\",\"8\",\"8\"]", doc.at("/values/y/shape").toString(), z.out());
        assertTrue(doc.get("fallback").asBoolean(), z.out());
        assertEquals("smt", doc.get("source").asText());
        CliRun text = CliRun.of("import", f.toString(), "--smt-shapes");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().startsWith("fallback: Z3 answered (forced by --smt-shapes; native: "), text.out());
    }

    @Test
    void aVerifiedAnswerNeverPrintsADynamicBatchAsANumber() throws Exception {
        Path f = write("resdyn.onnx", residual("batch"));
        CliRun r = CliRun.of("import", f.toString(), "--smt-shapes", "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(json(r).get("fallback").asBoolean(), r.out());
        // Z3's model sets batch to a number; the fallback proves every axis equal to batch, never that number
        json(r).get("values").fields().forEachRemaining(e ->
                assertEquals("[\"batch\",\"4\",\"8\",\"8\"]", e.getValue().get("shape").toString(), e.getKey() + ": " + r.out()));
    }

    /** A static CNN (Conv, Relu, Reshape, MatMul, Add) and Shape of a dynamic input. */
    private Path annotatedPair(String name) throws Exception {
        ValueInfoProto x = ValueInfoProto.newBuilder().setName("x").setType(value("x", 1, 3).getType().toBuilder().setTensorType(
                value("x", 1, 3).getType().getTensorType().toBuilder().setShape(TensorShapeProto.newBuilder()
                        .addDim(TensorShapeProto.Dimension.newBuilder().setDimParam("batch"))
                        .addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(3))))).build();
        return write(name, model(GraphProto.newBuilder().setName("dyn").addInput(x)
                .addNode(node("relu", "Relu", List.of("x"), List.of("r")))
                .addNode(node("shape", "Shape", List.of("r"), List.of("s")))
                .addOutput(ValueInfoProto.newBuilder().setName("s"))));
    }

    /** MaxPool 2×2 of {@code [batch, 3, dims…]}, each axis a dim_param (an expression, as torch 2 writes {@code 16*h16}). */
    private Path expressionPool(String name, String... dims) throws Exception {
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
        for (String d : List.of("batch", "3", dims[0], dims[1]))
            shape.addDim(d.equals("3") ? TensorShapeProto.Dimension.newBuilder().setDimValue(3) : TensorShapeProto.Dimension.newBuilder().setDimParam(d));
        ValueInfoProto x = ValueInfoProto.newBuilder().setName("x").setType(value("x", 1, 3).getType().toBuilder().setTensorType(
                value("x", 1, 3).getType().getTensorType().toBuilder().setShape(shape))).build();
        return write(name, model(GraphProto.newBuilder().setName("pool").addInput(x)
                .addNode(node("pool", "MaxPool", List.of("x"), List.of("y"), ImportMutationTest.ints("kernel_shape", 2, 2),
                        ImportMutationTest.ints("strides", 2, 2)))
                .addOutput(ValueInfoProto.newBuilder().setName("y"))));
    }

    /**
     * An expression dim_param is written back as our printed expression ({@code h16 * 8}), and that
     * text, declared on a graph input, imports as the same expression again.
     */
    @Test
    void annotatedExpressionDimsReimportAsTheSameExpression() throws Exception {
        Path out = dir.resolve("pool-annotated.onnx");
        CliRun r = CliRun.of("import", expressionPool("pool.onnx", "16*h16", "16*w16").toString(), "-o", out.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        List<String> written = java.util.Arrays.asList(dims(org.shapeforge.onnx.Model.load(out).getGraph().getOutput(0))
                .replaceAll("^\\[|\\]$", "").split(", "));
        assertEquals(List.of("batch", "3", "h16 * 8", "w16 * 8"), written);
        Path again = dir.resolve("pool2-annotated.onnx");
        CliRun r2 = CliRun.of("import", expressionPool("pool2.onnx", written.get(2), written.get(3)).toString(), "-o", again.toString(), "--json");
        assertEquals(0, r2.code(), r2.out() + r2.err());
        assertEquals("h16 * 8", json(r2).at("/values/x/shape/2").asText(), r2.out());
        assertEquals("h16 * 4", json(r2).at("/values/y/shape/2").asText(), r2.out());
    }

    @Test
    void annotatedModelCarriesEveryInferredShape() throws Exception {
        Path cnn = write("cnn.onnx", ImportMutationTest.cnn());
        Path out = dir.resolve("cnn-annotated.onnx");
        CliRun r = CliRun.of("import", cnn.toString(), "-o", out.toString(), "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals(out.toString(), json(r).get("annotated").asText());
        ModelProto m = org.shapeforge.onnx.Model.load(out);
        java.util.Map<String, ValueInfoProto> vi = new java.util.HashMap<>();
        m.getGraph().getValueInfoList().forEach(v -> vi.put(v.getName(), v));
        assertEquals(java.util.Set.of("c", "r", "f", "m"), vi.keySet());
        assertEquals("[1, 3, 5, 5]", dims(vi.get("c")));
        assertEquals("[1, 75]", dims(vi.get("f")));
        assertEquals(1, vi.get("m").getType().getTensorType().getElemType()); // FLOAT, from MatMul's input
        assertEquals("[1, 4]", dims(m.getGraph().getOutput(0)));
        // a dim_param stays a dim_param; Shape's output is INT64
        Path dyn = annotatedPair("dyn.onnx");
        Path dout = dir.resolve("dyn-annotated.onnx");
        CliRun d = CliRun.of("import", dyn.toString(), "-o", dout.toString());
        assertEquals(0, d.code(), d.out() + d.err());
        ModelProto dm = org.shapeforge.onnx.Model.load(dout);
        assertEquals("[batch, 3]", dims(dm.getGraph().getValueInfo(0)));
        TensorShapeProto written = dm.getGraph().getValueInfo(0).getType().getTensorType().getShape();
        assertTrue(written.getDim(0).hasDimParam() && written.getDim(1).hasDimValue(), "a symbol is a dim_param, a number a dim_value: " + written);
        assertEquals("[2]", dims(dm.getGraph().getOutput(0)));
        assertEquals(7, dm.getGraph().getOutput(0).getType().getTensorType().getElemType());
        // a failed import writes nothing
        Path bad = write("bad.onnx", model(GraphProto.newBuilder().addInput(value("a", 2, 3)).addInput(value("b", 4, 5))
                .addNode(node("mm", "MatMul", List.of("a", "b"), List.of("y"))).addOutput(ValueInfoProto.newBuilder().setName("y"))));
        Path none = dir.resolve("none.onnx");
        assertEquals(1, CliRun.of("import", bad.toString(), "-o", none.toString()).code());
        assertFalse(Files.exists(none));
    }

    private static String dims(ValueInfoProto v) {
        return v.getType().getTensorType().getShape().getDimList().stream()
                .map(d -> d.hasDimValue() ? Long.toString(d.getDimValue()) : d.getDimParam()).toList().toString();
    }

    @Test
    void annotatedModelPassesOnnxCheckerAndStrictShapeInference() throws Exception {
        Path python = Path.of("/usr/bin/python3");
        Requires.python("onnx.checker, onnx.shape_inference", "python3-onnx");
        for (Path in : List.of(write("cnn.onnx", ImportMutationTest.cnn()), write("layout.onnx", ImportMutationTest.layout()),
                write("indexing.onnx", ImportMutationTest.indexing()), annotatedPair("dyn.onnx"), expressionPool("pool.onnx", "16*h16", "s0 + 1"))) {
            Path out = dir.resolve("annotated-" + in.getFileName());
            CliRun r = CliRun.of("import", in.toString(), "-o", out.toString());
            assertEquals(0, r.code(), in + ": " + r.err());
            Process p = new ProcessBuilder(python.toString(), "-I", "-c", "import onnx,sys; m=onnx.load(sys.argv[1]); onnx.checker.check_model(m);"
                    + " onnx.shape_inference.infer_shapes(m, strict_mode=True)", out.toString()).redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), in + ": " + said);
        }
    }

    @Test
    void dotDrawsTheGraphWithShapesAndAFailuresNodesRed() throws Exception {
        CliRun ok = CliRun.of("import", write("cnn.onnx", ImportMutationTest.cnn()).toString(), "--dot");
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().startsWith("digraph "), ok.out());
        assertTrue(ok.out().contains("n0 -> n1 [label=\"c\\n[1, 3, 5, 5]\"];"), ok.out());
        assertTrue(ok.out().contains("n4 -> out0 [label=\"y\\n[1, 4]\"];"), ok.out());
        assertFalse(ok.out().contains("fillcolor"), ok.out());
        Path bad = write("chain.onnx", model(GraphProto.newBuilder().addInput(value("x", 2, 3)).addInput(value("b", 4, 5))
                .addNode(node("relu", "Relu", List.of("x"), List.of("a")))
                .addNode(node("mm", "MatMul", List.of("a", "b"), List.of("y")))
                .addNode(node("after", "Relu", List.of("y"), List.of("z"))).addOutput(ValueInfoProto.newBuilder().setName("z"))));
        CliRun fail = CliRun.of("import", bad.toString(), "--dot");
        assertEquals(1, fail.code(), fail.err());
        assertTrue(fail.out().contains("n0 [label=\"relu\\nRelu #0\", style=filled"), fail.out());
        assertTrue(fail.out().contains("n1 [label=\"mm\\nMatMul #1\", style=filled"), fail.out());
        assertTrue(fail.out().contains("n2 [label=\"after\\nRelu #2\"];"), fail.out());
        assertTrue(fail.out().contains("label=\"semantic: shape mismatch at node 'mm' (MatMul #1)"), fail.out());
        assertEquals(2, CliRun.of("import", bad.toString(), "--dot", "--json").code());
    }

    private static ValueInfoProto symbolic(String name, Object... dims) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
        for (Object d : dims)
            s.addDim(d instanceof String p ? TensorShapeProto.Dimension.newBuilder().setDimParam(p)
                    : TensorShapeProto.Dimension.newBuilder().setDimValue(((Number) d).longValue()));
        return value(name).toBuilder().setType(value(name).getType().toBuilder().setTensorType(
                value(name).getType().getTensorType().toBuilder().setShape(s))).build();
    }

    @Test
    void aDeclaredDimParamNeverPinsTheBatch() throws Exception {
        // as torch.onnx.export writes dynamic axes: the output declared [batch, 5] with the input's dim_param
        Path f = write("dynout.onnx", model(GraphProto.newBuilder().setName("dynout").addInput(symbolic("x", "batch", 3))
                .addInput(value("w", 3, 5)).addNode(node("relu", "Relu", List.of("x"), List.of("a")))
                .addNode(node("mm", "MatMul", List.of("a", "w"), List.of("y"))).addOutput(symbolic("y", "batch", 5))));
        CliRun r = CliRun.of("import", f.toString(), "--json");
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals("[\"batch\",\"3\"]", json(r).at("/values/x/shape").toString(), r.out());
        assertEquals("[\"batch\",\"5\"]", json(r).at("/values/y/shape").toString(), r.out());
    }

    @Test
    void differentDimParamsStayDifferentSymbolsWhateverTheirSpelling() throws Exception {
        // "batch-size" and "batch_size" (and two non-ASCII names) once mapped to one variable: the Add then
        // claimed they were equal; they are two symbols, the Add's axes broadcast, nothing forces them equal
        for (String[] pair : List.of(new String[] {"batch-size", "batch_size"}, new String[] {"\u03b2atch", "\u03b3atch"})) {
            Path f = write("params.onnx", model(GraphProto.newBuilder().setName("params").addInput(symbolic("x", pair[0], 3))
                    .addInput(symbolic("w", pair[1], 3)).addNode(node("relu", "Relu", List.of("x"), List.of("y")))
                    .addNode(node("relu2", "Relu", List.of("w"), List.of("z")))
                    .addOutput(ValueInfoProto.newBuilder().setName("y")).addOutput(ValueInfoProto.newBuilder().setName("z"))));
            CliRun r = CliRun.of("import", f.toString(), "--json");
            assertEquals(0, r.code(), r.out() + r.err());
            String x = json(r).at("/values/y/shape/0").asText(), w = json(r).at("/values/z/shape/0").asText();
            assertFalse(x.equals(w), pair[0] + " and " + pair[1] + " both became " + x);
        }
    }
}
