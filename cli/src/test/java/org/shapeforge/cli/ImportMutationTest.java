package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import onnx.Onnx.AttributeProto;
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

/**
 * Bad models found by mutation (issue 32): a few valid models, built here, mutated with a seeded
 * RNG (dims of inputs, outputs, value_info and initializers set negative or absurd, raw data cut
 * or grown, values defined twice, names with line breaks, quotes, {@code #} and non-ASCII,
 * attributes set huge or negative, bytes of the file flipped). Every mutant's
 * {@code import --json} ends with exit 0–3 and exactly one JSON document — never an internal
 * error (exit 4) — and its {@code --emit shc} output, when it succeeds, parses back.
 */
class ImportMutationTest {
    @TempDir
    Path dir;

    static final long[] ABSURD = {-1, -7, 0, 1L << 40, 1L << 41, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MAX_VALUE + 1L, 3_000_000_000L};
    static final String[] NAMES = {"a\nb", "q\"uote", "h#sh", "caf\u00e9", "it's", "cr\rlf", " sp ace", "\u03b2atch", "a\\b", "}{"};

    static ValueInfoProto value(String name, long... dims) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
        for (long d : dims) s.addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(s))).build();
    }

    static TensorProto floats(String name, long... dims) {
        long n = 1;
        for (long d : dims) n *= d;
        ByteBuffer b = ByteBuffer.allocate((int) n * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) b.putFloat(0.01f * (i % 17));
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.FLOAT_VALUE)
                .setRawData(ByteString.copyFrom(b.array()));
        for (long d : dims) t.addDims(d);
        return t.build();
    }

    static TensorProto int64s(String name, long... v) {
        TensorProto.Builder b = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.INT64_VALUE).addDims(v.length);
        for (long x : v) b.addInt64Data(x);
        return b.build();
    }

    static AttributeProto ints(String name, long... v) {
        AttributeProto.Builder b = AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INTS);
        for (long x : v) b.addInts(x);
        return b.build();
    }

    static AttributeProto i(String name, long v) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INT).setI(v).build();
    }

    static NodeProto node(String name, String op, List<String> ins, List<String> outs, AttributeProto... attrs) {
        return NodeProto.newBuilder().setName(name).setOpType(op).addAllInput(ins).addAllOutput(outs).addAllAttribute(List.of(attrs)).build();
    }

    static ModelProto model(GraphProto.Builder g) {
        return ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13)).setGraph(g).build();
    }

    /** Conv → Relu → Reshape → MatMul → Add, with value_info and declared outputs. */
    static ModelProto cnn() {
        return model(GraphProto.newBuilder().setName("cnn").addInput(value("x", 1, 2, 5, 5))
                .addInitializer(floats("W", 3, 2, 3, 3)).addInitializer(int64s("shape", 1, -1))
                .addInitializer(floats("M", 75, 4)).addInitializer(floats("bias", 4))
                .addNode(node("conv", "Conv", List.of("x", "W"), List.of("c"), ints("pads", 1, 1, 1, 1), ints("kernel_shape", 3, 3)))
                .addNode(node("relu", "Relu", List.of("c"), List.of("r")))
                .addNode(node("flat", "Reshape", List.of("r", "shape"), List.of("f")))
                .addNode(node("proj", "MatMul", List.of("f", "M"), List.of("m")))
                .addNode(node("plus", "Add", List.of("m", "bias"), List.of("y")))
                .addValueInfo(value("r", 1, 3, 5, 5)).addOutput(value("y", 1, 4)));
    }

    /** DepthToSpace → Transpose → Softmax, then a pooled branch. */
    static ModelProto layout() {
        return model(GraphProto.newBuilder().setName("layout").addInput(value("x", 1, 8, 2, 3))
                .addNode(node("d2s", "DepthToSpace", List.of("x"), List.of("d"), i("blocksize", 2)))
                .addNode(node("tr", "Transpose", List.of("d"), List.of("t"), ints("perm", 0, 1, 3, 2)))
                .addNode(node("sm", "Softmax", List.of("t"), List.of("s"), i("axis", -1)))
                .addNode(node("pool", "MaxPool", List.of("s"), List.of("p"), ints("kernel_shape", 2, 2), ints("strides", 2, 2)))
                .addNode(node("cat", "Concat", List.of("s", "s"), List.of("y"), i("axis", 1)))
                .addValueInfo(value("t", 1, 2, 6, 4)).addOutput(value("y", 1, 4, 6, 4)).addOutput(value("p", 1, 2, 3, 2)));
    }

    /** Gather, Slice, Split, Tile, Pad on constants. */
    static ModelProto indexing() {
        return model(GraphProto.newBuilder().setName("indexing").addInput(value("x", 4, 6))
                .addInitializer(int64s("idx", 0, 2)).addInitializer(int64s("starts", 1)).addInitializer(int64s("ends", 5))
                .addInitializer(int64s("axes", 1)).addInitializer(int64s("reps", 2, 1)).addInitializer(int64s("pads", 0, 1, 0, 1))
                .addInitializer(int64s("split", 3, 3))
                .addNode(node("g", "Gather", List.of("x", "idx"), List.of("gx"), i("axis", 0)))
                .addNode(node("sl", "Slice", List.of("x", "starts", "ends", "axes"), List.of("sx")))
                .addNode(node("sp", "Split", List.of("x", "split"), List.of("a", "b"), i("axis", 1)))
                .addNode(node("tl", "Tile", List.of("a", "reps"), List.of("ta")))
                .addNode(node("pd", "Pad", List.of("b", "pads"), List.of("pb")))
                .addOutput(value("gx", 2, 6)).addOutput(value("sx", 4, 4)).addOutput(value("ta", 8, 3)).addOutput(value("pb", 4, 5)));
    }

    /** ONNX's own conformance models, where libonnx-testdata is installed (the built models above always). */
    static final List<String> CORPUS = List.of("node/test_conv_with_strides_padding", "node/test_depthtospace_example",
            "node/test_reshape_reordered_all_dims", "node/test_slice", "node/test_gemm_default_matrix_bias",
            "pytorch-converted/test_Conv2d", "node/test_maxpool_2d_pads", "node/test_split_variable_parts_2d");

    static final List<ModelProto> SEEDS = seeds();

    private static List<ModelProto> seeds() {
        List<ModelProto> out = new ArrayList<>(List.of(cnn(), layout(), indexing()));
        for (String t : CORPUS) {
            Path f = Path.of("/usr/share/libonnx-testdata/data", t, "model.onnx");
            if (Files.isRegularFile(f)) out.add(org.shapeforge.onnx.Model.load(f).toBuilder()
                    .setGraph(org.shapeforge.onnx.Model.load(f).getGraph().toBuilder().setName(t.replace('/', '_'))).build());
        }
        return List.copyOf(out);
    }

    @Test
    void seedsImport() throws Exception {
        for (ModelProto m : List.of(cnn(), layout(), indexing())) {
            Path f = dir.resolve(m.getGraph().getName() + ".onnx");
            Files.write(f, m.toByteArray());
            CliRun r = CliRun.of("import", f.toString(), "--json");
            assertEquals(0, r.code(), m.getGraph().getName() + ": " + r.out() + r.err());
        }
    }

    @Test
    void everyMutantEndsInAnAnswerOrAClearError() throws Exception {
        Random rng = new Random(32);
        var strict = Cli.JSON.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        List<String> bad = new ArrayList<>();
        for (int k = 0; k < 300; k++) {
            ModelProto seed = SEEDS.get(rng.nextInt(SEEDS.size()));
            ModelProto.Builder m = seed.toBuilder();
            int edits = 1 + rng.nextInt(2);
            List<String> what = new ArrayList<>();
            for (int e = 0; e < edits; e++) what.add(Mutations.apply(m.getGraphBuilder(), rng));
            byte[] bytes = m.build().toByteArray();
            if (rng.nextInt(10) == 0) {
                bytes = bytes.clone();
                bytes[rng.nextInt(bytes.length)] ^= (byte) (1 << rng.nextInt(8));
                what.add("flipped a bit");
            }
            Path f = dir.resolve("m" + k + ".onnx");
            Files.write(f, bytes);
            CliRun r = CliRun.of("import", f.toString(), "--json");
            String label = "mutant " + k + " (" + String.join("; ", what) + ")";
            if (r.code() < 0 || r.code() > 3) {
                bad.add(label + ": exit " + r.code() + " " + r.out() + r.err());
                continue;
            }
            try {
                JsonNode doc = strict.readTree(r.out());
                if (r.code() == 2 && !doc.has("error")) bad.add(label + ": exit 2 without an error document: " + r.out());
            } catch (Exception ex) {
                bad.add(label + ": not one JSON document: " + r.out());
            }
            if (r.code() == 0) {
                CliRun shc = CliRun.of("import", f.toString(), "--emit", "shc");
                if (shc.code() != 0) bad.add(label + ": --emit shc exit " + shc.code() + " " + shc.err());
                else try {
                    org.shapeforge.lang.Parser.parse("emitted.shc", shc.out());
                } catch (RuntimeException ex) {
                    bad.add(label + ": --emit shc does not parse back: " + ex.getMessage());
                }
            }
        }
        if (!bad.isEmpty()) fail(bad.size() + " of 300 mutants broke the contract:\n" + String.join("\n", bad.subList(0, Math.min(15, bad.size()))));
    }

    @Test
    void namesWithLineBreaksQuotesAndHashesSurviveEmitShcAndShp() throws Exception {
        for (String weird : NAMES) {
            GraphProto.Builder g = GraphProto.newBuilder().setName("g").addInput(value(weird, 2, 3)).addInput(value("b" + weird, 3, 5))
                    .addNode(node("n" + weird, "MatMul", List.of(weird, "b" + weird), List.of("y" + weird)))
                    .addOutput(ValueInfoProto.newBuilder().setName("y" + weird));
            Path f = dir.resolve("weird.onnx");
            Files.write(f, model(g).toByteArray());
            CliRun shc = CliRun.of("import", f.toString(), "--emit", "shc");
            assertEquals(0, shc.code(), shc.err());
            var p = org.shapeforge.lang.Parser.parse("emitted.shc", shc.out());
            assertTrue(p.statements().size() > 0, shc.out());
            CliRun shp = CliRun.of("import", f.toString(), "--emit", "shp");
            assertTrue(shp.code() == 0 || shp.code() == 2, shp.err());
            if (shp.code() == 0) {
                Path prog = dir.resolve("weird.shp");
                Files.writeString(prog, shp.out());
                CliRun inf = CliRun.of("infer", prog.toString(), "--json");
                assertEquals(0, inf.code(), repr(weird) + ":\n" + shp.out() + inf.out() + inf.err());
            }
            CliRun json = CliRun.of("import", f.toString(), "--json");
            assertEquals(0, json.code(), json.err());
            JsonNode doc = Cli.JSON.readTree(json.out());
            assertEquals("2", doc.at("/values").get("y" + weird).at("/shape/0").asText(), json.out());
        }
    }

    static String repr(String s) {
        return s.replace("\n", "\\n").replace("\r", "\\r");
    }
}
