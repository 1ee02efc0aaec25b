package org.shapeforge.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Problem}: the statements split by kind once, in source order; a value with a record's contract. */
class ProblemTest {
    static final String TEXT = "leaf a\n<r> ~ [a, 3]\nexpect native: sat\nb <= 4\nparam b\n";

    @Test
    void splitsByKindInSourceOrder() {
        Problem p = Parser.parse("p.shc", TEXT);
        assertEquals(5, p.statements().size());
        assertEquals(List.of("<r> ~ [a, 3]", "b <= 4"), p.constraints().stream().map(Printer::print).toList());
        assertEquals(2, p.declarations().size());
        assertEquals(1, p.expectations().size());
        assertSame(p.constraints(), p.constraints()); // split once, not per call
        Problem q = p.withoutExpectations();
        assertEquals(4, q.statements().size());
        assertEquals(p.constraints(), q.constraints());
        assertSame(q, q.withoutExpectations());
    }

    @Test
    void equalityIsTheFileAndTheStatements() {
        Problem p = Parser.parse("p.shc", TEXT), same = Parser.parse("p.shc", TEXT);
        assertEquals(p, same);
        assertEquals(p.hashCode(), same.hashCode());
        assertNotEquals(p, Parser.parse("other.shc", TEXT));
        assertNotEquals(p, p.withoutExpectations());
        assertEquals(p, new Problem("p.shc", p.statements()));
    }
}
