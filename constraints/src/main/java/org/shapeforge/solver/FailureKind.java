package org.shapeforge.solver;

/**
 * Why a solver said no (Lemma 5.1's step split). {@code SEMANTIC}: only semantic steps led to the
 * failure, so the input has no solution. {@code UNSAT}: a decision procedure (SMT) proved
 * unsatisfiability for every rank. These two are proofs ({@link Outcome.Unsat}). The others are
 * not ({@link Outcome.Unknown}): {@code POLICY}: a policy commitment (marker placement,
 * deferred-equation resolution, closing guess) is on the failure's derivation, or a choice between
 * interchangeable variables was refused (native, docs/solver.md "Order and names"), so the input may be
 * satisfiable; {@code ERROR}: the input is ill-formed or outside the solver (e.g. conflicting bases,
 * a parameter with a hidden dimension); {@code BOUNDED}: SMT refuted the input only for rows up to
 * a rank bound it did not prove sufficient.
 */
public enum FailureKind {
    SEMANTIC("semantic"), POLICY("policy"), UNSAT("unsat"), ERROR("error"), BOUNDED("bounded");

    public final String keyword;

    FailureKind(String keyword) {
        this.keyword = keyword;
    }

    /** Whether a failure of this kind proves that the input has no solution. */
    public boolean provesUnsat() {
        return this == SEMANTIC || this == UNSAT;
    }
}
