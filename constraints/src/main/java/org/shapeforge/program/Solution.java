package org.shapeforge.program;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Declaration;
import org.shapeforge.solver.Failure;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.term.Assignment;

/**
 * The one place where the front end reads a solver's {@link Outcome} (its public API only): the
 * closed model, or a failure with its kind, message and the constraints involved (a proof of
 * unsatisfiability, a policy failure or an input error), or unknown. A failure names its
 * constraints by index into {@link Generated#constraints()} (so their {@link Origin}s are
 * {@code origins().get(i)}), and a hidden dimension found by the front end names the parameter's
 * row variable (the front end's {@link HiddenDims} or the solver's {@link Failure#hidden()}): typed
 * data, nothing read back from the message and no constraint looked up by identity.
 */
public sealed interface Solution {
    record Solved(Assignment model, List<String> notes, Optional<SolvedForm> solved) implements Solution {}

    /**
     * A failure: its kind and message, the indices of the constraints involved, and the row
     * variable of a parameter whose hidden dimension caused it ({@link HiddenDims}, or the solver's
     * closing), if it did.
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

    /** The outcome of solving {@code g}'s problem ({@link Generated#problem()}), its failure's constraints as indices into {@code g}. */
    static Solution of(Outcome o, Generated g) {
        return switch (o) {
            case Outcome.Sat s -> new Solved(s.model(), s.notes(), s.solved());
            case Outcome.Unsat u -> failed(u.core());
            // A policy failure or an input error is Unknown at the solver boundary (it is no proof of
            // unsatisfiability) but, for a program, still a failure with its kind and constraints.
            case Outcome.Unknown k -> k.cause().<Solution>map(Solution::failed).orElseGet(() -> new Unknown(k.reason()));
        };
    }

    /**
     * A solver's failure on {@code g.problem()}: its indices are already indices into
     * {@code g.constraints()} (the problem lists the generated constraints first, in order), and a
     * hidden dimension the solver names is the parameter's row variable.
     */
    private static Failed failed(Failure f) {
        return new Failed(f.kind().keyword, f.message(), f.indices(),
                f.hidden().filter(Declaration.VarRef::row).map(Declaration.VarRef::name));
    }
}
