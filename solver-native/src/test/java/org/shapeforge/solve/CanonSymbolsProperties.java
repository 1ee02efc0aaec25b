package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Interning;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Statement;
import org.shapeforge.solve.store.Fact;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * {@link Canon} on an interned problem ({@code lang.Interning}) reads the front end's symbol table
 * instead of hashing names, and must number the variables exactly as it does from scratch: the
 * same variables in the same order, the same facts; the interned problem's own terms are kept.
 * A symbol table that does not match the problem is noticed and left (issue 12).
 */
class CanonSymbolsProperties {
    private static final String SIZED = """
            total(<r1>) = 64 * v / {w}
            exact(<r2>) = [n, 2]
            h = affine(o, stride=2, kernel=k)
            g = c ^ 4
            size(m) + size(a) >= 4
            leaf <r4>, z, a
            """;

    @Provide
    Arbitrary<List<Constraint>> problems() {
        return new SolverProperties().problems();
    }

    private static Problem problem(List<Constraint> cs, boolean sized) {
        List<Statement> st = new ArrayList<>(cs);
        if (sized) st.addAll(Parser.parse("s.shc", SIZED).statements());
        return new Problem("gen.shc", st);
    }

    @Property(tries = 300)
    void internedAndPlainInputsAgree(@ForAll("problems") List<Constraint> cs, @ForAll boolean sized) {
        Problem plain = problem(cs, sized), interned = Interning.of(plain);
        Input a = Input.of(plain), b = Input.of(interned);
        assertTrue(b.canon().trusted(), "an interned problem is numbered from its symbol table");
        assertFalse(a.canon().trusted());
        assertEquals(a.dimVars(), b.dimVars());
        assertEquals(a.rowVars(), b.rowVars());
        for (int i = 0; i < plain.constraints().size(); i++) {
            Fact fa = a.fact(i), fb = b.fact(i);
            assertEquals(fa, fb);
            if (fb != null) keptAsIs(fb, (Constraint) interned.constraints().get(i));
        }
        for (int i = 0; i < b.dimTerms().size(); i++) assertEquals(i, b.dimTerms().get(i).id());
        for (int i = 0; i < b.rowTerms().size(); i++) assertEquals(i, b.rowTerms().get(i).varId());
    }

    /** The fact's sides are the interned constraint's own terms: nothing was rebuilt. */
    private static void keptAsIs(Fact f, Constraint c) {
        switch (c) {
            case Constraint.DimEq(Dim l, Dim r, var s) -> {
                assertSame(l, ((Fact.DimEq) f).left());
                assertSame(r, ((Fact.DimEq) f).right());
            }
            case Constraint.DimLe(Dim l, Dim r, var s) -> {
                assertSame(l, ((Fact.DimLe) f).lower());
                assertSame(r, ((Fact.DimLe) f).upper());
            }
            case Constraint.RowEq(Row l, Row r, var s) -> {
                assertSame(l, ((Fact.RowEq) f).left());
                assertSame(r, ((Fact.RowEq) f).right());
            }
            case Constraint.RowLe(Row l, Row r, var s) -> {
                assertSame(l, ((Fact.RowLe) f).lower());
                assertSame(r, ((Fact.RowLe) f).upper());
            }
            default -> throw new AssertionError("no fact expected for " + c);
        }
    }

    /** Another problem's symbol table: the first occurrence that is not its term sends Canon back to hashing, with the same result. */
    @Property(tries = 200)
    void aMismatchedSymbolTableIsLeft(@ForAll("problems") List<Constraint> cs, @ForAll("problems") List<Constraint> other) {
        Problem p = Interning.of(problem(cs, false)), q = Interning.of(problem(other, true));
        Canon trusting = new Canon(4, q.symbols()), plain = new Canon(4, Optional.empty());
        List<Fact> facts = new ArrayList<>();
        List<Integer> at = new ArrayList<>(), atPlain = new ArrayList<>();
        for (Constraint c : p.constraints()) {
            Fact f = Input.factOf(c);
            if (f == null) continue;
            facts.add(f);
            at.add(trusting.record(f));
            atPlain.add(plain.record(f));
        }
        assertEquals(plain.dimVars(), trusting.dimVars());
        assertEquals(plain.rowVars(), trusting.rowVars());
        for (int i = 0; i < facts.size(); i++)
            assertEquals(plain.rebuild(facts.get(i), atPlain.get(i)), trusting.rebuild(facts.get(i), at.get(i)));
    }

    /** An interned problem solves to the same answer as the plain one (above CanonicalOrder's limit, as given). */
    @Test
    void largeInternedProblemSolvesAlike() {
        StringBuilder text = new StringBuilder("64 <= c0\n");
        for (int k = 1; k <= 1_700; k++)
            text.append("<x").append(k).append("> ~ <bt> [i").append(k).append("]\n")
                    .append("<w").append(k).append("> ~ [i").append(k).append(", j").append(k).append("]\n")
                    .append("<m").append(k).append("> ~ <bt> [j").append(k).append("]\n")
                    .append("j").append(k).append(" = ").append(64 * (1 + k % 4)).append('\n')
                    .append("<y").append(k).append("> <= <m").append(k).append(">\n")
                    .append("c").append(k - 1).append(" <= c").append(k).append('\n');
        text.append("i1 = 64\n");
        Problem plain = Parser.parse("big.shc", text.toString());
        assertTrue(plain.constraints().size() > CanonicalOrder.LIMIT);
        var a = new NativeSolver().solve(plain, org.shapeforge.solver.SolveOptions.defaults());
        var b = new NativeSolver().solve(Interning.of(plain), org.shapeforge.solver.SolveOptions.defaults());
        assertEquals(a.getClass(), b.getClass());
        if (a instanceof org.shapeforge.solver.Outcome.Sat sa && b instanceof org.shapeforge.solver.Outcome.Sat sb) {
            assertEquals(sa.model(), sb.model());
            assertEquals(List.copyOf(sa.model().dims().keySet()), List.copyOf(sb.model().dims().keySet()), "same order");
        }
    }
}
