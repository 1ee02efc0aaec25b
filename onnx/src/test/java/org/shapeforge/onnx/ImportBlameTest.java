package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shapeforge.onnx.Models.input;
import static org.shapeforge.onnx.Models.model;
import static org.shapeforge.onnx.Models.node;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.Failure;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.solver.Stats;

/**
 * Whom a failure blames (issue 32): a proof names the node whose constraint brought the facts
 * together and lists every node involved; a declared shape involved is blamed as the
 * declaration, naming the value and its node; a failure that is no proof (a policy step) blames
 * no node, it lists them.
 */
class ImportBlameTest {
    private static final NativeSolver SOLVER = new NativeSolver();

    private static Imported chain() {
        // relu(x [2, 3]) then MatMul with b [4, 5]: the MatMul's contraction meets relu's copy of 3
        return Importer.translate(model(List.of(input("x", 2, 3), input("b", 4, 5)), List.of(),
                List.of(node("relu", "Relu", List.of("x"), List.of("a")), node("mm", "MatMul", List.of("a", "b"), List.of("y"))), "y"),
                "chain.onnx", Map.of(), SOLVER);
    }

    @Test
    void aProofBlamesTheNodeThatBroughtTheFactsTogetherAndListsAll() {
        ImportResult r = chain().solve(SOLVER, SolveOptions.defaults());
        assertEquals(ImportFailureKind.SEMANTIC, r.failure().kind());
        assertTrue(r.failure().message().startsWith("shape mismatch at node 'mm' (MatMul #1): "), r.failure().message());
        assertEquals(List.of("node 'relu' (Relu #0)", "node 'mm' (MatMul #1)"), r.failure().nodes());
        assertEquals(Optional.of(new NodeOrigin(1, "mm", "MatMul", "")), r.failure().blamed());
        assertEquals(List.of(0, 1), r.failure().involved().stream().map(NodeOrigin::index).toList());
    }

    @Test
    void theHeadlineIsTheMessageWithoutItsListOfNodes() {
        ImportResult r = chain().solve(SOLVER, SolveOptions.defaults());
        String message = r.failure().message(), headline = r.failure().headline();
        assertEquals(message, headline + " (nodes involved: node 'relu' (Relu #0), node 'mm' (MatMul #1))");
        assertEquals(headline + " (2 nodes involved)", r.failure().brief()); // the corpus table's short form, from the typed list
        ImportResult.Failure one = new ImportResult.Failure(ImportFailureKind.UNKNOWN, "timeout", List.of(), List.of("node 'a' (Relu #0)"));
        assertEquals("timeout", one.brief());
    }

    @Test
    void aPolicyFailureBlamesNoNodeAndSaysItIsNoProof() {
        Imported im = chain();
        Failure policy = Failure.ofAll(FailureKind.POLICY, "closing guessed", im.constraints());
        ImportResult r = ImportResult.of(im, new Outcome.Unknown("policy", Optional.of(policy), Optional.empty(), new Stats(0, 0, 0)));
        assertEquals(ImportFailureKind.POLICY, r.failure().kind());
        assertTrue(r.failure().message().startsWith("no mismatch proven (a policy step of the native solver is on the derivation;"),
                r.failure().message());
        assertTrue(r.failure().message().contains("among node 'relu' (Relu #0), node 'mm' (MatMul #1): closing guessed"), r.failure().message());
        assertFalse(r.failure().message().contains("shape mismatch at"), r.failure().message());
        assertEquals(Optional.empty(), r.failure().blamed());
    }
}
