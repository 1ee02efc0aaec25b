package org.shapeforge.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** {@link Interning}: one term per variable, ids in the documented order of first sight, the value unchanged. */
class InterningTest {

    @Test
    void everyVariableIsOneTermNumberedInOrderOfFirstSight() {
        Problem p = Parser.parse("t.shc", """
                leaf <q>, z
                <x> ~ <bt> [i]
                likely(h) = {3}
                total(<w>, <x>) = 64 * v / {k}
                exact(<u>) = [n, 2]
                [i, 3] <= <x>
                h = affine(o, stride=2, kernel=kk)
                size(m) + size(i) >= 4
                """);
        Problem in = Interning.of(p);
        assertEquals(p, in, "the value is unchanged");
        assertEquals(Printer.print(p), Printer.print(in));
        Symbols s = in.symbols().orElseThrow();
        // constraints the native solver reads, in order, then declarations, then the rest (likely)
        List<String> dims = new ArrayList<>(), rows = new ArrayList<>();
        for (int i = 0; i < s.dimCount(); i++) dims.add(s.dim(i).name());
        for (int i = 0; i < s.rowCount(); i++) rows.add(s.row(i).var());
        assertEquals(List.of("i", "k", "v", "n", "h", "o", "kk", "m", "z"), dims);
        assertEquals(List.of("x", "bt", "w", "u", "q"), rows);
        for (int i = 0; i < s.dimCount(); i++) assertEquals(i, s.dim(i).id());
        for (int i = 0; i < s.rowCount(); i++) assertEquals(i, s.row(i).varId());
        assertEquals(2, s.rowId("w"));
        assertEquals(-1, s.dimId("absent"));
        // every occurrence is the table's term (a bare row is; a row with flanks shares its name and id)
        var eq = (Constraint.RowEq) in.constraints().get(0);
        assertSame(s.row(0), eq.left());
        var bt = (Row.Open) eq.right();
        assertSame(s.row(1).var(), bt.var());
        assertEquals(1, bt.varId());
        assertSame(s.dim(0), bt.trail().getFirst());
        var le = (Constraint.RowLe) in.constraints().get(4);
        assertSame(s.dim(0), le.lower().trail().getFirst());
        assertSame(s.row(0), le.upper());
        assertSame(in.symbols().get(), in.withoutExpectations().symbols().orElseThrow());
    }

    @Test
    void theParserInternsAProblemBuiltAnyOtherWayHasNoSymbolTable() {
        Problem parsed = Parser.parse("t.shc", "a = 3\n");
        assertTrue(parsed.symbols().isPresent());
        assertTrue(new Problem("t.shc", parsed.statements()).symbols().isEmpty());
    }

    /** On any generated problem: the same value, and one term per variable carrying its id. */
    @Property(tries = 300)
    void internedProblemsAreEqualAndShareOneTermPerVariable(@ForAll("problems") Problem p) {
        Problem in = Interning.of(p);
        assertEquals(p, in);
        Symbols s = in.symbols().orElseThrow();
        Map<Object, Boolean> seen = new IdentityHashMap<>();
        for (Statement st : in.statements())
            if (st instanceof Constraint c) visit(c, s, seen);
        assertEquals(s.dimCount() + s.rowCount(), seen.size() + unseenDeclared(in, seen, s));
    }

    private static int unseenDeclared(Problem in, Map<Object, Boolean> seen, Symbols s) {
        int n = 0;
        for (Declaration d : in.declarations())
            for (var v : d.vars()) {
                Object t = v.row() ? s.row(s.rowId(v.name())) : s.dim(s.dimId(v.name()));
                if (seen.put(t, true) == null) n++;
            }
        return n;
    }

    private static void visit(Constraint c, Symbols s, Map<Object, Boolean> seen) {
        switch (c) {
            case Constraint.DimEq(var l, var r, var sp) -> { dim(l, s, seen); dim(r, s, seen); }
            case Constraint.DimLe(var l, var r, var sp) -> { dim(l, s, seen); dim(r, s, seen); }
            case Constraint.RowEq(var l, var r, var sp) -> { row(l, s, seen); row(r, s, seen); }
            case Constraint.RowLe(var l, var r, var sp) -> { row(l, s, seen); row(r, s, seen); }
            case Constraint.RowLeOne(var l, var r, var sp) -> { row(l, s, seen); row(r, s, seen); }
            case Constraint.Total t -> {
                t.rows().forEach(r -> row(r, s, seen));
                t.dividedBy().forEach(d -> dim(d, s, seen));
                if (t.numerator() instanceof Constraint.TotalNum.StridedVar v) dim(v.var(), s, seen);
            }
            case Constraint.Exact x -> {
                x.rows().forEach(r -> row(r, s, seen));
                x.axes().forEach(d -> dim(d, s, seen));
            }
            case Constraint.SizeRel r -> { size(r.left(), s, seen); size(r.right(), s, seen); }
            case Constraint.SizeIn r -> size(r.expr(), s, seen);
            case Constraint.Likely l -> dim(l.dim(), s, seen);
        }
    }

    private static void size(SizeExpr e, Symbols s, Map<Object, Boolean> seen) {
        switch (e) {
            case SizeExpr.Size(Dim d) -> dim(d, s, seen);
            case SizeExpr.Add(var a, var b) -> { size(a, s, seen); size(b, s, seen); }
            case SizeExpr.Sub(var a, var b) -> { size(a, s, seen); size(b, s, seen); }
            case SizeExpr.Mul(var a, var b) -> { size(a, s, seen); size(b, s, seen); }
            case SizeExpr.Mod(var a, long k) -> size(a, s, seen);
            case SizeExpr.Lit l -> {}
        }
    }

    private static void row(Row r, Symbols s, Map<Object, Boolean> seen) {
        r.lead().forEach(d -> dim(d, s, seen));
        if (r instanceof Row.Open o) {
            Row.Open t = s.row(o.varId());
            if (o.lead().isEmpty() && o.trail().isEmpty()) assertSame(t, o);
            else assertSame(t.var(), o.var());
            seen.put(t, true);
        }
        r.trail().forEach(d -> dim(d, s, seen));
    }

    private static void dim(Dim d, Symbols s, Map<Object, Boolean> seen) {
        switch (d) {
            case Dim.Var v -> {
                assertSame(s.dim(v.id()), v);
                seen.put(v, true);
            }
            case Dim.Concat c -> c.parts().forEach(p -> dim(p, s, seen));
            case Dim.Affine a -> {
                dim(a.over(), s, seen);
                a.kernel().ifPresent(k -> dim(k, s, seen));
            }
            default -> {}
        }
    }

    @Provide
    Arbitrary<Problem> problems() {
        return ShcArbitraries.problems();
    }
}
