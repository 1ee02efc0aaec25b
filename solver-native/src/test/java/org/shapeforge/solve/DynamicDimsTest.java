package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.shapeforge.solver.Outcome;
import org.shapeforge.term.Dim;

/**
 * {@code dynamic} dimensions are never closed (language.md, "Provenance"): they and the rows that
 * mention them stay out of the model, and the soundness guard reads them at the unit instead of
 * finding them unassigned.
 */
class DynamicDimsTest {

    @Test
    void rowHoldingADynamicDimStaysSymbolicAndPassesTheGuard() {
        Outcome.Sat sat = Solve.sat(Solve.det("dynamic d", "<r> ~ [a, d]", "3 <= a"));
        assertEquals(new Dim.Atom(3), sat.model().dims().get("a"));
        assertFalse(sat.model().dims().containsKey("d"));
        assertFalse(sat.model().rows().containsKey("r"));
        assertTrue(sat.notes().stream().anyMatch(n -> n.contains("<r> stays symbolic")), sat.notes()::toString);
    }

    /**
     * Found 2026-11-24 (ONNX {@code Reshape(x, [-1, 6])} on {@code [batch, 4, 6]}): closing gave y a
     * value, 4, which fixed batch to 1 through the relation. Since issue 31 a variable the relation
     * determines is a derived symbol, {@code y = batch * 4}, never a number.
     */
    @Test
    void aVariableTiedToADynamicDimByASizeRelationIsNotClosed() {
        Outcome.Sat o = Solve.sat(Solve.det("dynamic batch", "size(batch) * 4 == size(y)"));
        assertFalse(o.model().dims().containsKey("y") || o.model().dims().containsKey("batch"), o.model()::toString);
        assertEquals("batch * 4", o.solved().orElseThrow().symbolicSizes().sizes().get("y").toString());
        // a chain through an interior variable too
        Outcome.Sat chain = Solve.sat(Solve.det("dynamic batch", "size(batch) * 4 == size(y)", "size(y) + 1 == size(z)"));
        assertEquals("batch * 4 + 1", chain.solved().orElseThrow().symbolicSizes().sizes().get("z").toString());
        // without the dynamic declaration closing is free to pick (the batch of 1)
        Outcome.Sat free = Solve.sat(Solve.det("size(batch) * 4 == size(y)"));
        assertEquals(new Dim.Atom(4), free.model().dims().get("y"));
    }

    /**
     * Found 2026-11-24 (an ONNX Add of two {@code [batch, seq, 8]} operands): {@code z <= batch} closed
     * z to 1, and {@code 1 <= batch} pinned batch to 1. A variable below one dynamic dimension closes
     * to it (the broadcast result); below two it stays open; the dynamic ones are never pinned.
     */
    @Test
    void aVariableBelowADynamicDimClosesToItNotToTheUnit() {
        Outcome.Sat one = Solve.sat(Solve.det("dynamic batch", "[z] <= [batch]"));
        assertFalse(one.model().dims().containsKey("batch"), one.model()::toString);
        assertEquals(Dim.var("batch"), one.solved().orElseThrow().closedSymbolic().get("z"));
        Outcome.Sat two = Solve.sat(Solve.det("dynamic batch, seq", "[w] <= [batch]", "[w] <= [seq]"));
        assertFalse(two.model().dims().containsKey("batch") || two.model().dims().containsKey("seq"), two.model()::toString);
        assertFalse(two.model().dims().containsKey("w"), two.model()::toString);
        // a static upper bound still closes to the unit's side as before
        Outcome.Sat plain = Solve.sat(Solve.det("[z] <= [b]"));
        assertEquals(Dim.unit(), plain.model().dims().get("z"));
    }

    @Test
    void dynamicDimBoundBySemanticStepsIsInTheModel() {
        Outcome.Sat sat = Solve.sat(Solve.det("dynamic n", "n <= 5"));
        assertEquals(new Dim.Atom(5), sat.model().dims().get("n"));
    }
}
