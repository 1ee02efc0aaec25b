package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Exhaustive search of small finite domains: the exact certificate behind an infeasibility
 * claim of {@link Branch} (ojalgo's own infeasibility verdict is computed in doubles).
 */
final class Enumeration {
    private Enumeration() {}

    /** A model of least size-sum within the domains, or {@code null} when none exists. */
    static Map<String, Long> leastMaterial(LinearSystem sys, List<Bounds.Form> forms, Map<String, Interval> domains) {
        List<String> vars = List.copyOf(domains.keySet());
        Search s = new Search(sys, forms, domains, vars);
        s.go(0, new HashMap<>());
        return s.best;
    }

    private static final class Search {
        final LinearSystem sys;
        final List<Bounds.Form> forms;
        final Map<String, Interval> domains;
        final List<String> vars;
        Map<String, Long> best;
        BigInteger bestCost;

        Search(LinearSystem sys, List<Bounds.Form> forms, Map<String, Interval> domains, List<String> vars) {
            this.sys = sys;
            this.forms = forms;
            this.domains = domains;
            this.vars = vars;
        }

        void go(int i, Map<String, Long> m) {
            if (i == vars.size()) {
                if (Branch.violated(sys, forms, m) != null) return;
                BigInteger cost = BigInteger.ZERO;
                for (var e : m.entrySet()) if (sys.isSize(e.getKey())) cost = cost.add(BigInteger.valueOf(e.getValue()));
                if (best == null || cost.compareTo(bestCost) < 0) {
                    best = Map.copyOf(m);
                    bestCost = cost;
                }
                return;
            }
            Interval d = domains.get(vars.get(i));
            // v == hi ends the loop before v++ (hi may be Long.MAX_VALUE, where v <= hi never fails)
            for (long v = d.lo().longValueExact(), hi = d.hi().longValueExact(); v <= hi; v++) {
                m.put(vars.get(i), v);
                go(i + 1, m);
                if (v == hi) break;
            }
            m.remove(vars.get(i));
        }
    }
}
