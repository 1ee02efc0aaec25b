package org.shapeforge.project;

/**
 * Projection equations (Def. 7.1): {@code Eq(q₁, q₂)} (symmetric) and {@code Iter(q)}.
 * {@code why} names the constraint (or rule) that produced the equation, for failure messages.
 */
sealed interface Equation {
    String why();

    record Eq(Atom left, Atom right, String why) implements Equation {}

    record Iter(Atom atom, String why) implements Equation {}
}
