package org.shapeforge.project;

import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;

/**
 * Why a projection equation holds (the rule of Def. 7.2 and the constraint it came from), for
 * failure messages only. Kept as typed data and rendered on demand: an operation's equations are
 * many and almost never fail, and printing each constraint up front was a sixth of projection
 * inference's time on a 10^5-constraint program (issue 30).
 */
sealed interface Reason {

    /** The text a failure message shows. */
    String render();

    /** A reason that is its text already (a pin, a terminal axis). */
    record Text(String text) implements Reason {
        @Override
        public String render() {
            return text;
        }
    }

    /**
     * {@code rule} applied to {@code constraint}: rendered as the rule, a space, the constraint as
     * {@link Printer} prints it with its span in parentheses when known, then {@code detail}.
     */
    record Rule(String rule, Constraint constraint, String detail) implements Reason {
        /** The same rule with {@code more} appended to its detail. */
        Rule and(String more) {
            return new Rule(rule, constraint, detail + more);
        }

        @Override
        public String render() {
            return rule + " " + of(constraint) + detail;
        }
    }

    /** The constraint as failure messages name it: printed, with its span when known. */
    static String of(Constraint c) {
        return Printer.print(c) + (c.span().isKnown() ? " (" + c.span() + ")" : "");
    }
}
