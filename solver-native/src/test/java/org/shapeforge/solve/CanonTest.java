package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** {@link Canon}: interning the input's variables to ids and rebuilding facts over canonical terms (issue 12). */
class CanonTest {
    /** A fresh String per occurrence, as a parser makes them. */
    private static String fresh(String s) {
        return new String(s.toCharArray());
    }

    private static Fact intern(Canon c, Fact f) {
        return c.rebuild(f, c.record(f));
    }

    @Test
    void everyOccurrenceOfANameBecomesOneTermWithTheIdOfFirstSight() {
        Canon c = new Canon(4);
        Fact a = intern(c, new Fact.RowLe(new Row.Open(List.of(Dim.var(fresh("b"))), fresh("x"), List.of()),
                new Row.Open(List.of(), fresh("y"), List.of(Dim.var(fresh("b"))))));
        Fact b = intern(c, new Fact.RowEq(Row.var(fresh("x")),
                new Row.Closed(List.of(new Dim.Concat(List.of(Dim.var(fresh("b")), Dim.var(fresh("q"))))), List.of())));
        var le = (Fact.RowLe) a;
        var eq = (Fact.RowEq) b;
        String x1 = le.lower().rowVar(), x2 = eq.left().rowVar();
        assertSame(x1, x2);
        assertEquals(0, ((Row.Open) le.lower()).varId());
        assertEquals(1, ((Row.Open) le.upper()).varId());
        assertSame(c.rowTerms().get(0), eq.left(), "a bare row is the variable's canonical term");
        Dim.Var b1 = (Dim.Var) le.lower().lead().getFirst(), b2 = (Dim.Var) le.upper().trail().getFirst();
        assertSame(b1, b2, "every occurrence is the variable's one term");
        Dim.Var q = (Dim.Var) ((Dim.Concat) eq.right().lead().getFirst()).parts().get(1);
        assertEquals(List.of(0, 1), List.of(b1.id(), q.id()));
        assertEquals(List.of("b", "q"), List.copyOf(c.dimVars()));
        assertEquals(List.of("x", "y"), List.copyOf(c.rowVars()));
        // meaning unchanged: ids are hints that equality ignores
        assertEquals(new Fact.RowEq(Row.var("x"),
                new Row.Closed(List.of(new Dim.Concat(List.of(Dim.var("b"), Dim.var("q")))), List.of())), b);
    }

    @Test
    void canonicalTermsAreReturnedAsTheyAre() {
        Canon c = new Canon(4);
        Fact first = intern(c, new Fact.RowLe(new Row.Open(List.of(Dim.var(fresh("b"))), fresh("x"), List.of(Dim.atom(3))),
                Row.literal(List.of(Dim.atom(3)))));
        assertSame(first, intern(c, first));
        Fact ground = new Fact.DimLe(Dim.atom(2), Dim.atom(4));
        assertSame(ground, intern(c, ground));
        Fact other = new Fact.DimLe(Dim.var(fresh("b")), Dim.atom(4));
        Fact rewritten = intern(c, other);
        assertNotSame(other, rewritten);
        assertEquals(other, rewritten);
    }

    /** Facts are rebuilt when asked for, in any order, from the ids noted when they were recorded. */
    @Test
    void rebuildReadsEachFactsOwnIds() {
        Canon c = new Canon(2);
        Fact f1 = new Fact.DimEq(Dim.var("a"), new Dim.Affine(Dim.var("o"), 2, java.util.Optional.of(Dim.var("k")), 1, false, 0));
        Fact f2 = new Fact.RowEq(new Row.Open(List.of(Dim.var("k")), "r", List.of(Dim.var("a"))), Row.var("s"));
        int s1 = c.record(f1), s2 = c.record(f2);
        Fact r2 = c.rebuild(f2, s2), r1 = c.rebuild(f1, s1);
        assertEquals(f1, r1);
        assertEquals(f2, r2);
        var affine = (Dim.Affine) ((Fact.DimEq) r1).right();
        assertEquals(List.of(0, 1, 2), List.of(((Dim.Var) ((Fact.DimEq) r1).left()).id(), ((Dim.Var) affine.over()).id(),
                ((Dim.Var) affine.kernel().get()).id()));
        var open = (Row.Open) ((Fact.RowEq) r2).left();
        assertSame(affine.kernel().get(), open.lead().getFirst());
        assertEquals(List.of(0, 1), List.of(open.varId(), ((Row.Open) ((Fact.RowEq) r2).right()).varId()));
    }
}
