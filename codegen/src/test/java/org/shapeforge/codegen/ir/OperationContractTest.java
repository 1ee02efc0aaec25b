package org.shapeforge.codegen.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The checks of {@link Operation}'s constructor: each is a statement of the notes the emitters rely on. */
class OperationContractTest {
    private static final ProductSpace I4 = new ProductSpace(List.of(new Factor.Single(new LoopVar("i", 4))));

    @Test
    void thm7_8_boundedAddressingRejectsAReadPastTheExtentWithoutMargin() {
        var e = assertThrows(IllegalArgumentException.class, () -> new Operation("shift", List.of(TensorDecl.of("x", List.of(4)),
                TensorDecl.of("y", List.of(4))), I4, new Access("y", List.of(Index.iter("i"))),
                Expr.read("x", new Index.Affine(List.of(new Index.Term(1, "i")), 1)), Update.assign()));
        assertTrue(e.getMessage().contains("Thm. 7.8"), e.getMessage());
        assertTrue(e.getMessage().contains("x axis 0"), e.getMessage());
    }

    @Test
    void thm7_8_aMarginMakesTheSameReadValid() {
        TensorDecl x = new TensorDecl("x", List.of(4), List.of(new TensorDecl.Margin(0, 1)), 0);
        Operation op = new Operation("shift", List.of(x, TensorDecl.of("y", List.of(4))), I4, new Access("y", List.of(Index.iter("i"))),
                Expr.read("x", new Index.Affine(List.of(new Index.Term(1, "i")), 1)), Update.assign());
        assertEquals(5, op.tensor("x").physical(0));
    }

    @Test
    void leftHandSideNeverAddressesItsMargins() {
        TensorDecl y = new TensorDecl("y", List.of(4), List.of(new TensorDecl.Margin(1, 1)), 0);
        assertThrows(IllegalArgumentException.class, () -> new Operation("w", List.of(TensorDecl.of("x", List.of(4)), y), I4,
                new Access("y", List.of(new Index.Affine(List.of(new Index.Term(1, "i")), -1))), Expr.read("x", Index.iter("i")),
                Update.assign()));
    }

    @Test
    void prop7_6_aReductionAxisNeedsAnAccumulator() {
        var e = assertThrows(IllegalArgumentException.class, () -> new Operation("sum", List.of(TensorDecl.of("x", List.of(4)),
                TensorDecl.of("y", List.of(1))), I4, new Access("y", List.of(Index.fixed(0))), Expr.read("x", Index.iter("i")),
                Update.assign()));
        assertTrue(e.getMessage().contains("Def. 7.5"), e.getMessage());
    }

    @Test
    void prop7_6_anOverwriteNeedsAnInjectiveLeftHandSide() {
        ProductSpace ij = new ProductSpace(List.of(new Factor.Single(new LoopVar("i", 3)), new Factor.Single(new LoopVar("j", 3))));
        Index sum = new Index.Affine(List.of(new Index.Term(1, "i"), new Index.Term(1, "j")), 0);
        assertThrows(IllegalArgumentException.class, () -> new Operation("band", List.of(TensorDecl.of("x", List.of(3, 3)),
                TensorDecl.of("y", List.of(5))), ij, new Access("y", List.of(sum)), Expr.read("x", Index.iter("i"), Index.iter("j")),
                Update.assign()));
        Operation folded = new Operation("band", List.of(TensorDecl.of("x", List.of(3, 3)), TensorDecl.of("y", List.of(5))), ij,
                new Access("y", List.of(sum)), Expr.read("x", Index.iter("i"), Index.iter("j")), Update.accumulate(BinOp.ADD));
        assertFalse(folded.coverage().injective());
        assertTrue(folded.coverage().initializationRequired(folded.update()));
    }

    @Test
    void theRightHandSideMayNotReadTheLeftHandSide() {
        assertThrows(IllegalArgumentException.class, () -> new Operation("self", List.of(TensorDecl.of("y", List.of(4))), I4,
                new Access("y", List.of(Index.iter("i"))), Expr.read("y", Index.iter("i")), Update.assign()));
    }

    @Test
    void aConcatIndexMustNamePartsOfOneConcatFactor() {
        ProductSpace s = new ProductSpace(List.of(new Factor.Single(new LoopVar("i", 2)), new Factor.Single(new LoopVar("j", 2))));
        assertThrows(IllegalArgumentException.class, () -> new Operation("bad", List.of(TensorDecl.of("x", List.of(2, 2)),
                TensorDecl.of("y", List.of(4))), s, new Access("y", List.of(new Index.Concat(List.of("i", "j")))),
                Expr.read("x", Index.iter("i"), Index.iter("j")), Update.assign()));
    }

    @Test
    void symbolsMustBeIteratorsOfTheSpace() {
        var e = assertThrows(IllegalArgumentException.class, () -> new Operation("free", List.of(TensorDecl.of("x", List.of(4)),
                TensorDecl.of("y", List.of(4))), I4, new Access("y", List.of(Index.iter("i"))), Expr.read("x", Index.iter("k")),
                Update.assign()));
        assertTrue(e.getMessage().contains("k"), e.getMessage());
    }

    @Test
    void subAndDivCannotAccumulate() {
        assertThrows(IllegalArgumentException.class, () -> Update.accumulate(BinOp.SUB));
        assertThrows(IllegalArgumentException.class, () -> Update.accumulate(BinOp.DIV));
    }

    @Test
    void helpersFollowDef7_3Labeling() {
        // a size-1 class is Fix(0) and mints no factor; a broadcast size-1 operand axis is pinned at 0 (P2)
        Operation op = Ops.broadcast(BinOp.ADD, List.of(4, 1), List.of(1, 5));
        assertEquals(2, op.space().factors().size());
        assertEquals(Index.fixed(0), op.reads().get(0).index().get(1));
        assertEquals(Index.fixed(0), op.reads().get(1).index().get(0));
        assertEquals(1, Ops.matmul(1, 3, 4).space().factors().size() - 1); // i (size 1) gone: j, k remain
        // Concat parts keep their symbols even at size 1
        Operation c = Ops.concat(List.of(List.of(1), List.of(1)), 0);
        assertEquals(List.of("p0", "p1"), c.space().factors().getFirst().vars().stream().map(LoopVar::symbol).toList());
    }
}
