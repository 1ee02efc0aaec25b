package org.shapeforge.program.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** The six examples of seed 000, "Invalid variables in Block specs" (the four-quantifier rule). */
class DiscardableTest {
    static Set<String> of(String spec) {
        return Discardable.of(SpecParser.einsum(spec, null));
    }

    @Test
    void concatProjectedToItsFirstPartDiscardsTheSecond() {
        assertEquals(Set.of("b"), of("a^b => a"));
    }

    @Test
    void concatProjectedToItsSecondPartDiscardsTheFirst() {
        assertEquals(Set.of("a"), of("a^b => b"));
    }

    @Test
    void concatOntoTheSameConcatDiscardsNothing() {
        assertEquals(Set.of(), of("a^b => a^b"));
    }

    @Test
    void unrelatedAxisDiscardsNothing() {
        assertEquals(Set.of(), of("b^c => a"));
    }

    @Test
    void twoShapesConcatenatedDiscardNothing() {
        assertEquals(Set.of(), of("a; b => a^b"));
    }

    @Test
    void aPartCoveringOnlyOneOfTwoShapesIsNotDiscardable() {
        assertEquals(Set.of(), of("a; b => a^c"));
    }

    @Test
    void multiCharacterSpecsWithRowsAndBatchFollowTheSameRule() {
        assertEquals(Set.of("q"), of("...|p^q => ...|p"));
        assertEquals(Set.of("q"), of("...|p => ...|p^q"));
    }
}
