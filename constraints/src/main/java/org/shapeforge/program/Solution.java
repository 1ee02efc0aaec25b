package org.shapeforge.program;

import java.util.BitSet;
import java.util.Optional;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.term.Assignment;

/**
 * The one place where the front end reads a solver's {@link Outcome} (its public API only): the
 * closed model, or a failure with its kind, message and the constraints involved (a proof of
 * unsatisfiability, a policy failure or an input error), or unknown. A failure names its
 * constraints by index into {@link Generated#constraints()} (so their {@link Origin}s are
 * {@code origins().get(i)}), and a hidden dimension found by the front end names the parameter's
 * row variable: typed data, nothing read back from the message.
 */
public sealed interface Solution {
    record Solved(Assignment model, java.util.List<String> notes, Optional<SolvedForm> solved) implements Solution {}

    /**
     * A failure: its kind and message, the indices of the constraints involved, and the row
     * variable of a parameter whose hidden dimension caused it ({@link HiddenDims}), if it did.
     */
    record Failed(String kind, String message, BitSet constraints, Optional<String> hiddenRow) implements Solution {
        public Failed {
            constraints = (BitSet) constraints.clone();
        }

        /** A copy: the value stays immutable. */
        @Override
        public BitSet constraints() {
            return (BitSet) constraints.clone();
        }
    }

    record Unknown(String reason) implements Solution {}

    /** The outcome of solving {@code g}'s problem, its failure's constraints as indices into {@code g}. */
    static Solution of(Outcome o, Generated g) {
        return switch (o) {
            case Outcome.Sat s -> new Solved(s.model(), s.notes(), s.solved());
            case Outcome.Unsat u -> new Failed(u.core().kind().keyword, u.core().message(), g.indicesOf(u.core().constraints()),
                    Optional.empty());
            // A policy failure or an input error is Unknown at the solver boundary (it is no proof of
            // unsatisfiability) but, for a program, still a failure with its kind and constraints.
            case Outcome.Unknown k -> k.cause()
                    .<Solution>map(f -> new Failed(f.kind().keyword, f.message(), g.indicesOf(f.constraints()), Optional.empty()))
                    .orElseGet(() -> new Unknown(k.reason()));
        };
    }
}
