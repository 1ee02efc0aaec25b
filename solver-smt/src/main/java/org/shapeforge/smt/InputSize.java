package org.shapeforge.smt;

import java.lang.reflect.RecordComponent;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Span;
import org.shapeforge.term.Dim;

/**
 * The size of an input for the SMT backend: the number of symbolic term nodes (records:
 * constraints, dimension and row terms, size expressions; literal dimensions {@code 3:rgb} and the
 * unit are not counted, Z3 folds them into constants) reachable from the constraints, and the
 * input-size policy built on it (issue 13). Z3's check of a wide term grows faster than linearly (a
 * 10,000-part concat of distinct variables about 3 s, 20,000 parts about 9 s with the legacy
 * simplex, 11 s and a timeout with the default arithmetic solver), so above {@link #limit()} nodes
 * the SMT commands answer {@code unknown} (export: a clear error) at once instead of spending
 * their timeout; the native solver has no such limit.
 *
 * <p>The count walks records generically (their components, lists and optionals) with an explicit
 * worklist, so it covers every term kind without recursion on the input's depth, and stops as
 * soon as it passes the bound it is asked about.
 */
public final class InputSize {
    private InputSize() {}

    /** Default limit on term nodes for the SMT backend. */
    public static final int DEFAULT_LIMIT = 10_000;

    /** The environment variable raising (or lowering) the limit: a positive integer. */
    public static final String ENV = "SHAPEFORGE_SMT_MAX_NODES";

    /** Above this many nodes Z3 is configured with its legacy simplex ({@code arith.solver=2}). */
    static final int LARGE = 1_000;

    /** The limit: {@link #ENV} when set to a positive integer, else {@link #DEFAULT_LIMIT}. */
    public static int limit() {
        String v = System.getenv(ENV);
        if (v == null || v.isBlank()) return DEFAULT_LIMIT;
        try {
            int n = Integer.parseInt(v.trim());
            return n > 0 ? n : DEFAULT_LIMIT;
        } catch (NumberFormatException e) {
            return DEFAULT_LIMIT;
        }
    }

    /** The number of symbolic term nodes in {@code cs}, counted up to {@code cap + 1} (a result above {@code cap} means "more than cap"). */
    public static int nodes(List<? extends Constraint> cs, int cap) {
        ArrayDeque<Object> work = new ArrayDeque<>(cs);
        int n = 0;
        while (!work.isEmpty() && n <= cap) {
            Object o = work.pop();
            switch (o) {
                case Collection<?> c -> work.addAll(c);
                case Optional<?> opt -> opt.ifPresent(work::push);
                case Dim.Atom a -> {} // a literal: a constant Z3 folds into the sum, not a node it searches over
                case Dim.Unit u -> {}
                case Record r -> {
                    n++;
                    for (RecordComponent rc : r.getClass().getRecordComponents()) {
                        Object child = component(r, rc);
                        if (child instanceof Span) continue;
                        if (child instanceof Record || child instanceof Collection<?> || child instanceof Optional<?>)
                            work.push(child);
                    }
                }
                default -> {}
            }
        }
        return n;
    }

    /** The message of the policy for an input of more than {@code limit} nodes. */
    public static String tooLarge(int limit) {
        return "input too large for the SMT backend: more than " + limit + " symbolic term nodes (Z3 would not answer in"
                + " seconds); the native solver (solve, check) has no such limit; set " + ENV + " to raise it";
    }

    private static Object component(Record r, RecordComponent rc) {
        try {
            return rc.getAccessor().invoke(r);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // a component we cannot read is not counted: the count is a policy, not a semantics
        }
    }
}
