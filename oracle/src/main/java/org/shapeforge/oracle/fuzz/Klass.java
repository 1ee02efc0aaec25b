package org.shapeforge.oracle.fuzz;

/**
 * The class of one fuzz case (issue 10): how native (deterministic, evaluator re-checked) and SMT
 * (flat) answered, and whether the metamorphic variant agreed.
 */
public enum Klass {
    /** Both decided the same way (sat/sat, unsat/unsat, or a policy failure on an unsat input). */
    AGREE("agree"),
    /** Native failed by policy, SMT found a model: expected incompleteness (Lemma 5.1). */
    POLICY_REJECTION("policy-rejection"),
    /** Native answered sat, but the evaluator or SMT refutes it: a soundness bug. */
    UNSOUND_ACCEPT("unsound-accept"),
    /** Native answered unsat (a semantic failure), but SMT or a planted solution satisfies the input: a soundness bug. */
    UNSOUND_REJECT("unsound-reject"),
    /** Native gave up (budget, unsupported construct) where SMT decided. */
    INCOMPLETE("incomplete"),
    /** SMT could not decide (timeout, rank bound) and native's answer cannot be checked against it. */
    UNKNOWN("unknown"),
    /** Native reported an input error (e.g. a parameter's hidden dimension). */
    INPUT_ERROR("input-error"),
    /** Permuting or renaming the input changed native's verdict or closed values. */
    METAMORPHIC("metamorphic"),
    /** A solver threw: a bug. */
    CRASH("crash"),
    /**
     * Native's answer is valid but breaks a claim the fuzzer checks on it: a dynamic dim (or a
     * variable tied to one) fixed to a number its constraints do not force (issue 31,
     * {@code Claims.dynamicDims}).
     */
    CLAIM("claim");

    public final String keyword;

    Klass(String keyword) {
        this.keyword = keyword;
    }

    /** Whether a case of this class is a bug to minimize and write out. */
    public boolean isViolation() {
        return this == UNSOUND_ACCEPT || this == UNSOUND_REJECT || this == METAMORPHIC || this == CRASH || this == CLAIM;
    }
}
