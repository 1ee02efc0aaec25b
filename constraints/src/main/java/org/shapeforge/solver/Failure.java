package org.shapeforge.solver;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;

/**
 * A negative answer: its kind, a message naming the constraint kind and the numbers involved (for
 * people), and the same facts as typed data for programs (style lesson 13: nothing is read back
 * from the message): the original constraints involved (an unsat core for SMT; the derivation's
 * sources for native), whose spans are the origins; their {@code indices} into the solved
 * problem's {@link org.shapeforge.lang.Problem#constraints()} (a front end that generated the
 * problem reads its own origins by index, never by looking a constraint object up); and the
 * parameter variable closing could not determine, when a hidden dimension is the cause.
 */
public record Failure(FailureKind kind, String message, List<Constraint> constraints, BitSet indices,
        Optional<Declaration.VarRef> hidden) {
    public Failure {
        constraints = List.copyOf(constraints);
        indices = (BitSet) indices.clone();
        Objects.requireNonNull(hidden, "hidden");
        if (indices.cardinality() != constraints.size())
            throw new IllegalArgumentException("one index per constraint involved: " + indices + " for " + constraints.size());
    }

    /**
     * The failure involving the constraints at {@code indices} of {@code problemConstraints} (the
     * solved problem's {@code constraints()}), in index order.
     */
    public static Failure of(FailureKind kind, String message, List<Constraint> problemConstraints, BitSet indices,
            Optional<Declaration.VarRef> hidden) {
        List<Constraint> involved = new ArrayList<>(indices.cardinality());
        for (int i = indices.nextSetBit(0); i >= 0; i = indices.nextSetBit(i + 1)) involved.add(problemConstraints.get(i));
        return new Failure(kind, message, involved, indices, hidden);
    }

    /** As above, with no hidden dimension named. */
    public static Failure of(FailureKind kind, String message, List<Constraint> problemConstraints, BitSet indices) {
        return of(kind, message, problemConstraints, indices, Optional.empty());
    }

    /** A failure involving every constraint of a problem whose constraints are exactly {@code constraints}. */
    public static Failure ofAll(FailureKind kind, String message, List<Constraint> constraints) {
        BitSet all = new BitSet(constraints.size());
        all.set(0, constraints.size());
        return new Failure(kind, message, constraints, all, Optional.empty());
    }

    /** A copy: the value stays immutable. */
    @Override
    public BitSet indices() {
        return (BitSet) indices.clone();
    }

    /** {@code file:line} of each constraint involved, in order, without duplicates. */
    public List<String> origins() {
        return constraints.stream().map(c -> c.span().fileLine()).distinct().toList();
    }
}
