package org.shapeforge.oracle;

import org.shapeforge.lang.Expectation;

/** The judgement of one {@code expect} line: its status and what the engines answered. */
public record CheckResult(Expectation expectation, Status status, String detail) {

    public enum Status {
        /** The engines' answer matches the expectation. */
        PASS,
        /** The engines' answer contradicts it. */
        FAIL,
        /** No engine could decide (timeout, undecided entailment). Counts as not passing. */
        UNKNOWN
    }

    public boolean passed() {
        return status == Status.PASS;
    }
}
