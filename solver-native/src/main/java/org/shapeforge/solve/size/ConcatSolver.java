package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.shapeforge.term.Dim;

/**
 * Equations between sums (seed 000, "Concatenation"; issue 4): {@code left = right} where each
 * side is a dimension term, concatenations flattened. Known sizes are substituted; what
 * remains is one linear equation {@code Σ cᵢ·xᵢ + k = 0} solved in exact integers:
 * no unknown left → checked; one unknown → solved by exact division ({@code 7 = a ^ 3} gives
 * {@code a = 4}), failing with the numbers on a negative residue ("components exceed") or an
 * indivisible one; two or more → {@link SizeResult.Residual}, for {@link LinearSystem} at
 * closing. Never OCANNL's oldest-variable pairing, never a guess.
 */
public final class ConcatSolver {
    private ConcatSolver() {}

    public static SizeResult solve(Dim left, Dim right, Map<String, Long> known, Set<String> discardable) {
        Side l = side(left, known), r = side(right, known);
        LinearExpr eq = l.total().minus(r.total());
        String text = l + " = " + r;
        Set<String> vars = eq.variables();
        if (vars.isEmpty()) {
            return eq.constant().signum() == 0
                    ? new SizeResult.Holds(text)
                    : new SizeResult.Failed("Concat: " + text + " does not hold: " + l.total() + " ≠ " + r.total());
        }
        if (vars.size() > 1) return new SizeResult.Residual("Concat: underdetermined sum " + text + " over " + vars);
        String x = vars.iterator().next();
        BigInteger c = eq.coeff(x), rest = eq.constant().negate();
        if (c.signum() < 0) {
            c = c.negate();
            rest = rest.negate();
        }
        long lower = discardable.contains(x) ? 0 : 1;
        boolean xLeft = l.total().coeff(x).signum() != 0, xRight = r.total().coeff(x).signum() != 0;
        if (rest.compareTo(c.multiply(BigInteger.valueOf(lower))) < 0) {
            if (xLeft != xRight) {
                Side home = xLeft ? l : r, other = xLeft ? r : l;
                if (other.total().isConstant() && home.knownSum().compareTo(other.total().constant()) > 0)
                    return new SizeResult.Failed("Concat: components exceed " + other.total().constant() + ": "
                            + home.knownText() + " = " + home.knownSum() + " (in " + text + ")");
            }
            return new SizeResult.Failed("Concat: " + text + " needs " + c + "·" + x + " = " + rest
                    + ", but " + x + " ≥ " + lower);
        }
        if (rest.mod(c).signum() != 0)
            return new SizeResult.Failed("Concat: " + text + " needs " + c + "·" + x + " = " + rest
                    + ", and " + rest + " is not divisible by " + c);
        BigInteger v = rest.divide(c);
        if (v.bitLength() > 62) return new SizeResult.Failed("Concat: " + text + " gives " + x + " = " + v + ", too large");
        return new SizeResult.Solved(Map.of(x, v.longValueExact()));
    }

    /** The flattened parts of one side after substitution. */
    private record Side(List<LinearExpr> parts, LinearExpr total) {
        Side(List<LinearExpr> parts) {
            this(parts, LinearExpr.sum(parts));
        }

        BigInteger knownSum() {
            return parts.stream().filter(LinearExpr::isConstant).map(LinearExpr::constant).reduce(BigInteger.ZERO, BigInteger::add);
        }

        String knownText() {
            List<String> s = parts.stream().filter(LinearExpr::isConstant).map(LinearExpr::toString).toList();
            return s.isEmpty() ? "0" : String.join(" + ", s);
        }

        @Override
        public String toString() {
            return String.join(" + ", parts.stream().map(LinearExpr::toString).toList());
        }
    }

    private static Side side(Dim d, Map<String, Long> known) {
        List<LinearExpr> parts = new ArrayList<>();
        flatten(d, known, parts);
        return new Side(parts);
    }

    private static void flatten(Dim d, Map<String, Long> known, List<LinearExpr> out) {
        if (d instanceof Dim.Concat c) c.parts().forEach(p -> flatten(p, known, out));
        else out.add(SizeTranslator.size(d).substitute(known));
    }
}
