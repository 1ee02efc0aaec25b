package org.shapeforge.solve.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.shapeforge.lang.Constraint;
import org.shapeforge.term.Dim;

/**
 * Total_elems with one unknown size — an axis, repeated up to three times, a divided_by size or
 * the strided variable — is solved exactly as brute force over 1..5000 (beyond any solution) finds it, through the
 * cross-multiplied equation {@code Πaxes · Πdiv · denom = coeff · v} of the evaluator.
 */
class TotalElemsProperties {
    static final int RANGE = 5000;

    @Property(tries = 400)
    void oneUnknownAgreesWithBruteForce(@ForAll @Size(max = 3) List<@IntRange(min = 1, max = 6) Integer> knownAxes,
            @ForAll @IntRange(min = 0, max = 3) int xAxes, @ForAll @IntRange(min = 0, max = 1) int xDivides,
            @ForAll boolean strided, @ForAll @IntRange(min = 1, max = 200) int n,
            @ForAll @IntRange(min = 1, max = 4) int denom, @ForAll @IntRange(min = 1, max = 6) int v) {
        boolean xIsVar = strided && xAxes + xDivides == 0;
        List<Dim> axes = new ArrayList<>();
        knownAxes.forEach(k -> axes.add(new Dim.Atom(k)));
        for (int j = 0; j < xAxes; j++) axes.add(new Dim.Var("x"));
        List<Dim> div = xDivides == 1 ? List.of(new Dim.Var("x")) : List.of();
        Dim.Var var = new Dim.Var(xIsVar ? "x" : "v");
        Constraint.TotalNum num = strided ? new Constraint.TotalNum.StridedVar(n, var, denom) : new Constraint.TotalNum.NumElems(n);
        Map<String, Long> known = xIsVar ? Map.of() : Map.of("v", (long) v);
        List<Long> sols = new ArrayList<>();
        for (long x = 1; x <= RANGE; x++) if (holds(knownAxes, xAxes, xDivides, strided, n, denom, xIsVar ? x : v, x)) sols.add(x);
        SizeResult r = TotalElems.solve(axes, num, div, known, Set.of(), axes.toString());
        switch (r) {
            case SizeResult.Solved s -> assertEquals(List.of(s.values().get("x")), sols);
            case SizeResult.Failed f -> assertTrue(sols.isEmpty(), f.message() + " but " + sols);
            case SizeResult.Holds h -> assertEquals(RANGE, sols.size());
            case SizeResult.Residual res -> throw new AssertionError("one unknown left residual: " + res.why());
        }
    }

    static boolean holds(List<Integer> known, int xAxes, int xDivides, boolean strided, long n, long denom, long v, long x) {
        long left = 1;
        for (int k : known) left *= k;
        for (int j = 0; j < xAxes + xDivides; j++) left *= x;
        long right = strided ? n * v : n;
        return left * (strided ? denom : 1) == right;
    }
}
