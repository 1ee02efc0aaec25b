package org.shapeforge.solve.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.term.Dim;

/**
 * {@link LinearSolver} agrees with brute force on small generated systems: 2–3 sizes in
 * ranges within 1..12, a few linear predicates ({@code ==, !=, <, <=, >, >=}) and
 * divisibility predicates. Sat exactly when brute force finds a model; every model satisfies
 * every constraint (judged here and by the trusted evaluator, independently of the solver's own
 * check); the model is least
 * material.
 */
class LinearSystemProperties {
    static final String[] VARS = {"a", "b", "c"};

    sealed interface Spec {}

    record Lin(int ca, int cb, int cc, Rel rel, int k) implements Spec {}

    record Div(int var, int modulus, int residue) implements Spec {}

    @Provide
    Arbitrary<Spec> spec() {
        Arbitrary<Integer> coeff = Arbitraries.integers().between(-3, 3);
        Arbitrary<Spec> lin = Combinators.combine(coeff, coeff, coeff, Arbitraries.of(Rel.values()),
                Arbitraries.integers().between(-12, 12)).as(Lin::new);
        Arbitrary<Spec> div = Combinators.combine(Arbitraries.integers().between(0, 2), Arbitraries.integers().between(2, 5),
                Arbitraries.integers().between(0, 4)).as((v, k, r) -> new Div(v, k, r % k));
        return Arbitraries.oneOf(lin, div);
    }

    @Property(tries = 200)
    void agreesWithBruteForce(@ForAll @IntRange(min = 2, max = 3) int n,
            @ForAll @Size(3) List<@IntRange(min = 1, max = 12) Integer> los,
            @ForAll @Size(3) List<@IntRange(min = 0, max = 11) Integer> widths,
            @ForAll @Size(min = 1, max = 4) List<@net.jqwik.api.From("spec") Spec> specs) {
        check(n, los, widths, specs, 12, 1);
    }

    /**
     * Found by CI (stop 19): ojalgo's rounded model {a=1, b=3, c=2} misses
     * {@code 2a − 3b + 3c = −2} over 1..2 × 1..4 × 1..2, whose least model is {a=2, b=3, c=1};
     * small domains are now decided by enumeration when the ILP's model fails the exact check.
     */
    @net.jqwik.api.Example
    void roundedIlpModelFailingTheCheckFallsBackToEnumeration() {
        check(3, List.of(1, 1, 1), List.of(1, 3, 1), List.of(new Lin(2, -3, 3, Rel.EQ, -2)), 12, 1);
    }

    /**
     * Two sizes in ranges up to 1..1500, constants scaled by 100: mostly above the enumeration
     * limit, so an Unsat here rests on ojalgo's infeasibility verdict, the one trusted step
     * (docs/size-arithmetic.md), and a Sat on its optimality claim.
     */
    @Property(tries = 40)
    void largeDomainsAgreeWithBruteForce(@ForAll @Size(2) List<@IntRange(min = 1, max = 1500) Integer> los,
            @ForAll @Size(2) List<@IntRange(min = 400, max = 1499) Integer> widths,
            @ForAll @Size(min = 1, max = 3) List<@net.jqwik.api.From("spec") Spec> specs) {
        check(2, los, widths, specs, 1500, 100);
    }

    private static void check(int n, List<Integer> los, List<Integer> widths, List<Spec> specs, int max, int scale) {
        long[] lo = new long[3], hi = new long[3];
        SizeTranslator t = new SizeTranslator();
        List<Constraint> cs = new java.util.ArrayList<>();
        for (int j = 0; j < n; j++) {
            lo[j] = los.get(j);
            hi[j] = Math.min(max, lo[j] + widths.get(j));
            cs.add(new Constraint.SizeIn(size(j), lo[j], hi[j], null));
        }
        for (Spec s : specs) cs.add(toConstraint(s, n, scale));
        for (Constraint c : cs) t.add(c, Printer.print(c));
        long[] best = bruteForce(n, lo, hi, specs, scale);
        LinearResult r = LinearSolver.solve(t.system(Set.of()), Map.of());
        switch (r) {
            case LinearResult.Unknown u -> throw new AssertionError("Unknown on a bounded system: " + u.reason());
            case LinearResult.Unsat u -> assertNull(best, u.reason() + " but brute force found " + java.util.Arrays.toString(best));
            case LinearResult.Sat s -> {
                assertNotNull(best, "Sat " + s.model() + " but brute force found none");
                long[] x = new long[3];
                for (int j = 0; j < n; j++) x[j] = s.model().get(VARS[j]);
                assertTrue(holds(n, lo, hi, specs, x, scale), "model " + s.model() + " violates " + specs);
                Assignment a = Assignment.empty();
                for (var e : s.model().entrySet()) a = a.withDim(e.getKey(), new Dim.Atom(e.getValue()));
                assertTrue(Evaluator.holdsAll(cs, a, Semantics.FLAT), "the evaluator rejects " + s.model());
                assertEquals(best[0] + best[1] + best[2], x[0] + x[1] + x[2],
                        "not least material: " + s.model() + " vs " + java.util.Arrays.toString(best));
            }
        }
    }

    static SizeExpr size(int j) {
        return new SizeExpr.Size(new Dim.Var(VARS[j]));
    }

    static Constraint toConstraint(Spec s, int n, int scale) {
        return switch (s) {
            case Lin(int ca, int cb, int cc, Rel rel, int k) -> {
                int[] cs = {ca, cb, n > 2 ? cc : 0};
                SizeExpr e = new SizeExpr.Lit(0);
                for (int j = 0; j < n; j++) e = new SizeExpr.Add(e, new SizeExpr.Mul(new SizeExpr.Lit(cs[j]), size(j)));
                yield new Constraint.SizeRel(e, rel, new SizeExpr.Lit((long) k * scale), null);
            }
            case Div(int v, int m, int res) -> new Constraint.SizeRel(new SizeExpr.Mod(size(v % n), m), Rel.EQ,
                    new SizeExpr.Lit(res), null);
        };
    }

    /** The specification, judged directly ({@code x[2]} is 0 when {@code n = 2}). */
    static boolean holds(int n, long[] lo, long[] hi, List<Spec> specs, long[] x, int scale) {
        for (int j = 0; j < n; j++) if (x[j] < lo[j] || x[j] > hi[j]) return false;
        for (Spec s : specs) {
            boolean ok = switch (s) {
                case Lin(int ca, int cb, int cc, Rel rel, int k) -> rel.test(ca * x[0] + cb * x[1] + (n > 2 ? cc * x[2] : 0), (long) k * scale);
                case Div(int v, int mod, int res) -> Math.floorMod(x[v % n], mod) == res;
            };
            if (!ok) return false;
        }
        return true;
    }

    /** A model of least size-sum, or {@code null}. */
    static long[] bruteForce(int n, long[] lo, long[] hi, List<Spec> specs, int scale) {
        long[] best = null;
        long[] x = new long[3];
        for (x[0] = lo[0]; x[0] <= hi[0]; x[0]++)
            for (x[1] = lo[1]; x[1] <= hi[1]; x[1]++)
                for (x[2] = n > 2 ? lo[2] : 0; x[2] <= (n > 2 ? hi[2] : 0); x[2]++)
                    if ((best == null || x[0] + x[1] + x[2] < best[0] + best[1] + best[2]) && holds(n, lo, hi, specs, x, scale))
                        best = x.clone();
        return best;
    }
}
