package org.shapeforge.project;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.Semantics;

/**
 * Projection inference (§7; seed 000, "Projections inference"): the entry point for the program
 * front end and the code generator (docs/projections.md).
 *
 * <p>Per operation: elaborate its own constraints with freshened ids against the closed model
 * ({@link Elaboration}, Def. 7.2), solve ({@link ProjectionSolver}, Def. 7.3 and Conj. 8.2's
 * stratum 2). No other operation's constraint is ever read, so nothing leaks between operations
 * (Lemma 7.7(b); the contamination example of seed 000).
 *
 * <p>Failures throw {@link ProjectionError} (a kind per Thm. 7.4, a message naming the operation,
 * tensors and axes). The closed model is the {@code Outcome.Sat.model()} of the global solve; it
 * must ground every row of every occurrence and every spec variable of the operation's template.
 */
public final class ProjectionInference {
    private ProjectionInference() {}

    /** The projections of one operation under the default semantics ({@code flat}). */
    public static Projections project(Operation op, Assignment closed) {
        return project(op, closed, Semantics.FLAT);
    }

    public static Projections project(Operation op, Assignment closed, Semantics semantics) {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(closed, "closed");
        return ProjectionSolver.solve(op, Elaboration.elaborate(op, closed, semantics));
    }

    /**
     * Every operation's projections and the program-wide padding fold (Prop. 8.1). Labels must be
     * distinct. Each equals {@link #project}'s for its operation; operations of the same structure
     * share one solve ({@link SharedProjections}).
     */
    public static ProgramProjections projectAll(List<Operation> ops, Assignment closed) {
        return projectAll(ops, closed, Semantics.FLAT);
    }

    public static ProgramProjections projectAll(List<Operation> ops, Assignment closed, Semantics semantics) {
        Map<String, Projections> out = new LinkedHashMap<>();
        Map<AxisRef, Padding> padding = new TreeMap<>();
        Objects.requireNonNull(closed, "closed");
        SharedProjections shared = new SharedProjections(closed, semantics); // operations of one structure solved once
        for (Operation op : ops) {
            if (out.containsKey(op.label()))
                throw new ProjectionError(ProjectionError.Kind.INPUT, op.label(), "two operations are labeled " + op.label());
            Projections p = shared.project(Objects.requireNonNull(op, "op"));
            out.put(op.label(), p);
            p.padding().forEach((axis, pad) -> padding.merge(axis, pad, Padding::max));
        }
        return new ProgramProjections(out, padding);
    }
}
