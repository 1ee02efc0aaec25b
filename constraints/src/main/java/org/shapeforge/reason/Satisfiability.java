package org.shapeforge.reason;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether a set of relations holds at some binding of its dims (each {@code >= 1}): the one
 * question {@link Reasoner} asks its provers ({@link Chain}); tri-state like a solver's outcome.
 * {@code by} names the engine that answered ({@link Proof#TERMS} or a solver's name) and
 * {@code fallback} whether it is not the first of the chain.
 */
sealed interface Satisfiability {
    /** A binding of every name at which every relation holds, checked exactly. */
    record Sat(Map<String, Long> binding, String by, boolean fallback) implements Satisfiability {
        public Sat {
            binding = Collections.unmodifiableSortedMap(new TreeMap<>(binding));
        }
    }

    /** Proved: no binding satisfies the relations. */
    record Unsat(String why, String by, boolean fallback) implements Satisfiability {}

    /** Neither a binding nor a proof: {@code why} says what each prover answered. */
    record Unknown(String why) implements Satisfiability {}
}
