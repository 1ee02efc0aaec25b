package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.lang.InputFile;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.lang.Problem;

/**
 * Issue 27's hostile-input findings, each a run of the CLI that asserts the exit code and the
 * message: overflowing size constants (an honest unknown, exit 3, never an internal error), run's
 * memory budget checked before allocating (exit 2 naming the tensor and its size), one bounded
 * input reader (an endless file is exit 2), bounded options (exit 2 with the allowed range), an
 * invalid {@code --match} regex (exit 2), and {@code --timeout-ms} on run, infer and import.
 */
class HostileInputTest {
    static final long MAX = Long.MAX_VALUE;

    @TempDir
    Path dir;

    Path file(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    static void exits(int code, String fragment, CliRun r) {
        assertEquals(code, r.code(), () -> "exit " + r.code() + "\nstdout: " + r.out() + "\nstderr: " + r.err());
        assertTrue((r.out() + r.err()).contains(fragment), () -> "no '" + fragment + "' in\nstdout: " + r.out() + "\nstderr: " + r.err());
        assertTrue(!r.err().contains("internal error"), r::err);
    }

    @Test
    void aSizePredicateForcingASizeBeyondLongIsUnknown() throws Exception {
        Path f = file("ov.shc", "<y> ~ [a, b]\nsize(y) == " + MAX + " + 1\n");
        exits(3, "needs y = 9223372036854775808, beyond the largest size 2^63 - 1", CliRun.of("solve", f.toString()));
        exits(3, "beyond the largest size", CliRun.of("solve", f.toString(), "--json"));
        Path g = file("ov2.shc", "<y> ~ [a]\nsize(a) == " + MAX + " * 2\n");
        exits(3, "needs a = 18446744073709551614", CliRun.of("solve", g.toString()));
    }

    @Test
    void aClosedModelWhoseConcatOverflowsIsUnknown() throws Exception {
        Path f = file("cat.shc", "<y> ~ [a ^ " + MAX + " ^ 1]\n");
        exits(3, "a size of the closed model overflows 2^63 - 1", CliRun.of("solve", f.toString()));
    }

    @Test
    void aDomainEndingAtLongMaxIsEnumeratedToItsEnd() throws Exception {
        // the enumeration's `v <= hi; v++` never ended at hi = 2^63 - 1; the bound keeps a regression from hanging the suite
        Path f = file("edge.shc", "<y> ~ [a]\nsize(a) in 1.." + MAX + "\nsize(a) > " + MAX + " - 1\n");
        CliRun r = CliRun.of("solve", f.toString(), "--timeout-ms", "60000");
        exits(0, "a = " + MAX, r);
    }

    @Test
    void runRefusesATensorOfTwoToTheThirtyOneElementsBeforeAllocating() throws Exception {
        Path f = file("big.shp", "x = data(b=[65536], o=[32768])\nw = param(i=[32768], o=[4])\ny = w * x\n");
        exits(2, "tensor x of operation y has 2147483648 elements (dims [65536, 32768]), more than a run can hold",
                CliRun.of("run", f.toString()));
    }

    @Test
    void runRefusesABindThatMakesATensorTooLarge() throws Exception {
        Path f = file("dyn.shp", "dynamic n\nx = data(b=[n], o=[4])\nw = param(i=[4], o=[4])\ny = w * x\n");
        exits(2, "has 8589934588 elements (dims [2147483647, 4])", CliRun.of("run", f.toString(), "--bind", "n=2147483647"));
    }

    @Test
    void emittingCodeForAnAxisBeyondIntIsUnsupportedNotAnInternalError() throws Exception {
        Path f = file("huge.shp", "x = data(o=[" + MAX + ", 2])\ny = relu(x)\n");
        exits(2, "an axis of tensor x of size 9223372036854775807, beyond 2^31 - 1",
                CliRun.of("infer", f.toString(), "--emit", "c", "--out", dir.resolve("c").toString()));
    }

    @Test
    void runRefusesTensorsAboveTheMemoryBudget() throws Exception {
        // each tensor fits an array, together they exceed any heap a test runs with
        Path f = file("wide.shp", "x = data(b=[46000], o=[46000])\ny = relu(x)\n");
        exits(2, "above the memory budget", CliRun.of("run", f.toString()));
    }

    @Test
    void anEndlessInputFileIsBadInputInEveryReader() throws Exception {
        Path zero = Path.of("/dev/zero");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(zero), "no /dev/zero here");
        String old = System.getProperty("shapeforge.maxInputMB");
        System.setProperty("shapeforge.maxInputMB", "1");
        try {
            assertEquals(1L << 20, InputFile.maxBytes());
            for (String cmd : new String[] {"solve", "fmt", "infer", "run", "import"})
                exits(2, "/dev/zero: larger than 1 MiB", CliRun.of(cmd, zero.toString()));
            exits(2, "/dev/zero: larger than 1 MiB", CliRun.of("check", zero.toString(), "--json")); // check reports per file
            Path prog = file("p.shp", "x = data(o=[2])\ny = relu(x)\n");
            exits(2, "/dev/zero: larger than 1 MiB", CliRun.of("run", prog.toString(), "--inputs", zero.toString()));
            Path ok = file("small.shc", "<x> ~ [a]\n");
            assertEquals(0, CliRun.of("solve", ok.toString()).code());
        } finally {
            if (old == null) System.clearProperty("shapeforge.maxInputMB");
            else System.setProperty("shapeforge.maxInputMB", old);
        }
        assertEquals((long) InputFile.DEFAULT_MAX_MIB << 20, InputFile.maxBytes());
    }

