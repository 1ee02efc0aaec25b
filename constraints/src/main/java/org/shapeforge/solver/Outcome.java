package org.shapeforge.solver;

import java.util.List;
import java.util.Optional;
import org.shapeforge.semantics.Assignment;

/** A solver's tri-state answer: never a boolean (style lesson 2). */
public sealed interface Outcome {
    Stats stats();

    /**
     * Satisfiable, with a ground model that the trusted evaluator accepted (for native: the closed
     * values, Def. 6.1) and, for the native solver, its solved form. {@code notes} are
     * human-readable remarks (e.g. which policy branch the complete mode took).
     */
    record Sat(Assignment model, Optional<SolvedForm> solved, List<String> notes, Stats stats) implements Outcome {
        public Sat {
            notes = List.copyOf(notes);
        }
    }

    /**
     * No solution found: proved unsatisfiable ({@link FailureKind#SEMANTIC}, {@link FailureKind#UNSAT}),
     * rejected by policy, or an input error. {@code rankBound} is present when the verdict holds only
     * for rows of rank at most that bound ({@code unsat (rank ≤ K)}).
     */
    record Unsat(Failure failure, Optional<Integer> rankBound, Stats stats) implements Outcome {}

    /** Neither: a timeout or an undecided theory ({@code reason} says which). */
    record Unknown(String reason, Stats stats) implements Outcome {}
}
