package org.shapeforge.solver;

/**
 * Why a solver said no (Lemma 5.1's step split). {@code SEMANTIC}: only semantic steps led to the
 * failure, so the input has no solution. {@code POLICY}: a policy commitment (marker placement,
 * deferred-equation resolution, closing guess) is on the failure's derivation, so the input may be
 * satisfiable. {@code UNSAT}: a decision procedure (SMT) proved unsatisfiability. {@code ERROR}:
 * the input is ill-formed (e.g. conflicting bases, a parameter with a hidden dimension).
 */
public enum FailureKind {
    SEMANTIC("semantic"), POLICY("policy"), UNSAT("unsat"), ERROR("error");

    public final String keyword;

    FailureKind(String keyword) {
        this.keyword = keyword;
    }
}
