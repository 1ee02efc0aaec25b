package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.cli.ImportMutationTest.floats;
import static org.shapeforge.cli.ImportMutationTest.int64s;
import static org.shapeforge.cli.ImportMutationTest.model;
import static org.shapeforge.cli.ImportMutationTest.node;
import static org.shapeforge.cli.ImportMutationTest.value;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import onnx.Onnx.GraphProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run}'s options that do not fit the program or model are refused (exit 2), never run on
 * something else in their place: an {@code --inputs} tensor the program does not have (named, with
 * the program's nearest names), a second {@code --bind} for one dimension, an {@code input_k.pb}
 * whose element type is not the declared one (ONNX converts none).
 */
class RunOptionsRefusedTest {
    @TempDir
    Path dir;

    private Path program() throws Exception {
        return Files.writeString(dir.resolve("p.shp"), "dynamic n\nhidden = data(b=[n], o=[3])\nout = relu(hidden)\n");
    }

    @Test
    void anInputsTensorTheProgramDoesNotHaveIsExitTwoNamingItAndTheNearestNames() throws Exception {
        Path in = Files.writeString(dir.resolve("in.json"), "{\"hiden\": [1, 2, 3, 4, 5, 6]}");
        CliRun r = CliRun.of("run", program().toString(), "--bind", "n=2", "--inputs", in.toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(in + ": tensor 'hiden' is not in the program (nearest: hidden, out)"), r.err());
    }

    @Test
    void aSecondBindForOneDimensionIsExitTwo() throws Exception {
        CliRun r = CliRun.of("run", program().toString(), "--bind", "n=3", "--bind", "n=4");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("--bind n is given twice (n=3 and n=4)"), r.err());
    }

    @Test
    void anInputFileOfAnotherElementTypeIsExitTwoNamingBothTypes() throws Exception {
        Path m = dir.resolve("relu.onnx");
        Files.write(m, model(GraphProto.newBuilder().setName("g").addInput(value("x", 2, 3))
                .addNode(node("a", "Relu", List.of("x"), List.of("y"))).addOutput(ValueInfoProto.newBuilder().setName("y"))).toByteArray());
        Path in = Files.createDirectories(dir.resolve("in"));
        TensorProto ints = int64s("x", 1, 2, 3, 4, 5, 6).toBuilder().clearDims().addDims(2).addDims(3).build();
        Files.write(in.resolve("input_0.pb"), ints.toByteArray());
        CliRun r = CliRun.of("run", m.toString(), "--inputs", in.toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("graph input 'x' is declared FLOAT, the file holds INT64: input types are not converted"), r.err());
        Files.write(in.resolve("input_0.pb"), floats("x", 2, 3).toByteArray()); // the declared type runs on
        assertEquals(-1, CliRun.of("run", m.toString(), "--inputs", in.toString()).err().indexOf("not converted"));
    }
}
