package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.i;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;
import static org.shapeforge.onnx.Models.str;

import java.util.List;
import java.util.Map;
import onnx.Onnx.ModelProto;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/** NegativeLogLikelihoodLoss, SoftmaxCrossEntropyLoss and GatherElements on small models. */
class LossesTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    private static ImportResult result(ModelProto m) {
        return Importer.translate(m, "m.onnx", Map.of(), SOLVER).solve(SOLVER, SolveOptions.defaults());
    }

    @Test
    void nllLossIsTheTargetsShapeUnderNoneAndAScalarOtherwise() {
        var none = model(List.of(input("x", "n", 5, 7), input("t", "n", 7), input("w", 5)), List.of(),
                List.of(node("l", "NegativeLogLikelihoodLoss", List.of("x", "t", "w"), List.of("y"), str("reduction", "none"))), "y");
        assertEquals(List.of("n", "7"), result(none).shapes().get("y"));
        var mean = model(List.of(input("x", 3, 5), input("t", 3)), List.of(),
                List.of(node("l", "NegativeLogLikelihoodLoss", List.of("x", "t"), List.of("y"))), "y");
        assertEquals(List.of(), result(mean).shapes().get("y"));
    }

    @Test
    void theTargetMustDropExactlyTheClassAxis() {
        var wrongSize = model(List.of(input("x", 3, 5, 7), input("t", 3, 8)), List.of(),
                List.of(node("l", "NegativeLogLikelihoodLoss", List.of("x", "t"), List.of("y"))), "y");
        ImportResult r = result(wrongSize);
        assertTrue(!r.succeeded() && r.failure().message().contains("node 'l' (NegativeLogLikelihoodLoss #0)"), () -> String.valueOf(r.failure()));
        var wrongWeight = model(List.of(input("x", 3, 5), input("t", 3), input("w", 4)), List.of(),
                List.of(node("l", "NegativeLogLikelihoodLoss", List.of("x", "t", "w"), List.of("y"))), "y");
        assertTrue(!result(wrongWeight).succeeded());
        var wrongRank = model(List.of(input("x", 3, 5), input("t", 3, 5)), List.of(),
                List.of(node("l", "NegativeLogLikelihoodLoss", List.of("x", "t"), List.of("y"))), "y");
        ImportError e = assertThrows(ImportError.class, () -> result(wrongRank));
        assertTrue(e.getMessage().contains("must have rank 1"), e.getMessage());
    }

    @Test
    void softmaxCrossEntropyGivesTheLogProbabilitiesTheScoresShape() {
        var m = model(List.of(input("s", "n", 4, 2), input("t", "n", 2)), List.of(),
                List.of(node("l", "SoftmaxCrossEntropyLoss", List.of("s", "t"), List.of("y", "lp"), str("reduction", "sum"))), "y", "lp");
        ImportResult r = result(m);
        assertEquals(List.of(), r.shapes().get("y"));
        assertEquals(List.of("n", "4", "2"), r.shapes().get("lp"));
    }

    @Test
    void gatherElementsHasTheIndicesShape() {
        var m = model(List.of(input("d", 3, 5), input("ix", 3, 2)), List.of(),
                List.of(node("g", "GatherElements", List.of("d", "ix"), List.of("y"), i("axis", 1))), "y");
        assertEquals(List.of("3", "2"), result(m).shapes().get("y"));
        var wrongRank = model(List.of(input("d", 3, 5), input("ix", 2)), List.of(),
                List.of(node("g", "GatherElements", List.of("d", "ix"), List.of("y"))), "y");
        assertThrows(ImportError.class, () -> result(wrongRank));
    }
}
