package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.i;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.int64s;
import static org.shapeforge.onnx.Models.ints;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;
import static org.shapeforge.onnx.Models.solve;

import java.util.List;
import java.util.Map;
import onnx.Onnx.ModelProto;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.sym.SymCondition;

/**
 * Relations between dynamic sizes kept through import: shape arithmetic on dim_params
 * ({@code x.reshape(b, s // 2, 2 * d)} as torch exports it: Shape → Gather → Div → Unsqueeze →
 * Concat → Reshape) gives {@code seq // 2}, with the element count's parity as a domain
 * condition; and expression dim_params ({@code 16*h16}, torch 2's and the annotated model's) are
 * read as expressions over their names.
 */
class ShapeRelationsTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    private static TensorProto scalar(String name, long v) {
        return Models.scalar64(name, v);
    }

    /** {@code x.reshape(b, s // 2, 2 * d)} on {@code [batch, seq, 16]}, exported as torch 1.13 does. */
    private static ModelProto pairSteps() {
        return model(List.of(input("x", "batch", "seq", 16)),
                List.of(scalar("zero", 0), scalar("one", 1), scalar("two", 2), int64s("ax0", 0), int64s("tail", 32)),
                List.of(node("shape", "Shape", List.of("x"), List.of("s")),
                        node("gb", "Gather", List.of("s", "zero"), List.of("b"), i("axis", 0)),
                        node("gs", "Gather", List.of("s", "one"), List.of("t"), i("axis", 0)),
                        node("div", "Div", List.of("t", "two"), List.of("half")),
                        node("ub", "Unsqueeze", List.of("b", "ax0"), List.of("b1")),
                        node("uh", "Unsqueeze", List.of("half", "ax0"), List.of("h1")),
                        node("cat", "Concat", List.of("b1", "h1", "tail"), List.of("target"), i("axis", 0)),
                        node("rs", "Reshape", List.of("x", "target"), List.of("y"))), "y");
    }

    @Test
    void reshapeBySeqDivTwoKeepsTheRelation() {
        assertEquals(List.of("batch", "seq // 2", "32"), solve(pairSteps()).shapes().get("y"));
    }

    /** The element count {@code seq·16 == (seq // 2)·32} holds for even seq only: a domain condition, decided at seq = 3 and 4. */
    @Test
    void reshapeBySeqDivTwoRequiresAnEvenSeq() {
        Imported im = Importer.translate(pairSteps(), "m.onnx", Map.of(), SOLVER);
        Outcome o = SOLVER.solve(im.problem(), SolveOptions.defaults());
        assertTrue(o instanceof Outcome.Sat, o::toString);
        List<SymCondition> conds = ((Outcome.Sat) o).solved().orElseThrow().symbolicSizes().conditions();
        assertTrue(conds.stream().anyMatch(c -> !c.holds(Map.of("seq", 3L, "batch", 1L))), () -> "odd seq not excluded: " + conds);
        assertTrue(conds.stream().allMatch(c -> c.holds(Map.of("seq", 4L, "batch", 1L))), () -> "even seq excluded: " + conds);
    }

    @Test
    void maxPoolOfAnExpressionDimParamHalvesIt() {
        var m = model(List.of(input("x", "batch", 3, "16*h16", "16*w16")), List.of(),
                List.of(node("p", "MaxPool", List.of("x"), List.of("y"), ints("kernel_shape", 2, 2), ints("strides", 2, 2))), "y");
        ImportResult r = solve(m);
        assertEquals(List.of("batch", "3", "h16 * 16", "w16 * 16"), r.shapes().get("x"));
        assertEquals(List.of("batch", "3", "h16 * 8", "w16 * 8"), r.shapes().get("y"));
    }

    /** The same expression on two inputs, written two ways, is one size: their sum broadcasts to it and a mismatch is refused. */
    @Test
    void theSameExpressionOnTwoInputsUnifies() {
        var same = model(List.of(input("a", "s0 + 1", 4), input("b", "1 + s0", 4)), List.of(),
                List.of(node("add", "Add", List.of("a", "b"), List.of("y"))), "y");
        assertEquals(List.of("s0 + 1", "4"), solve(same).shapes().get("y"));
        var floor = model(List.of(input("a", "(s0//2)", 4), input("b", "s0 // 2", 4)), List.of(),
                List.of(node("cat", "Concat", List.of("a", "b"), List.of("y"), i("axis", 1))), "y");
        assertEquals(List.of("s0 // 2", "8"), solve(floor).shapes().get("y"));
    }

    /**
     * What import prints for an axis (and {@code -o annotated.onnx} writes as its dim_param), as a
     * graph input's dim_param, re-imports to the same expression: printed again, it is the same text.
     */
    @Test
    void aPrintedExpressionReimportsToItself() {
        for (String text : List.of("(samples + 1) // 2 - 1", "batch * 4", "h16 * 8 + 3", "((h + 1) // 2) * 3", "n % 4 + 1", "2*s1 - 1")) {
            String printed = reimported(text);
            assertEquals(printed, reimported(printed), text + " printed as " + printed);
            if (!text.contains("*s1")) assertEquals(text, printed); // already in the printed form
        }
    }

    private static String reimported(String dimParam) {
        var m = model(List.of(input("x", dimParam, 2)), List.of(), List.of(node("r", "Relu", List.of("x"), List.of("y"))), "y");
        List<String> y = solve(m).shapes().get("y");
        assertEquals("2", y.get(1));
        return y.getFirst();
    }

    /** Text that is no expression of the grammar stays one opaque symbol, as before. */
    @Test
    void otherTextStaysAName() {
        for (String name : List.of("batch-size", "h*(w+1)*(w+2)", "2**k", "-s0", "s0 / 2", "3", "s0 // 4398046511104", "s0 + 99999999999999999999")) {
            var m = model(List.of(input("x", name, 2)), List.of(), List.of(node("r", "Relu", List.of("x"), List.of("y"))), "y");
            assertEquals(List.of(Importer.dimName(name), "2"), solve(m).shapes().get("y"), name);
        }
    }
}
