package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;

import java.util.List;
import java.util.Map;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * If, Loop and Scan through the importer (onnx.ControlFlow): a known condition takes its branch's
 * shape; an unknown one gives unknown extents of the branches' common rank; a Loop with a known
 * trip count stacks its scan output along that many iterations and keeps the carried shape, and a
 * carried value whose shape changes is refused naming the node.
 */
class ControlFlowShapesTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    private static ImportResult solve(ModelProto m) {
        return Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
    }

    private static AttributeProto graph(String name, GraphProto g) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.GRAPH).setG(g).build();
    }

    private static ValueInfoProto out(String name) {
        return ValueInfoProto.newBuilder().setName(name).build();
    }

    /** A branch computing {@code op(x)} from the enclosing scope's x. */
    private static GraphProto branch(String op, String result, Object... extra) {
        GraphProto.Builder g = GraphProto.newBuilder().setName(result);
        if (op.equals("Transpose")) g.addNode(node(result, "Transpose", List.of("x"), List.of(result)));
        else g.addNode(node(result, op, List.of("x"), List.of(result)));
        return g.addOutput(out(result)).build();
    }

    private static TensorProto bool(String name, boolean v) {
        return TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.BOOL_VALUE).addInt32Data(v ? 1 : 0).build();
    }

    @Test
    void aKnownConditionTakesItsBranch() {
        var m = model(List.of(input("x", 2, 3)), List.of(bool("c", false)),
                List.of(node("if", "If", List.of("c"), List.of("y"), graph("then_branch", branch("Relu", "t")),
                        graph("else_branch", branch("Transpose", "f")))), "y");
        ImportResult r = solve(m);
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertEquals(List.of("3", "2"), r.shapes().get("y"));
    }

    @Test
    void anUnknownConditionGivesUnknownExtentsOfTheCommonRank() {
        var m = model(List.of(input("x", 2, 3), input("c")), List.of(),
                List.of(node("if", "If", List.of("c"), List.of("y"), graph("then_branch", branch("Relu", "t")),
                        graph("else_branch", branch("Transpose", "f")))), "y");
        ImportResult r = solve(m);
        assertTrue(r.succeeded(), () -> r.failure().message());
        List<String> y = r.shapes().get("y");
        assertEquals(2, y.size());
        for (String d : y) assertFalse(d.matches("\\d+"), "an unknown extent, not a number: " + y);
    }

    private static GraphProto body(boolean grow) {
        GraphProto.Builder g = GraphProto.newBuilder().setName("body").addInput(input("i")).addInput(input("cond_in")).addInput(input("v", 2, 3));
        g.addNode(node("keep", "Identity", List.of("cond_in"), List.of("cond_out")));
        if (grow) g.addNode(node("grow", "Concat", List.of("v", "v"), List.of("v_out"), Models.i("axis", 0)));
        else g.addNode(node("step", "Relu", List.of("v"), List.of("v_out")));
        g.addNode(node("emit", "Identity", List.of("v"), List.of("scan")));
        return g.addOutput(out("cond_out")).addOutput(out("v_out")).addOutput(out("scan")).build();
    }

    @Test
    void aLoopWithAKnownTripCountStacksItsScanOutput() {
        var m = model(List.of(input("v0", 2, 3)), List.of(Models.scalar64("m", 4), bool("go", true)),
                List.of(node("loop", "Loop", List.of("m", "go", "v0"), List.of("v_final", "stacked"), graph("body", body(false)))),
                "v_final", "stacked");
        ImportResult r = solve(m);
        assertTrue(r.succeeded(), () -> r.failure().message());
        assertEquals(List.of("2", "3"), r.shapes().get("v_final"));
        assertEquals(List.of("4", "2", "3"), r.shapes().get("stacked"));
    }

    @Test
    void aLoopCarriedValueThatChangesShapeIsRefused() {
        var m = model(List.of(input("v0", 2, 3)), List.of(Models.scalar64("m", 4), bool("go", true)),
                List.of(node("loop", "Loop", List.of("m", "go", "v0"), List.of("v_final", "stacked"), graph("body", body(true)))),
                "v_final", "stacked");
        ImportResult r = solve(m);
        assertFalse(r.succeeded());
        assertTrue(r.failure().message().contains("loop"), r.failure().message());
    }
}
