package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.shapeforge.lang.Constraint.Rel;

/**
 * {@code expr REL 0} over integer unknowns, with the text of the constraint it came from
 * ({@code label}) for failure messages (style lesson 4: provenance on every constraint).
 * Checked exactly by {@link #holds}: this is the re-check every ILP model must pass.
 */
public record LinearConstraint(LinearExpr expr, Rel rel, String label) {
    public LinearConstraint {
        Objects.requireNonNull(expr, "expr");
        Objects.requireNonNull(rel, "rel");
        Objects.requireNonNull(label, "label");
    }

    /** {@code left REL right}, normalised to {@code left − right REL 0}. */
    public static LinearConstraint of(LinearExpr left, Rel rel, LinearExpr right, String label) {
        return new LinearConstraint(left.minus(right), rel, label);
    }

    public static LinearConstraint eq(LinearExpr left, LinearExpr right, String label) {
        return of(left, Rel.EQ, right, label);
    }

    /** Exact truth under a model binding every variable of {@code expr}. */
    public boolean holds(Map<String, Long> model) {
        int c = expr.eval(model).signum();
        return rel.test(c, 0);
    }

    /** The complement {@code ¬(expr REL 0)}, for entailment queries. */
    public LinearConstraint negation() {
        Rel n = switch (rel) {
            case EQ -> Rel.NE;
            case NE -> Rel.EQ;
            case LT -> Rel.GE;
            case GE -> Rel.LT;
            case LE -> Rel.GT;
            case GT -> Rel.LE;
        };
        return new LinearConstraint(expr, n, "not (" + label + ")");
    }

    /**
     * The same constraint as {@code ≥ 0} forms (strict inequalities shifted by one, as the
     * unknowns are integers); an equality gives two, {@code !=} none (it is a disjunction).
     */
    List<LinearExpr> asNonNegative() {
        LinearExpr one = LinearExpr.of(BigInteger.ONE);
        return switch (rel) {
            case EQ -> List.of(expr, expr.negate());
            case GE -> List.of(expr);
            case GT -> List.of(expr.minus(one));
            case LE -> List.of(expr.negate());
            case LT -> List.of(expr.negate().minus(one));
            case NE -> List.of();
        };
    }

    @Override
    public String toString() {
        return label;
    }
}
