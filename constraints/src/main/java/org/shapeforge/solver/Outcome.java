package org.shapeforge.solver;

import java.util.List;
import java.util.Optional;
import org.shapeforge.term.Assignment;

/**
 * A solver's tri-state answer (style lesson 2): {@code Sat | Unsat(core) | Unknown(reason)}.
 * Only a proof of unsatisfiability is {@link Unsat}; an answer that may still be satisfiable —
 * a native policy failure (Lemma 5.1), an input the solver does not accept, a bounded SMT
 * refutation whose bound is not proved sufficient, a timeout — is {@link Unknown}.
 */
public sealed interface Outcome {
    Stats stats();

    /** The failure of a negative answer: the core of an Unsat, the failure behind an Unknown if any. */
    default Optional<Failure> failure() {
        return switch (this) {
            case Sat s -> Optional.empty();
            case Unsat u -> Optional.of(u.core());
            case Unknown u -> u.cause();
        };
    }

    /** The failure's kind, if this is a negative answer with one. */
    default Optional<FailureKind> failureKind() {
        return failure().map(Failure::kind);
    }

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
     * Proved unsatisfiable: a native failure derived by semantic steps only ({@link FailureKind#SEMANTIC},
     * Lemma 5.1) or an SMT refutation that holds for every rank ({@link FailureKind#UNSAT}).
     * {@code core} lists the constraints involved.
     */
    record Unsat(Failure core, Stats stats) implements Outcome {
        public Unsat {
            if (!core.kind().provesUnsat())
                throw new IllegalArgumentException("an Unsat outcome needs a proof, not a " + core.kind().keyword + " failure");
        }
    }

    /**
     * Neither proved nor refuted. {@code reason} says why (timeout, unsupported construct, …);
     * {@code cause} is the failure behind it when there is one: a native {@link FailureKind#POLICY}
     * failure, an input {@link FailureKind#ERROR}, or an SMT refutation only for rows of rank at
     * most {@code rankBound} ({@link FailureKind#BOUNDED}).
     */
    record Unknown(String reason, Optional<Failure> cause, Optional<Integer> rankBound, Stats stats) implements Outcome {
        public Unknown {
            if (cause.isPresent() && cause.get().kind().provesUnsat())
                throw new IllegalArgumentException("a proof of unsatisfiability is an Unsat outcome");
        }

        public Unknown(String reason, Stats stats) {
            this(reason, Optional.empty(), Optional.empty(), stats);
        }

        /** An unknown caused by a failure that proves nothing (policy, error, bounded). */
        public static Unknown of(Failure cause, Stats stats) {
            return new Unknown(cause.kind().keyword + ": " + cause.message(), Optional.of(cause), Optional.empty(), stats);
        }
    }
}