    @Test
    void aHugeRankBoundIsAUsageErrorWithTheRange() throws Exception {
        Path f = file("r.shc", "<x> ~ [a]\n");
        for (String cmd : new String[] {"smt", "export", "oracle"}) {
            CliRun r = cmd.equals("export") ? CliRun.of(cmd, "--smtlib", f.toString(), "--rank-bound", "2147483647")
                    : CliRun.of(cmd, f.toString(), "--rank-bound", "2147483647");
            exits(2, "--rank-bound must be between 0 and 1024, got 2147483647", r);
        }
        exits(0, "sat", CliRun.of("smt", f.toString(), "--rank-bound", "1024"));
    }

    @Test
    void anInvalidMatchRegexIsAUsageError() {
        exits(2, "--match: not a regular expression: Unclosed character class", CliRun.of("conformance", "--values", "--match", "["));
        exits(2, "--match: not a regular expression", CliRun.of("conformance", "--match", "(", "--json"));
    }

    /** {@code y = block(...)} of {@code n} operands: seconds of inference, far past a short timeout. */
    String slowProgram(int n) {
        String ops = IntStream.range(0, n).mapToObj(j -> "data(b=[1], o=[2])").collect(Collectors.joining(", "));
        String spec = IntStream.range(0, n).mapToObj(j -> "a" + j + "|->o").collect(Collectors.joining("; ")) + " => "
                + IntStream.range(0, n).mapToObj(j -> "a" + j).collect(Collectors.joining("^")) + "|->o";
        return "y = block(" + ops + ", \"" + spec + "\")\n";
    }

    /**
     * A native solver that never answers: it waits until its thread is interrupted (the whole-command
     * bound's {@code worker.interrupt()}), so a command that uses it can only end by the bound,
     * whatever the machine's speed (a slow program is slow only on a slow machine: a warm JVM infers
     * 3,000 operands in 150 ms, inside a 200 ms bound and its grace).
     */
    static final class NeverAnswers implements ShapeSolver {
        @Override
        public String name() {
            return "never-answers";
        }

        @Override
        public Outcome solve(Problem problem, SolveOptions options) {
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("interrupted by the command's bound");
        }
    }

    @Test
    @Timeout(120) // a bound that does not end the command would otherwise hang the run
    void runAndInferTakeAWholeCommandTimeout() throws Exception {
        // run on a real slow program (a minute of kernels for 3,000 operands), infer and infer --json
        // through a solver that never answers: each ends by the bound, exit 3
        Path f = file("slow.shp", slowProgram(3000));
        exits(3, "unknown (timeout after 200 ms)", CliRun.of("run", f.toString(), "--timeout-ms", "200"));
        Path g = file("small.shp", slowProgram(2));
        for (String cmd : new String[] {"infer", "run"})
            exits(3, "unknown (timeout after 200 ms)",
                    RecheckOnEveryPathTest.planted(cmd, NeverAnswers::new, cmd, g.toString(), "--timeout-ms", "200"));
        CliRun json = RecheckOnEveryPathTest.planted("infer", NeverAnswers::new, "infer", g.toString(), "--timeout-ms", "200", "--json");
        exits(3, "\"timeout\"", json);
        // without the bound the same small program answers: the bound, not the program, ended the runs above
        exits(0, "y", CliRun.of("infer", g.toString(), "--timeout-ms", "5000"));
    }

    @Test
    void importTakesAWholeCommandTimeout() throws Exception {
        // a chain of 200,000 Relu nodes under a 1 ms bound: no machine imports it within the bound and
        // its grace (the 20,000 nodes and 100 ms this test had passed as the importer got faster)
        GraphProto.Builder g = GraphProto.newBuilder().setName("g").addInput(ValueInfoProto.newBuilder().setName("v0")
                .setType(TypeProto.newBuilder().setTensorType(TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE)
                        .setShape(TensorShapeProto.newBuilder().addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(3))))));
        int n = 200_000;
        for (int i = 0; i < n; i++)
            g.addNode(NodeProto.newBuilder().setName("n" + i).setOpType("Relu").addInput("v" + i).addOutput("v" + (i + 1)));
        g.addOutput(ValueInfoProto.newBuilder().setName("v" + n));
        ModelProto m = ModelProto.newBuilder().setIrVersion(8).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(13))
                .setGraph(g).build();
        Path f = dir.resolve("chain.onnx");
        Files.write(f, m.toByteArray());
        exits(3, "unknown (timeout after 1 ms)", CliRun.of("import", f.toString(), "--timeout-ms", "1"));
    }
}
