package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.program.OpKind;
import org.shapeforge.project.Operation;
import org.shapeforge.project.ProjectionInference;
import org.shapeforge.project.Projections;
import org.shapeforge.project.TensorOccurrence;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Lemma 7.7(b) end to end: an operation's projections do not change when other operations are
 * added to the program — here, operations over the same tensors that reduce equal-sized axes
 * together (seed 000's contamination scenario), solved globally by the native solver.
 */
class Lemma7_7Properties {

    @Provide
    Arbitrary<ProjOps.Einsum> einsums() {
        return ProjOps.einsums();
    }

    @Property(tries = 60)
    void addingOtherOperationsChangesNothing(@ForAll("einsums") ProjOps.Einsum e, @ForAll("pairs") List<Integer> pairing) {
        ProjOps.Case c = e.build();
        List<Constraint> terminals = new ArrayList<>();
        c.model().rows().forEach((v, r) -> terminals.add(new Constraint.RowEq(Row.var(v), r, Span.NONE)));
        Assignment alone = solve(terminals, List.of(c.op()));
        Operation other = reducer(c, pairing);
        Assignment together = solve(terminals, List.of(c.op(), other));
        Projections p = ProjectionInference.project(c.op(), alone);
        assertEquals(p, ProjectionInference.projectAll(List.of(c.op(), other), together).operations().get("y"), c.description());
        assertEquals(p, ProjectionInference.project(c.op(), c.model()), c.description());
    }

    @Provide
    Arbitrary<List<Integer>> pairs() {
        return Arbitraries.integers().between(0, 20).list().ofSize(8);
    }

    /**
     * {@code s = einsum(y, a, …, "…=>")}: every axis of every tensor of the operation gets a fresh
     * label, and axes of equal size share a label per {@code pairing} — a full reduction that
     * identifies, in the global solve, sizes the projected operation keeps apart.
     */
    private static Operation reducer(ProjOps.Case c, List<Integer> pairing) {
        List<Constraint> cs = new ArrayList<>();
        List<TensorOccurrence> rhs = new ArrayList<>();
        List<Dim> seen = new ArrayList<>();
        List<Long> seenSizes = new ArrayList<>();
        int fresh = 0, pick = 0;
        for (TensorOccurrence t : c.op().occurrences()) {
            Row g = c.model().rows().get(t.name() + "_o");
            List<Dim> spec = new ArrayList<>();
            for (Dim d : g.flat()) {
                long n = org.shapeforge.semantics.Sizes.size(d);
                Dim chosen = null;
                int want = pairing.get(pick++ % pairing.size());
                for (int s = 0; s < seen.size() && chosen == null; s++)
                    if (seenSizes.get(s) == n && want % (s + 2) == 0) chosen = seen.get(s);
                if (chosen == null) {
                    chosen = new Dim.Var("r" + fresh++);
                    seen.add(chosen);
                    seenSizes.add(n);
                }
                spec.add(chosen);
            }
            cs.add(new Constraint.RowEq(Row.var(t.name() + "_o"), Row.literal(spec), Span.NONE));
            rhs.add(t);
        }
        for (String k : List.of("_b", "_i", "_o")) cs.add(new Constraint.RowEq(Row.var("s" + k), Row.empty(), Span.NONE));
        return new Operation("s", Span.NONE, OpKind.EINSUM, java.util.Optional.empty(), ProjOps.occ("s"), rhs, cs, Map.of(), true);
    }

    private static Assignment solve(List<Constraint> terminals, List<Operation> ops) {
        List<Statement> all = new ArrayList<>(terminals);
        for (Operation o : ops) all.addAll(o.globalConstraints());
        Outcome out = new NativeSolver().solve(new Problem("program", all), SolveOptions.defaults());
        if (out instanceof Outcome.Sat s) return s.model();
        throw new AssertionError("does not solve: " + out);
    }
}
