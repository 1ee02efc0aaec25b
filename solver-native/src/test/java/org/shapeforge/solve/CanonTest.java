package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

class CanonTest {
    /** A fresh String per occurrence, as a parser makes them. */
    private static String fresh(String s) {
        return new String(s.toCharArray());
    }

    @Test
    void everyOccurrenceOfANameBecomesOneInstance() {
        Canon c = new Canon(4);
        Fact a = c.fact(new Fact.RowLe(new Row.Open(List.of(Dim.var(fresh("b"))), fresh("x"), List.of()),
                new Row.Open(List.of(), fresh("y"), List.of(Dim.var(fresh("b"))))));
        Fact b = c.fact(new Fact.RowEq(Row.var(fresh("x")),
                new Row.Closed(List.of(new Dim.Concat(List.of(Dim.var(fresh("b")), Dim.atom(2)))), List.of())));
        var le = (Fact.RowLe) a;
        var eq = (Fact.RowEq) b;
        String x1 = le.lower().rowVar(), x2 = eq.left().rowVar();
        assertSame(x1, x2);
        Dim.Var b1 = (Dim.Var) le.lower().lead().getFirst(), b2 = (Dim.Var) le.upper().trail().getFirst();
        assertSame(b1.name(), b2.name());
        assertSame(b1.name(), ((Dim.Var) ((Dim.Concat) eq.right().lead().getFirst()).parts().getFirst()).name());
        // meaning unchanged
        assertEquals(new Fact.RowEq(Row.var("x"), new Row.Closed(List.of(new Dim.Concat(List.of(Dim.var("b"), Dim.atom(2)))), List.of())), b);
    }

    @Test
    void canonicalTermsAreReturnedAsTheyAre() {
        Canon c = new Canon(4);
        Fact first = c.fact(new Fact.RowLe(new Row.Open(List.of(Dim.var(fresh("b"))), fresh("x"), List.of(Dim.atom(3))),
                Row.literal(List.of(Dim.atom(3)))));
        assertSame(first, c.fact(first));
        Fact other = new Fact.DimLe(Dim.var(fresh("b")), Dim.atom(4));
        Fact rewritten = c.fact(other);
        assertNotSame(other, rewritten);
        assertEquals(other, rewritten);
    }
}
