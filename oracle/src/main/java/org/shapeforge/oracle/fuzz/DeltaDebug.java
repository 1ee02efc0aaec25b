package org.shapeforge.oracle.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Zeller and Hildebrandt's ddmin: a 1-minimal sublist of {@code items} on which {@code fails}
 * still holds (removing any single remaining item makes it pass). Hand-written: the algorithm is a
 * dozen lines and no maintained Java library offers it over arbitrary lists.
 */
public final class DeltaDebug {
    private DeltaDebug() {}

    public static <T> List<T> minimize(List<T> items, Predicate<List<T>> fails) {
        List<T> cur = new ArrayList<>(items);
        int n = 2;
        while (cur.size() >= 2) {
            int chunk = (cur.size() + n - 1) / n;
            boolean reduced = false;
            for (int start = 0; start < cur.size(); start += chunk) {
                List<T> complement = new ArrayList<>(cur.subList(0, start));
                complement.addAll(cur.subList(Math.min(cur.size(), start + chunk), cur.size()));
                List<T> subset = new ArrayList<>(cur.subList(start, Math.min(cur.size(), start + chunk)));
                if (subset.size() < cur.size() && fails.test(subset)) {
                    cur = subset;
                    n = 2;
                    reduced = true;
                    break;
                }
                if (!complement.isEmpty() && fails.test(complement)) {
                    cur = complement;
                    n = Math.max(n - 1, 2);
                    reduced = true;
                    break;
                }
            }
            if (!reduced) {
                if (n >= cur.size()) break;
                n = Math.min(cur.size(), 2 * n);
            }
        }
        return cur;
    }
}
