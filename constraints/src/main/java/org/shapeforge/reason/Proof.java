package org.shapeforge.reason;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A verdict with who reached it: {@code decidedBy} is {@link #TERMS} when the normal forms and
 * interval bounds of {@link org.shapeforge.term.sym.SymSize} settled it without a solver, else the
 * {@link org.shapeforge.solver.ShapeSolver#name() name} of the prover whose answer did;
 * {@code fallback} is true when that prover is not the first of the reasoner's chain (an answer
 * from Z3 after the native solver left it unknown is flagged so). {@code counterexample} is a
 * binding of the dims that satisfies the assumptions and violates the relation, checked exactly:
 * present for {@link Verdict#FALSE} where one was found, and for an {@link Verdict#UNKNOWN} that is
 * thereby known not to be entailed (contingent, when the relation was also seen to hold); an
 * UNKNOWN without one is a limit of the provers. {@code reason} is for people.
 */
public record Proof(Verdict verdict, String decidedBy, boolean fallback, String reason, Optional<Map<String, Long>> counterexample) {
    /** The engine name of a verdict the term algebra reached alone. */
    public static final String TERMS = "terms";

    public Proof {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(decidedBy, "decidedBy");
        Objects.requireNonNull(reason, "reason");
        counterexample = counterexample.map(b -> Collections.unmodifiableSortedMap(new TreeMap<>(b)));
        if (counterexample.isPresent() && verdict != Verdict.FALSE && verdict != Verdict.UNKNOWN)
            throw new IllegalArgumentException("a counterexample belongs to a FALSE or UNKNOWN verdict, not " + verdict);
    }

    /** Whether the relation is proved to hold ({@link Verdict#TRUE}). */
    public boolean proved() {
        return verdict == Verdict.TRUE;
    }

    /** Whether the relation is known to fail somewhere the assumptions allow (FALSE, or a contingent UNKNOWN). */
    public boolean refutable() {
        return counterexample.isPresent();
    }

    @Override
    public String toString() {
        return verdict + " (" + decidedBy + (fallback ? ", fallback" : "") + "): " + reason;
    }
}
