package org.shapeforge.semantics;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * Failure reasons of the ground orders, built only when asked for: the orders' boolean
 * {@code le} and explaining {@code whyNot} share one code path, and {@code le} never pays for
 * the text.
 */
final class Reason {
    private Reason() {}

    /** The reason {@code le} receives: the relation fails, unexplained. */
    static final String UNEXPLAINED = "fails";

    static Optional<String> fail(boolean explain, Supplier<String> text) {
        return Optional.of(explain ? text.get() : UNEXPLAINED);
    }
}
