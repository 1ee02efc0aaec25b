package org.shapeforge.oracle.claims;

/**
 * One statement of the formal notes ({@code seeds/003_…}) checked on one input: it {@code holds},
 * {@code fails} (a counterexample is the evidence) or is {@code skipped} with the reason.
 */
public record Claim(String name, Status status, String detail) {
    public enum Status {
        HOLDS("holds"), FAILS("fails"), SKIPPED("skipped");

        public final String keyword;

        Status(String keyword) {
            this.keyword = keyword;
        }
    }

    public static Claim holds(String name, String detail) {
        return new Claim(name, Status.HOLDS, detail);
    }

    public static Claim fails(String name, String detail) {
        return new Claim(name, Status.FAILS, detail);
    }

    public static Claim skipped(String name, String reason) {
        return new Claim(name, Status.SKIPPED, reason);
    }

    /** {@code holds}, {@code fails} or {@code skipped(reason)}. */
    public String verdict() {
        return status == Status.SKIPPED ? "skipped(" + detail + ")" : status.keyword;
    }
}
