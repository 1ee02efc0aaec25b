package org.shapeforge.program;

import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.term.Assignment;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolvedForm;

/**
 * The one place where the front end reads a solver's {@link Outcome} (its public API only): the
 * closed model, or a failure with its kind, message and the constraints involved (a proof of
 * unsatisfiability, a policy failure or an input error), or unknown.
 */
public sealed interface Solution {
    record Solved(Assignment model, List<String> notes, java.util.Optional<SolvedForm> solved) implements Solution {}

    record Failed(String kind, String message, List<Constraint> constraints) implements Solution {}

    record Unknown(String reason) implements Solution {}

    static Solution of(Outcome o) {
        return switch (o) {
            case Outcome.Sat s -> new Solved(s.model(), s.notes(), s.solved());
            case Outcome.Unsat u -> new Failed(u.core().kind().keyword, u.core().message(), u.core().constraints());
            // A policy failure or an input error is Unknown at the solver boundary (it is no proof of
            // unsatisfiability) but, for a program, still a failure with its kind and constraints.
            case Outcome.Unknown k -> k.cause()
                    .<Solution>map(f -> new Failed(f.kind().keyword, f.message(), f.constraints()))
                    .orElseGet(() -> new Unknown(k.reason()));
        };
    }
}
