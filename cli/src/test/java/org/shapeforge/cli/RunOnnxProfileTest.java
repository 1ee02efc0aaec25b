package org.shapeforge.cli;

import static org.shapeforge.cli.OnnxProtos.value;
import static org.shapeforge.cli.OnnxProtos.tensor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.codegen.run.CCompiler;

/**
 * {@code run model.onnx --inputs DIR --profile}: after the outputs, one row per kernel of a run
 * (medians over the timed runs), slowest first, GFLOP/s for the contraction (MatMul) and none for
 * the Transpose, then a total whose kernel count is the rows'.
 */
class RunOnnxProfileTest {
    @TempDir
    Path dir;

    private static final Pattern ROW = Pattern.compile("^\\s*([0-9.]+)\\s+([0-9.]+)\\s+([0-9.]+)%\\s+(\\S+)\\s+(\\S+) \\[([0-9x]+)]$");

    @Test
    void theProfileListsEveryKernelSlowestFirst() throws Exception {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
        GraphProto g = GraphProto.newBuilder().setName("g").addInput(value("a", 2, 3)).addInput(value("b", 3, 2))
                .addNode(NodeProto.newBuilder().setName("mm").setOpType("MatMul").addInput("a").addInput("b").addOutput("t"))
                // a Transpose, not a Relu: a pointwise op after the MatMul would be fused into its kernel (issue 29)
                .addNode(NodeProto.newBuilder().setName("tr").setOpType("Transpose").addInput("t").addOutput("y"))
                .addOutput(value("y", 2, 2)).build();
        Path model = dir.resolve("m.onnx");
        Files.write(model, ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13))
                .setGraph(g).build().toByteArray());
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.write(data.resolve("input_0.pb"), tensor(new long[] {2, 3}, 1, 2, 3, -1, -2, -3).toByteArray());
        Files.write(data.resolve("input_1.pb"), tensor(new long[] {3, 2}, 1, 0, 0, 1, 1, -1).toByteArray());
        Files.write(data.resolve("output_0.pb"), tensor(new long[] {2, 2}, 4, -4, -1, 1).toByteArray());

        CliRun r = CliRun.of("run", model.toString(), "--inputs", data.toString(), "--profile");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("passed: 1/1"), r.out());
        List<Matcher> rows = new ArrayList<>();
        for (String line : r.out().split("\n")) {
            Matcher mt = ROW.matcher(line);
            if (mt.matches()) rows.add(mt);
        }
        assertEquals(2, rows.size(), "one row per kernel:\n" + r.out());
        assertTrue(Double.parseDouble(rows.get(0).group(1)) >= Double.parseDouble(rows.get(1).group(1)), "slowest first:\n" + r.out());
        for (Matcher row : rows) {
            boolean matmul = row.group(5).contains("mm");
            assertEquals(matmul, !row.group(4).equals("-"), "GFLOP/s for the contraction only:\n" + r.out());
            assertTrue(Double.parseDouble(row.group(2)) <= Double.parseDouble(row.group(1)), "the call is part of the whole:\n" + r.out());
        }
        assertTrue(r.out().contains("total of 2 kernels"), r.out());
        assertTrue(r.out().contains("2 kernels run through generated C"), "the kernels of one run, not of all runs:\n" + r.out());
    }
}
