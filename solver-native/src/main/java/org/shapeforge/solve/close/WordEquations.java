package org.shapeforge.solve.close;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Candidate solutions of the deferred word equations of Def. 4.3(c-split) and (d), ordered
 * least material first (§10's resolution analysis). Dimension variables inside the words are
 * compatible with anything; the re-emitted equation checks the committed candidate exactly.
 */
final class WordEquations {
    private WordEquations() {}

    /** Values for (x1, x2) in {@code s·x1 ≈ x2·t}; a null entry means "fresh principal family". */
    record Split(List<Dim> x1, List<Dim> x2, int material) {}

    /** The sporadic prefix solutions and the principal family at w = [], least total rank first. */
    static List<Split> split(List<Dim> s, List<Dim> t) {
        List<Split> out = new ArrayList<>();
        for (int j = 0; j < s.size(); j++) {
            int rest = s.size() - j;
            if (rest > t.size() || !compatible(s.subList(j, s.size()), t.subList(0, rest))) continue;
            out.add(new Split(List.copyOf(t.subList(rest, t.size())), List.copyOf(s.subList(0, j)),
                    2 * j + t.size() - s.size()));
        }
        out.add(new Split(List.copyOf(t), List.copyOf(s), s.size() + t.size()));
        out.sort(Comparator.comparingInt(Split::material));
        return out;
    }

    /**
     * Solutions x of {@code s·x ≈ x·t} with equal |s| = |t|: x = [] first (the deterministic
     * policy), then x = u(vu)^k for each factorization s = uv with vu ≈ t, k ≤ maxPower
     * (Lyndon–Schützenberger), for complete mode.
     */
    static List<List<Dim>> rotation(List<Dim> s, List<Dim> t, int maxPower) {
        Set<List<Dim>> out = new LinkedHashSet<>();
        out.add(List.of());
        for (int i = 0; i <= s.size(); i++) {
            List<Dim> u = s.subList(0, i), v = s.subList(i, s.size());
            List<Dim> vu = new ArrayList<>(v);
            vu.addAll(u);
            if (!compatible(vu, t)) continue;
            for (int k = 0; k <= maxPower; k++) {
                List<Dim> x = new ArrayList<>(u);
                for (int r = 0; r < k; r++) x.addAll(vu);
                out.add(List.copyOf(x));
            }
        }
        return List.copyOf(out);
    }

    static boolean compatible(List<Dim> a, List<Dim> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++)
            if (a.get(i).isGround() && b.get(i).isGround() && !a.get(i).equals(b.get(i))) return false;
        return true;
    }

    static Row.Closed front(List<Dim> axes) {
        return Row.literal(axes);
    }
}
