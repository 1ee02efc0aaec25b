package org.shapeforge.semantics;

/**
 * A constraint has no truth value under the given assignment: a variable is unassigned, a value
 * has the wrong sort, bases conflict, or arithmetic leaves the representable or defined range.
 * Thrown by {@link Grounding}; the {@link Evaluator} turns it into {@link Truth#UNDEFINED}.
 */
public final class Undefined extends RuntimeException {
    public Undefined(String message) {
        super(message, null, false, false);
    }
}
