package org.shapeforge.onnx.certificate;

import java.util.Objects;

/**
 * One SMT-LIB2 script of a {@link Certificate}: its file name, what it checks ({@link Kind} and a
 * one-line description), the first line {@code z3 FILE} must print ({@link Expect}), and its text,
 * whose first line is {@code ; expect: sat} or {@code ; expect: unsat}.
 */
public record CertificateFile(String name, Kind kind, Expect expect, String checks, String text) {
    public CertificateFile {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(expect, "expect");
        if (!name.matches("[a-z0-9-]+\\.smt2")) throw new IllegalArgumentException("not a certificate file name: " + name);
        if (checks.contains("\n") || checks.contains("\t")) throw new IllegalArgumentException("checks spans fields: " + checks);
        if (!text.startsWith(expect.line() + "\n")) throw new IllegalArgumentException(name + " does not start with " + expect.line());
    }

    /** What {@code z3 FILE} must print first. */
    public enum Expect {
        SAT("sat"), UNSAT("unsat");

        public final String keyword;

        Expect(String keyword) {
            this.keyword = keyword;
        }

        /** The script's first line: {@code ; expect: sat}. */
        public String line() {
            return "; expect: " + keyword;
        }
    }

    /** What a script checks. */
    public enum Kind {
        /** The constraints (and the runtime sizes' definitions): satisfiable for an answer, unsatisfiable for a shape error. */
        CONSTRAINTS("constraints"),
        /** The constraints with the {@code requires} domain asserted: satisfiable. */
        CONSISTENCY("consistency"),
        /** The constraints entail every {@code requires} condition: the negation unsatisfiable. */
        REQUIRES("requires"),
        /** The constraints entail the inferred size of every axis of a batch of values: the negation unsatisfiable. */
        RELATIONS("relations"),
        /** A shape error's core, each constraint under its ONNX node: unsatisfiable. */
        CORE("core");

        public final String keyword;

        Kind(String keyword) {
            this.keyword = keyword;
        }
    }
}
