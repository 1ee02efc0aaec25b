package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.term.Dim;

/**
 * The arithmetic of Total_elems (seed 000, "Preventing Premature Guessing with Total_elems"):
 * {@code total(R…) = num / Πdiv} over the concatenated rows' axes, i.e. exactly the evaluator's
 * cross-multiplied form {@code Πaxes · Πdiv · denom = coeff · v} (or {@code = n} for Num_elems).
 * The caller flattens the rows and prints them ({@code rowsText} goes into every message, e.g.
 * {@code Total_elems: 72 not divisible by 5 (rows [b] [3, 3, 1])}). Solved by
 * {@link MonomialEquation}: all known → checked; one unknown axis, divided_by size or strided
 * variable → exact division (w22: {@code 8·8·4 = 64·v} gives {@code v = 4}); one variable
 * repeated → exact integer root or failure (w27: {@code a·a = 12}); several unknowns, or an axis
 * that is a sum with unknowns → residual, the stage-5 heuristics' business (Conj. 8.4(b)).
 */
public final class TotalElems {
    private TotalElems() {}

    public static SizeResult solve(List<Dim> axes, Constraint.TotalNum num, List<Dim> dividedBy,
            Map<String, Long> known, Set<String> discardable, String rowsText) {
        String context = "rows " + rowsText;
        Side left = new Side(BigInteger.ONE, new ArrayList<>());
        for (Dim d : axes) if (!left.factor(d, known)) return compound(d, context);
        for (Dim d : dividedBy) if (!left.factor(d, known)) return compound(d, context);
        Side right = new Side(BigInteger.ONE, new ArrayList<>());
        switch (num) {
            case Constraint.TotalNum.NumElems(long n) -> right.k = BigInteger.valueOf(n);
            case Constraint.TotalNum.StridedVar(long coeff, Dim.Var v, long denom) -> {
                left.k = left.k.multiply(BigInteger.valueOf(denom));
                right.k = BigInteger.valueOf(coeff);
                right.factor(v, known);
            }
        }
        return new MonomialEquation(left.k, left.vars, right.k, right.vars, "Total_elems", context).solve(discardable);
    }

    private static SizeResult compound(Dim d, String context) {
        return new SizeResult.Residual("Total_elems: axis " + d + " is a sum of unknown sizes; the product is not a monomial ("
                + context + ")");
    }

    private static final class Side {
        BigInteger k;
        final List<String> vars;

        Side(BigInteger k, List<String> vars) {
            this.k = k;
            this.vars = vars;
        }

        /** Multiplies in the size of {@code d}; false when it is neither known nor a single variable. */
        boolean factor(Dim d, Map<String, Long> known) {
            switch (d) { // the common cases without a LinearExpr (issue 12: allocation per Total_elems wake-up)
                case Dim.Atom a -> {
                    k = k.multiply(BigInteger.valueOf(a.size()));
                    return true;
                }
                case Dim.Unit u -> {
                    return true;
                }
                case Dim.Var v -> {
                    Long n = known.get(v.name());
                    if (n != null) k = k.multiply(BigInteger.valueOf(n));
                    else vars.add(v.name());
                    return true;
                }
                default -> {}
            }
            LinearExpr e = SizeTranslator.size(d).substitute(known);
            if (e.isConstant()) {
                k = k.multiply(e.constant());
                return true;
            }
            if (e.constant().signum() == 0 && e.coeffs().size() == 1 && e.coeffs().firstEntry().getValue().equals(BigInteger.ONE)) {
                vars.add(e.coeffs().firstKey());
                return true;
            }
            return false;
        }
    }
}
