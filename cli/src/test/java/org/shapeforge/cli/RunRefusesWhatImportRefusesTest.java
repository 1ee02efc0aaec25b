package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.cli.ImportMutationTest.floats;
import static org.shapeforge.cli.ImportMutationTest.model;
import static org.shapeforge.cli.ImportMutationTest.node;
import static org.shapeforge.cli.ImportMutationTest.value;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run model.onnx} refuses every graph {@code import} refuses, with import's error and exit
 * code ({@link ModelValidity}, {@code GraphRules}): a value defined twice (with and without a
 * declared output shape), a node output that redefines a graph input or an initializer, nodes out
 * of topological order (exit 2), and a declared output shape that contradicts the computed one
 * (exit 1). None reports {@code passed}. The refusals come before anything is compiled.
 */
class RunRefusesWhatImportRefusesTest {
    @TempDir
    Path dir;

    private static final ValueInfoProto UNDECLARED_Y = ValueInfoProto.newBuilder().setName("y").build();

    /** import's and run's verdicts on {@code m}: the same exit code, run's stderr and stdout those of import. */
    private CliRun[] both(String name, ModelProto m) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, m.toByteArray());
        Path in = Files.createDirectories(dir.resolve(name + ".in"));
        Files.write(in.resolve("input_0.pb"), floats("x", 2, 3).toByteArray());
        CliRun imp = CliRun.of("import", f.toString());
        CliRun run = CliRun.of("run", f.toString(), "--inputs", in.toString());
        assertEquals(imp.code(), run.code(), "import: " + imp.out() + imp.err() + "\nrun: " + run.out() + run.err());
        assertEquals(imp.err(), run.err());
        assertEquals(imp.out(), run.out());
        assertFalse(run.out().contains("passed"), run.out());
        return new CliRun[] {imp, run};
    }

    private static GraphProto.Builder graph() {
        return GraphProto.newBuilder().setName("g").addInput(value("x", 2, 3));
    }

    @Test
    void aValueDefinedTwiceIsRefusedByBoth() throws Exception {
        for (ValueInfoProto out : List.of(UNDECLARED_Y, value("y", 2, 3))) {
            CliRun[] r = both("twice.onnx", model(graph().addNode(node("a", "Relu", List.of("x"), List.of("y")))
                    .addNode(node("b", "Transpose", List.of("x"), List.of("y"))).addOutput(out)));
            assertEquals(2, r[1].code());
            assertTrue(r[1].err().contains("node 'b' (Transpose #1): output 'y' is defined twice (also by node 'a' (Relu #0))"), r[1].err());
        }
    }

    @Test
    void aNodeRedefiningAGraphInputOrAnInitializerIsRefusedByBoth() throws Exception {
        CliRun[] input = both("input.onnx", model(graph().addNode(node("a", "Relu", List.of("x"), List.of("x")))
                .addOutput(ValueInfoProto.newBuilder().setName("x"))));
        assertEquals(2, input[1].code());
        assertTrue(input[1].err().contains("output 'x' is defined twice (also by graph input 'x')"), input[1].err());
        CliRun[] init = both("init.onnx", model(graph().addInitializer(floats("w", 2, 3))
                .addNode(node("a", "Relu", List.of("x"), List.of("w"))).addNode(node("b", "Add", List.of("x", "w"), List.of("y")))
                .addOutput(UNDECLARED_Y)));
        assertEquals(2, init[1].code());
        assertTrue(init[1].err().contains("output 'w' is defined twice (also by initializer 'w')"), init[1].err());
    }

    @Test
    void nodesInReverseTopologicalOrderAreRefusedByBoth() throws Exception {
        CliRun[] r = both("reverse.onnx", model(graph().addNode(node("b", "Neg", List.of("h"), List.of("y")))
                .addNode(node("a", "Relu", List.of("x"), List.of("h"))).addOutput(UNDECLARED_Y)));
        assertEquals(2, r[1].code());
        assertTrue(r[1].err().contains("node 'b' (Neg #0): input 0 'h' is not produced by any earlier node (node 'a' (Relu #1)"
                + " produces it later: ONNX requires the nodes in topological order)"), r[1].err());
    }

    @Test
    void aDeclaredOutputShapeThatContradictsTheComputedOneIsRefusedByBoth() throws Exception {
        CliRun[] r = both("declared.onnx", model(graph().addNode(node("a", "Relu", List.of("x"), List.of("y"))).addOutput(value("y", 5, 5))));
        assertEquals(1, r[1].code());
        assertTrue(r[1].out().contains("the declared shape of graph output 'y' [5, 5] contradicts what node 'a' (Relu #0) infers"), r[1].out());
    }
}
