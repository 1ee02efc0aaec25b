package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One conjunctive branch of {@link LinearSolver}: {@code ≥ 0} forms only. Propagate bounds,
 * cap what stays unbounded, ask the ILP, then certify: models by exact re-check against the
 * system and the branch's forms, infeasibility by enumeration where the domains are small.
 */
final class Branch {
    private Branch() {}

    sealed interface Answer {
        record Model(Map<String, Long> values) implements Answer {}

        record Infeasible(String how) implements Answer {}

        record Undecided(String why) implements Answer {}
    }

    static Answer solve(LinearSystem sys, List<Bounds.Form> forms) {
        Map<String, Interval> iv;
        switch (Bounds.propagate(forms, initial(sys))) {
            case Bounds.Outcome.Conflict(String label, String detail) -> {
                return new Answer.Infeasible("bounds propagation: " + detail + " at " + label);
            }
            case Bounds.Outcome.Narrowed(Map<String, Interval> n) -> iv = n;
        }
        // Every variable at its propagated lower bound is the least-material point of the box (the
        // objective Σ sizes is monotone in each size, auxiliaries unweighted): when it satisfies
        // the branch exactly it is the optimum, with no ILP (a 20,000-part sum: issue 13).
        Map<String, Long> floor = floor(iv);
        if (floor != null && violated(sys, forms, floor) == null) return new Answer.Model(floor);
        BigInteger cap = BigInteger.valueOf(LinearSolver.CAP);
        TreeMap<String, Interval> capped = new TreeMap<>();
        boolean hitCap = false;
        for (var e : iv.entrySet()) {
            Interval i = e.getValue();
            if (i.lo() == null) i = new Interval(cap.negate(), i.hi());
            if (i.hi() == null) i = new Interval(i.lo(), cap.max(i.lo()));
            hitCap |= !i.equals(e.getValue());
            capped.put(e.getKey(), i);
        }
        BigInteger points = BigInteger.ONE;
        BigInteger limit = BigInteger.valueOf(LinearSolver.ENUMERATION_LIMIT);
        for (Interval i : capped.values()) { // stops past the limit: the product of n widths has O(n) digits
            points = points.multiply(i.hi().subtract(i.lo()).add(BigInteger.ONE));
            if (points.compareTo(limit) > 0) break;
        }
        boolean enumerable = !hitCap && points.compareTo(limit) <= 0;
        // ojalgo works in doubles: its rounded model can miss an equality with integer solutions
        // nearby (seen: 2a − 3b + 3c = −2 over 1..2 × 1..4 × 1..2 answered {a=1, b=3, c=2}), and it
        // can fail. Where the domains are small, enumeration decides exactly instead.
        String undecided = null;
        switch (Ilp.solve(forms, capped, sizeNames(sys, capped), false)) {
            case Ilp.Answer.Model(Map<String, Long> m) -> {
                String bad = violated(sys, forms, m);
                if (bad == null) return new Answer.Model(m);
                undecided = "the ILP's rounded model " + m + " fails the exact check of " + bad;
            }
            case Ilp.Answer.Failed(String why) -> undecided = why;
            case Ilp.Answer.Infeasible() -> {}
        }
        if (undecided != null) return enumerable ? enumerate(sys, forms, capped) : new Answer.Undecided(undecided);
        if (!hitCap) return enumerable ? enumerate(sys, forms, capped) : new Answer.Infeasible("ILP infeasible over domains " + capped);
        if (Ilp.solve(forms, iv, sizeNames(sys, iv), true) instanceof Ilp.Answer.Infeasible)
            return new Answer.Infeasible("its LP relaxation is infeasible");
        return new Answer.Undecided("no solution with every size at most " + LinearSolver.CAP + ", and no bound derivable beyond");
    }

    /** Each variable at its lower bound, or null when one has none (or it exceeds a long). */
    private static Map<String, Long> floor(Map<String, Interval> iv) {
        Map<String, Long> out = new HashMap<>();
        for (var e : iv.entrySet()) {
            BigInteger lo = e.getValue().lo();
            if (lo == null || lo.bitLength() > 62) return null;
            out.put(e.getKey(), lo.longValueExact());
        }
        return out;
    }

    /** The exact answer over finite domains of at most {@link LinearSolver#ENUMERATION_LIMIT} points. */
    private static Answer enumerate(LinearSystem sys, List<Bounds.Form> forms, TreeMap<String, Interval> domains) {
        Map<String, Long> found = Enumeration.leastMaterial(sys, forms, domains);
        return found == null ? new Answer.Infeasible("no point of " + domains + " satisfies it, by enumeration")
                : violated(sys, forms, found) == null ? new Answer.Model(found)
                : new Answer.Undecided("enumeration disagrees with its own check");
    }

    /** Each variable's implicit bounds: {@code 1..∞} for sizes, {@code 0..∞} if discardable, none for auxiliaries. */
    static Map<String, Interval> initial(LinearSystem sys) {
        Map<String, Interval> initial = new HashMap<>();
        for (String v : sys.variables())
            initial.put(v, sys.implicitLower(v).map(lo -> new Interval(BigInteger.valueOf(lo), null)).orElse(Interval.ALL));
        return initial;
    }

    /** The label of a constraint or form the model violates, or {@code null}. */
    static String violated(LinearSystem sys, List<Bounds.Form> forms, Map<String, Long> m) {
        for (String v : sys.variables()) {
            var lo = sys.implicitLower(v);
            if (!m.containsKey(v)) return "(unassigned " + v + ")";
            if (lo.isPresent() && m.get(v) < lo.get()) return v + " ≥ " + lo.get();
        }
        for (LinearConstraint c : sys.constraints()) if (!c.holds(m)) return c.label();
        for (Bounds.Form f : forms) if (f.expr().eval(m).signum() < 0) return f.label();
        return null;
    }

    private static Set<String> sizeNames(LinearSystem sys, Map<String, Interval> iv) {
        Set<String> s = new HashSet<>();
        for (String v : iv.keySet()) if (sys.isSize(v)) s.add(v);
        return s;
    }
}
