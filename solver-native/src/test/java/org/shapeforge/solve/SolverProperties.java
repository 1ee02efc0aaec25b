package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Generated core-fragment inputs (1–6 constraints, ≤ 3 row variables, ≤ 4 dimension
 * variables, explicit ranks ≤ 3, atoms from {2, 3, 5}, occasionally a basis tag): the solver
 * terminates, its models satisfy the input under flat, and its verdict and closed values do not
 * depend on the order of the constraints.
 */
class SolverProperties {

    @Provide
    Arbitrary<List<Constraint>> problems() {
        return constraint().list().ofMinSize(1).ofMaxSize(6);
    }

    Arbitrary<Dim> dim() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.of(2L, 3L, 5L).map(Dim::atom)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(Dim.unit())),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(new Dim.Atom(3, "rgb"))),
                net.jqwik.api.Tuple.of(4, Arbitraries.of("a", "b", "c", "d").map(Dim::var)));
    }

    Arbitrary<Row> row() {
        Arbitrary<List<Dim>> flank = dim().list().ofMaxSize(2);
        Arbitrary<String> var = Arbitraries.of("r1", "r2", "r3", "");
        return Combinators.combine(flank, var, flank).as((l, v, t) -> {
            List<Dim> trail = l.size() + t.size() > 3 ? t.subList(0, 3 - l.size()) : t;
            return v.isEmpty() ? new Row.Closed(l, trail) : new Row.Open(l, v, trail);
        });
    }

    Arbitrary<Constraint> constraint() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(1, Combinators.combine(dim(), dim()).as((a, b) -> (Constraint) new Constraint.DimEq(a, b, Span.NONE))),
                net.jqwik.api.Tuple.of(2, Combinators.combine(dim(), dim()).as((a, b) -> (Constraint) new Constraint.DimLe(a, b, Span.NONE))),
                net.jqwik.api.Tuple.of(3, Combinators.combine(row(), row()).as((a, b) -> (Constraint) new Constraint.RowEq(a, b, Span.NONE))),
                net.jqwik.api.Tuple.of(3, Combinators.combine(row(), row()).as((a, b) -> (Constraint) new Constraint.RowLe(a, b, Span.NONE))));
    }

    static Outcome solve(List<Constraint> cs, boolean complete) {
        List<Statement> st = new ArrayList<>(cs);
        return new NativeSolver().solve(new Problem("gen.shc", st), SolveOptions.defaults().withComplete(complete));
    }

    @Property(tries = 400)
    void solveTerminatesAndModelsSatisfyFlat(@ForAll("problems") List<Constraint> cs) {
        Outcome o = solve(cs, false);
        // the core fragment is decided: no budget or unsupported-construct unknowns (a policy failure is an Unknown with a cause)
        assertFalse(o instanceof Outcome.Unknown u && u.cause().isEmpty(), o.toString());
        if (o instanceof Outcome.Sat s) {
            var full = s.model();
            assertTrue(Evaluator.holdsAll(cs, full, Semantics.FLAT), Evaluator.evaluate(cs, full, Semantics.FLAT).toString());
        }
    }

    @Property(tries = 300)
    void verdictAndClosedValuesDoNotDependOnOrder(@ForAll("problems") List<Constraint> cs,
            @ForAll @IntRange(min = 0, max = 5) int rotate) {
        List<Constraint> perm = new ArrayList<>(cs);
        Collections.reverse(perm);
        Collections.rotate(perm, rotate);
        Outcome a = solve(cs, false), b = solve(perm, false);
        assertEquals(a instanceof Outcome.Sat, b instanceof Outcome.Sat, a + "\nvs\n" + b);
        if (a instanceof Outcome.Sat sa && b instanceof Outcome.Sat sb) {
            assertEquals(sa.model().dims(), sb.model().dims());
            for (var e : sa.model().rows().entrySet())
                assertEquals(e.getValue().flat(), sb.model().rows().get(e.getKey()).flat(), e.getKey());
        }
    }

    @Property(tries = 200)
    void completeModeSucceedsWheneverDeterministicDoes(@ForAll("problems") List<Constraint> cs) {
        Outcome det = solve(cs, false), comp = solve(cs, true);
        if (det instanceof Outcome.Sat) assertEquals(Outcome.Sat.class, comp.getClass(), comp.toString());
    }
}
