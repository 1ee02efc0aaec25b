package org.shapeforge.project;

import java.util.List;

/**
 * What every part of the §7 solver (seed 003) reads about the one operation it solves: the
 * operation, its elaboration (Def. 7.2) and the occurrences; and the three things each part asks
 * of them — an id's size, an occurrence axis's {@link AxisRef}, and a failure that names the
 * theorem it violates (Thm. 7.4(a)–(c), Conj. 8.2 stratum 2). Shared by {@link Stratum1},
 * {@link Labelling} and {@link ProjectionSolver} so that each message reads the same wherever it
 * is raised.
 */
final class SolverContext {
    final Operation op;
    final Elaboration.Result in;
    private final List<TensorOccurrence> occs;

    SolverContext(Operation op, Elaboration.Result in) {
        this.op = op;
        this.in = in;
        this.occs = op.occurrences();
    }

    /** The axis an occurrence id stands for, named by its tensor. */
    AxisRef ref(Node.Axis a) {
        return new AxisRef(occs.get(a.occurrence()).name(), a.kind(), a.position());
    }

    /** The size the closed model gives an id; a missing one is our bug, not the user's. */
    long size(Node n) {
        Long s = in.sizes().get(n);
        if (s == null) throw new IllegalStateException("no size for " + n);
        return s;
    }

    /** An id in words, for failure messages. */
    String describe(Node n) {
        return switch (n) {
            case Node.Axis a -> "tensor " + occs.get(a.occurrence()).name() + " ("
                    + (a.occurrence() == 0 ? "LHS" : "operand " + a.occurrence()) + ") " + a.kind().word + " axis " + a.position();
            case Node.Label l -> "label " + l.var();
            case Node.RowPos r -> "axis " + r.position() + " of <" + r.var() + ">";
        };
    }

    /** A user-facing failure of this operation, tagged with the result of the notes it violates. */
    ProjectionError fail(ProjectionError.Kind kind, String msg) {
        return new ProjectionError(kind, op.label(), msg + " [" + switch (kind) {
            case SIZE_MISMATCH -> "Thm. 7.4(a)";
            case PIN_CONFLICT -> "Thm. 7.4(b)";
            case SOLVED_MISMATCH -> "Thm. 7.4(c)";
            case DERIVED_CONFLICT -> "Conj. 8.2, stratum 2";
            case INPUT -> "input contract";
        } + "]");
    }
}
