package org.shapeforge.solve.search;

import java.util.ArrayList;
import java.util.List;

/**
 * The policy choice points met by one run (Remark 6.7(ii)), replayed by complete mode. A run
 * takes branch {@code script[i]} at its i-th choice point (0, the deterministic policy, past
 * the script's end) and records how many branches each point had.
 */
public final class Choices {
    private final List<Integer> script;
    private final List<Integer> arities = new ArrayList<>();

    public Choices(List<Integer> script) {
        this.script = List.copyOf(script);
    }

    public static Choices deterministic() {
        return new Choices(List.of());
    }

    /** The branch to take at the next choice point among {@code n ≥ 1} alternatives. */
    public int choose(int n) {
        int i = arities.size();
        arities.add(n);
        int pick = i < script.size() ? script.get(i) : 0;
        return Math.min(pick, n - 1);
    }

    public List<Integer> script() {
        return script;
    }

    public List<Integer> arities() {
        return List.copyOf(arities);
    }

    /** The next script in depth-first order after this run, or null when the tree is exhausted. */
    public List<Integer> next() {
        List<Integer> taken = new ArrayList<>();
        for (int i = 0; i < arities.size(); i++) taken.add(i < script.size() ? Math.min(script.get(i), arities.get(i) - 1) : 0);
        for (int i = taken.size() - 1; i >= 0; i--) {
            if (taken.get(i) + 1 < arities.get(i)) {
                List<Integer> nxt = new ArrayList<>(taken.subList(0, i));
                nxt.add(taken.get(i) + 1);
                return nxt;
            }
        }
        return null;
    }
}
