package org.shapeforge.project;

/**
 * Projection equations (Def. 7.1): {@code Eq(q₁, q₂)} (symmetric) and {@code Iter(q)}.
 * {@code why} names the constraint (or rule) that produced the equation, for failure messages.
 */
sealed interface Equation {
    Reason why();

    record Eq(Atom left, Atom right, Reason why) implements Equation {
        Eq(Atom left, Atom right, String why) {
            this(left, right, new Reason.Text(why));
        }
    }

    record Iter(Atom atom, Reason why) implements Equation {
        Iter(Atom atom, String why) {
            this(atom, new Reason.Text(why));
        }
    }
}
