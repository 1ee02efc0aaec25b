package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The peers' columns of {@code conformance --models}: ORT's symbolic shapes through a helper run
 * under {@code --ort-python} — a fake interpreter printing canned answers (a disagreement, an ORT
 * failure, a Python without onnxruntime) — and, where {@code $SHAPEFORGE_ORT_PYTHON} has
 * onnxruntime, the real {@code scripts/ort-symbolic-shapes.py}. A one-model corpus made here:
 * {@code x [batch, 3]} → Relu → {@code r} → Transpose → {@code y [3, batch]}; ONNX's file gives
 * {@code y} no shape.
 */
class PeerColumnTest {
    @TempDir
    Path tmp;

    Path corpus;

    @BeforeEach
    void corpus() throws Exception {
        corpus = tmp.resolve("corpus");
        Path d = corpus.resolve("tiny");
        Files.createDirectories(d.resolve("test_data_set_0"));
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder()
                .addDim(TensorShapeProto.Dimension.newBuilder().setDimParam("batch"))
                .addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(3));
        ValueInfoProto x = ValueInfoProto.newBuilder().setName("x").setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(s))).build();
        GraphProto g = GraphProto.newBuilder().setName("g").addInput(x)
                .addNode(NodeProto.newBuilder().setName("relu").setOpType("Relu").addInput("x").addOutput("r"))
                .addNode(NodeProto.newBuilder().setName("t").setOpType("Transpose").addInput("r").addOutput("y")
                        .addAttribute(AttributeProto.newBuilder().setName("perm").setType(AttributeProto.AttributeType.INTS)
                                .addInts(1).addInts(0)))
                .addOutput(ValueInfoProto.newBuilder().setName("y")).build();
        ModelProto m = ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13))
                .setGraph(g).build();
        Files.write(d.resolve("model.onnx"), m.toByteArray());
        Files.writeString(d.resolve("onnx_shapes.json"), """
                {"values": {"x": ["batch", 3], "r": ["batch", 3], "y": null}, "infer_ms": 0.1,
                 "sizes": {"test": {"batch": 2}, "probe": {"batch": 5}},
                 "concrete": {"test": {"x": [2, 3], "r": [2, 3], "y": [3, 2]}, "probe": {"x": [5, 3], "r": [5, 3], "y": [3, 5]}}}
                """);
    }

    /** An executable that ignores its arguments, prints {@code stdout}, writes {@code stderr}, exits {@code code}. */
    private Path fakePython(String stdout, String stderr, int code) throws Exception {
        Path out = tmp.resolve("out-" + code + ".txt"), err = tmp.resolve("err-" + code + ".txt");
        Files.writeString(out, stdout);
        Files.writeString(err, stderr);
        Path py = tmp.resolve("python-" + code);
        Files.writeString(py, "#!/bin/sh\ncat '" + out + "'\ncat '" + err + "' >&2\nexit " + code + "\n");
        Files.setPosixFilePermissions(py, PosixFilePermissions.fromString("rwxr-xr-x"));
        return py;
    }

    private CliRun conformance(Path python, String... more) {
        String[] base = {"conformance", "--models", corpus.toString(), "--no-values", "--ort-python", python.toString()};
        String[] args = new String[base.length + more.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return CliRun.of(args);
    }

    @Test
    void countsEachPeersFullShapesAndNamesWhereTheyDiffer() throws Exception {
        String dir = corpus.resolve("tiny").toString();
        Path py = fakePython("{\"ortVersion\": \"9.9\", \"models\": [{\"dir\": \"" + dir + "\", \"values\": {},"
                + " \"test\": {\"x\": [2, 3], \"r\": [2, null], \"y\": [4, 2]},"
                + " \"ran\": {\"x\": [2, 3], \"r\": [2, 3], \"y\": [3, 2]}}]}\n", "", 0);
        CliRun r = conformance(py);
        assertEquals(Cli.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("ORT symbolic (onnxruntime 9.9)"), r.out());
        // values 3; ours: all 3; ORT: x and y (r has an unknown dim); onnx: x and r; ORT not ours: 0; y differs;
        // against the run (3 values checked): ours right, ORT's y wrong, onnx right
        assertTrue(r.out().contains("| tiny | 3 | 3 | 2 | 2 | 0 | 1 | 0 / 1 / 0 (3) | 0 |"), r.out());
        assertTrue(r.out().contains("tiny: differ y: ours [3, 2], ORT [4, 2], onnx - at the test point"), r.out());
        JsonNode doc = Cli.JSON.readTree(conformance(py, "--json").out());
        assertEquals("ran", doc.at("/ort/status").asText());
        JsonNode p = doc.at("/rows/0/peers");
        assertEquals(2, p.path("ortFull").asInt(), p.toString());
        assertEquals(1, p.path("disagree").asInt(), p.toString());
        assertEquals(3, p.path("oursFull").asInt(), p.toString());
        assertEquals(0, p.at("/run/oursWrong").asInt(), p.toString());
        assertEquals(1, p.at("/run/ortWrong").asInt(), p.toString());
        assertEquals(3, p.at("/run/checked").asInt(), p.toString());
        // a run that contradicts one of ours is counted and named first
        Path wrong = fakePython("{\"ortVersion\": \"9.9\", \"models\": [{\"dir\": \"" + dir + "\", \"values\": {},"
                + " \"test\": {\"x\": [2, 3]}, \"ran\": {\"x\": [2, 3], \"r\": [2, 3], \"y\": [3, 7]}}]}\n", "", 7);
        Files.writeString(wrong, Files.readString(wrong).replace("exit 7", "exit 0"));
        CliRun w = conformance(wrong);
        assertTrue(w.out().contains("| 1 / 0 / 0 (3) |"), w.out());
        assertTrue(w.out().contains("tiny: differ y: ours [3, 2], the run [3, 7] at the test point"), w.out());
    }

    @Test
    void aModelOrtCannotInferIsMarkedFailedWithItsError() throws Exception {
        Path py = fakePython("{\"ortVersion\": \"9.9\", \"models\": [{\"dir\": \"d\", \"error\": \"KeyError: 'Foo'\"}]}\n", "", 0);
        CliRun r = conformance(py);
        assertTrue(r.out().contains("| tiny | 3 | 3 | ORT failed: KeyError: 'Foo' | 2 | 0 | 0 | not run | 0 |"), r.out());
    }

    @Test
    void aPythonWithoutOnnxruntimeSkipsTheColumnSayingWhy() throws Exception {
        Path py = fakePython("", "Traceback ...\n/usr/bin/python3 has no onnxruntime (No module named 'onnxruntime')\n", 3);
        CliRun r = conformance(py);
        assertEquals(Cli.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("ORT symbolic (skipped: " + py + " ort-symbolic-shapes.py exited 3: /usr/bin/python3 has no"
                + " onnxruntime (No module named 'onnxruntime'))"), r.out());
        assertTrue(r.out().contains("| tiny | 3 | 3 | skipped | 2 | 0 | 0 | not run | 0 |"), r.out());
        JsonNode doc = Cli.JSON.readTree(conformance(py, "--json").out());
        assertEquals("skipped", doc.at("/ort/status").asText());
        assertTrue(doc.at("/rows/0/peers/ortFull").isNull());
        CliRun none = conformance(tmp.resolve("no-such-python"));
        assertTrue(none.out().contains("skipped: no Python interpreter at " + tmp.resolve("no-such-python")), none.out());
        assertFalse((r.out() + r.err() + none.out() + none.err()).contains("Exception"));
    }

    /** The real helper, where a Python with onnxruntime and sympy is named by $SHAPEFORGE_ORT_PYTHON (CI installs none). */
    @Test
    void theRealHelperShapesEveryValueWhereOnnxruntimeIsInstalled() throws Exception {
        String env = System.getenv("SHAPEFORGE_ORT_PYTHON");
        Assumptions.assumeTrue(env != null && !env.isBlank(), "SHAPEFORGE_ORT_PYTHON is not set (a Python with onnxruntime, sympy)");
        Process probe = new ProcessBuilder(env, "-c", "import onnx, sympy, onnxruntime.tools.symbolic_shape_infer")
                .redirectErrorStream(true).start();
        Assumptions.assumeTrue(probe.waitFor(60, TimeUnit.SECONDS) && probe.exitValue() == 0, env + " lacks onnxruntime, onnx or sympy");
        CliRun r = conformance(Path.of(env));
        assertEquals(Cli.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("| tiny | 3 | 3 | 3 | 2 | 0 | 0 | 0 |"), r.out());
    }
}
