package org.shapeforge.reason;

/**
 * The result of {@link Reasoner#unify}: the reasoner after it and what was known of the equality
 * before. {@code proof} is {@link Verdict#TRUE} when the two were already provably equal
 * ({@code reasoner} unchanged), {@link Verdict#UNKNOWN} when the equality was recorded as an
 * assumption, {@link Verdict#CONTRADICTION} when they are provably unequal or the assumptions
 * were already inconsistent ({@code reasoner} unchanged: nothing false is recorded).
 */
public record Unified(Reasoner reasoner, Proof proof) {
    /** Whether the equality was recorded as a new assumption. */
    public boolean recorded() {
        return proof.verdict() == Verdict.UNKNOWN;
    }
}
