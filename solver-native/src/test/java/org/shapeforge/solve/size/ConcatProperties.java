package org.shapeforge.solve.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.shapeforge.term.Dim;

/** ConcatSolver agrees with brute force on small equations between sums. */
class ConcatProperties {
    static final String[] VARS = {"a", "b", "c"};

    /** A part code: 0..2 a variable, 3..8 the literal {@code code − 2}. */
    static Dim part(int code) {
        return code < 3 ? new Dim.Var(VARS[code]) : new Dim.Atom(code - 2);
    }

    static Dim side(List<Integer> codes) {
        List<Dim> ds = codes.stream().map(ConcatProperties::part).toList();
        return ds.size() == 1 ? ds.getFirst() : new Dim.Concat(ds);
    }

    static long sum(List<Integer> codes, Map<String, Long> m) {
        long s = 0;
        for (int c : codes) s += c < 3 ? m.get(VARS[c]) : c - 2;
        return s;
    }

    @Property(tries = 500)
    void agreesWithBruteForce(@ForAll @Size(min = 1, max = 4) List<@IntRange(max = 8) Integer> left,
            @ForAll @Size(min = 1, max = 4) List<@IntRange(max = 8) Integer> right,
            @ForAll @Size(value = 3) List<@IntRange(max = 6) Integer> knownCodes) {
        Map<String, Long> known = new HashMap<>();
        for (int j = 0; j < 3; j++) if (knownCodes.get(j) > 0) known.put(VARS[j], (long) knownCodes.get(j));
        TreeSet<String> unknown = new TreeSet<>();
        for (int c : left) if (c < 3 && !known.containsKey(VARS[c])) unknown.add(VARS[c]);
        for (int c : right) if (c < 3 && !known.containsKey(VARS[c])) unknown.add(VARS[c]);
        List<Map<String, Long>> sols = new ArrayList<>();
        enumerate(new ArrayList<>(unknown), 0, new HashMap<>(known), left, right, sols);
        SizeResult r = ConcatSolver.solve(side(left), side(right), known, Set.of());
        switch (r) {
            case SizeResult.Holds h -> assertEquals(Math.round(Math.pow(40, unknown.size())), sols.size(), h.equation());
            case SizeResult.Solved s -> {
                // The solved size is forced: every solution has it (others may stay free, as a in a ^ 1 = a ^ b).
                assertEquals(1, s.values().size());
                var x = s.values().entrySet().iterator().next();
                assertTrue(!sols.isEmpty() && sols.stream().allMatch(m -> m.get(x.getKey()).equals(x.getValue())), s + " vs " + sols);
            }
            case SizeResult.Failed f -> assertTrue(sols.isEmpty(), f.message() + " but " + sols);
            case SizeResult.Residual res -> assertTrue(unknown.size() >= 2, res.why());
        }
    }

    private static void enumerate(List<String> vars, int i, Map<String, Long> m, List<Integer> l, List<Integer> r,
            List<Map<String, Long>> out) {
        if (i == vars.size()) {
            if (sum(l, m) == sum(r, m)) out.add(Map.copyOf(m));
            return;
        }
        for (long v = 1; v <= 40; v++) {
            m.put(vars.get(i), v);
            enumerate(vars, i + 1, m, l, r, out);
        }
        m.remove(vars.get(i));
    }
}
