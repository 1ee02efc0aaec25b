package org.shapeforge.solve.full;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.term.Assignment;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;

/**
 * Issue 4's properties on generated full-language inputs: a sat answer satisfies the input
 * (evaluator, flat); on linear systems (sums, affine sizes, predicates) the native answer agrees
 * with brute force over small sizes: a solution found by enumeration means native sat, and a
 * semantic failure means enumeration finds none.
 */
class FullLanguageProperties {
    static final String[] VARS = {"a", "b", "c", "d"};
    static final int MAX = 7;

    @Provide
    Arbitrary<List<String>> linear() {
        Arbitrary<String> v = Arbitraries.of(VARS);
        Arbitrary<Integer> k = Arbitraries.integers().between(1, 12);
        Arbitrary<String> line = Arbitraries.oneOf(
                Combinators.combine(v, v, v).as((x, y, z) -> x + " = " + y + " ^ " + z),
                Combinators.combine(k, v, k).as((x, y, z) -> x + " = " + y + " ^ " + z),
                Combinators.combine(v, k).as((x, y) -> x + " = " + y),
                Combinators.combine(v, v, Arbitraries.integers().between(1, 3)).as((x, y, s) -> x + " = affine(" + y + ", stride=" + s + ")"),
                Combinators.combine(v, v, v).as((x, y, z) -> x + " = affine(" + y + ", stride=2, kernel=" + z + ", dilation=1)"),
                Combinators.combine(v, Arbitraries.integers().between(2, 4)).as((x, m) -> "size(" + x + ") % " + m + " == 0"),
                Combinators.combine(v, Arbitraries.integers().between(1, 6)).as((x, lo) -> "size(" + x + ") >= " + lo),
                Combinators.combine(v, v).as((x, y) -> "size(" + x + ") < size(" + y + ")"));
        return line.list().ofMinSize(1).ofMaxSize(4);
    }

    @Provide
    Arbitrary<List<String>> mixed() {
        Arbitrary<String> v = Arbitraries.of(VARS);
        Arbitrary<String> extra = Arbitraries.oneOf(
                Combinators.combine(v, v).as((x, y) -> "total([" + x + ", " + y + "]) = 12"),
                Combinators.combine(v, Arbitraries.integers().between(1, 8)).as((x, n) -> "total([" + x + "] <r>) = " + (n * 4)),
                Combinators.combine(v, v).as((x, y) -> "exact(<r>) = [" + x + ", " + y + "]"),
                Combinators.combine(v, v).as((x, y) -> "[" + x + "] <= [" + y + "]"),
                Combinators.combine(v, v).as((x, y) -> "<r> ~ [" + x + ", " + y + "]"));
        Arbitrary<String> decl = Arbitraries.of("leaf <r>", "leaf a", "discardable b", "leaf c", "param a");
        return Combinators.combine(linear(), extra.list().ofMaxSize(2), decl.set().ofMaxSize(2)).as((a, b, ds) -> {
            List<String> all = new ArrayList<>(ds);
            all.addAll(a);
            all.addAll(b);
            return all;
        });
    }

    @Property(tries = 150)
    void satAnswersSatisfyTheInput(@ForAll("mixed") List<String> lines) {
        Problem p = Parser.parse("gen.shc", String.join("\n", lines));
        for (SolveOptions o : List.of(SolveOptions.defaults(), SolveOptions.defaults().withComplete(true)))
            if (new NativeSolver().solve(p, o) instanceof Outcome.Sat s)
                assertTrue(Evaluator.holdsAll(p.constraints(), s.model(), Semantics.FLAT), () -> lines + " -> " + s.model());
    }

    @Property(tries = 150)
    void linearSolvingAgreesWithBruteForce(@ForAll("linear") List<String> lines) {
        Problem p = Parser.parse("gen.shc", String.join("\n", lines));
        Outcome o = new NativeSolver().solve(p, SolveOptions.defaults());
        boolean found = bruteForce(p, 0, new HashMap<>());
        Statistics.label("verdict").collect(o instanceof Outcome.Sat ? "sat" : o.failure().isPresent() ? "fail" : "unknown");
        Statistics.label("verdict").coverage(c -> {
            c.check("sat").percentage(x -> x > 10);
            c.check("fail").percentage(x -> x > 10);
        });
        if (found) assertTrue(o instanceof Outcome.Sat, () -> lines + ": enumeration finds a solution, native says " + o);
        if (o instanceof Outcome.Unsat u && u.core().kind() == FailureKind.SEMANTIC)
            assertFalse(found, () -> lines + ": semantic failure but enumeration finds a solution");
    }

    /** Default-basis sizes 1..MAX for every variable (1 as the unit). */
    private static boolean bruteForce(Problem p, int i, Map<String, Dim> g) {
        List<String> vs = new ArrayList<>(List.of(VARS));
        if (i == vs.size()) return Evaluator.holdsAll(p.constraints(), new Assignment(g, Map.of()), Semantics.FLAT);
        for (int n = 1; n <= MAX; n++) {
            g.put(vs.get(i), n == 1 ? Dim.unit() : Dim.atom(n));
            if (bruteForce(p, i + 1, g)) return true;
        }
        g.remove(vs.get(i));
        return false;
    }
}
