package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.solve.close.Provenance;
import org.shapeforge.solve.search.Choices;
import org.shapeforge.solve.store.Why;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/**
 * A run whose derivations keep only their first source ({@code Engine.derivations(true, n)}, what
 * {@link NativeSolver} runs first) decides exactly as one with full derivations: the same end,
 * steps, solved form (residual spans included), policy flags and model; a failure the same message,
 * kind and first constraint. The solver replays with full derivations only to name all of a
 * failure's constraints (issue 12).
 */
class FirstSourceRunProperties {
    private static final String SIZED = """
            total(<r1>) = 64 * v / {w}
            h = affine(o, stride=2, kernel=k)
            g = c ^ 4
            size(m) + size(a) >= 4
            leaf <r2>, a
            """;

    private static Attempt.Result run(Problem p, boolean sources, boolean complete) {
        Input in = Input.of(p);
        return Attempt.run(in, Provenance.of(p), Choices.deterministic(), complete, true, NativeSolver.maxSteps(in), Set.of(), sources);
    }

    private static Problem problem(List<Constraint> cs, boolean sized) {
        List<Statement> st = new ArrayList<>(cs);
        if (sized) st.addAll(Parser.parse("s.shc", SIZED).statements());
        return new Problem("gen.shc", st);
    }

    @Property(tries = 400)
    void withAndWithoutSourcesTheRunIsTheSame(@ForAll("problems") List<Constraint> cs, @ForAll boolean sized,
            @ForAll boolean complete) {
        Problem p = problem(cs, sized);
        Attempt.Result a = run(p, true, complete), b = run(p, false, complete);
        assertEquals(a.getClass(), b.getClass());
        assertEquals(a.steps(), b.steps());
        switch (a) {
            case Attempt.Done da -> {
                Attempt.Done db = (Attempt.Done) b;
                assertEquals(da.model(), db.model());
                assertEquals(da.solved().dimBindings(), db.solved().dimBindings());
                assertEquals(da.solved().rowBindings(), db.solved().rowBindings());
                assertEquals(da.solved().policyRows(), db.solved().policyRows());
                assertEquals(da.solved().policyDims(), db.solved().policyDims());
                assertEquals(da.notes(), db.notes());
                assertEquals(da.solved().residual(), db.solved().residual());
                for (int i = 0; i < da.solved().residual().size(); i++)
                    assertEquals(da.solved().residual().get(i).span(), db.solved().residual().get(i).span());
            }
            case Attempt.Failed fa -> {
                Attempt.Failed fb = (Attempt.Failed) b;
                assertEquals(fa.why().getMessage(), fb.why().getMessage());
                assertEquals(fa.why().error, fb.why().error);
                assertEquals(fa.why().why.policy(), fb.why().why.policy());
                assertEquals(fa.why().why.firstSource(), fb.why().why.firstSource());
                assertTrue(fb.why().why.sources().cardinality() <= 1, "only the first source is kept");
            }
            case Attempt.OutOfBudget o -> assertEquals(o.reason(), ((Attempt.OutOfBudget) b).reason());
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<List<Constraint>> problems() {
        return new SolverProperties().problems();
    }

    /** The solver's answer still names a failure's constraints and places a derived residual: it replays with sources. */
    @Test
    void reportsStillNameConstraintsAndSpans() {
        Problem unsat = Parser.parse("u.shc", "<r> ~ [2, a]\n<r> ~ [b]\n");
        Outcome o = new NativeSolver().solve(unsat, SolveOptions.defaults());
        assertTrue(o instanceof Outcome.Unsat, o.toString());
        assertEquals(2, ((Outcome.Unsat) o).core().constraints().size());

        Problem residual = Parser.parse("r.shc", "<r> ~ [a]\ntotal(<r>) = 6\n"); // a's size is known, its basis not yet
        Outcome s = new NativeSolver().solve(residual, SolveOptions.defaults());
        assertTrue(s instanceof Outcome.Sat, s.toString());
        List<Constraint> res = ((Outcome.Sat) s).solved().orElseThrow().residual();
        assertFalse(res.isEmpty(), res.toString());
        for (Constraint c : res) assertEquals(2, c.span().line(), "a residual keeps its origin's span: " + c);
    }

    @Test
    void firstOnlyDerivationsAreSharedLeaves() {
        assertEquals(Why.GUESS, Why.NONE.asPolicy());
        Why[] table = Why.firstOnly(10);
        Why a = Why.first(table, 3), b = Why.first(table, 7);
        assertSame(a, b.and(a));
        assertSame(a, a.and(b));
        assertSame(a, Why.first(table, 3), "one leaf per source");
        Why p = b.and(a.asPolicy());
        assertTrue(p.policy());
        assertEquals(3, p.firstSource());
        assertSame(p, a.and(Why.GUESS), "a guess joins the flag");
        assertSame(p, Why.GUESS.and(b).and(a));
        assertEquals(Why.GUESS, Why.GUESS.and(Why.NONE));
        assertEquals(java.util.BitSet.valueOf(new long[] {1L << 3}), a.and(b).sources());
        Why full = Why.source(3).and(Why.source(7));
        assertEquals(2, full.sources().cardinality());
    }
}
