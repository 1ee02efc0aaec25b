package org.shapeforge.proofs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.project.Factor;
import org.shapeforge.project.Index;
import org.shapeforge.project.Projections;

/** Comparison of projections up to a bijective renaming of iterator symbols (Thm. 7.4). */
final class ProjCheck {
    private ProjCheck() {}

    /** Empty when {@code a} and {@code b} differ only by a bijective renaming of symbols; else why not. */
    static String differenceUpToRenaming(Projections a, Projections b) {
        Map<String, String> f = new HashMap<>(), g = new HashMap<>();
        if (a.product().size() != b.product().size()) return "product sizes differ";
        for (int e = 0; e < a.product().size(); e++) {
            List<Factor> fa = a.product().get(e).factors(), fb = b.product().get(e).factors();
            if (fa.size() != fb.size()) return "entry " + e + " differs";
            for (int i = 0; i < fa.size(); i++) {
                if (fa.get(i).extent() != fb.get(i).extent()) return "extents differ at " + e;
                String why = bind(f, g, fa.get(i).symbol(), fb.get(i).symbol());
                if (!why.isEmpty()) return why;
            }
        }
        List<List<Index>> ia = new ArrayList<>(List.of(a.lhs())), ib = new ArrayList<>(List.of(b.lhs()));
        ia.addAll(a.rhs());
        ib.addAll(b.rhs());
        if (ia.size() != ib.size()) return "occurrence counts differ";
        for (int t = 0; t < ia.size(); t++) {
            if (ia.get(t).size() != ib.get(t).size()) return "ranks differ at occurrence " + t;
            for (int x = 0; x < ia.get(t).size(); x++) {
                Index p = ia.get(t).get(x), q = ib.get(t).get(x);
                if (!p.getClass().equals(q.getClass())) return "index kinds differ: " + p + " vs " + q;
                List<String> sp = p.symbols(), sq = q.symbols();
                if (sp.size() != sq.size()) return "index shapes differ: " + p + " vs " + q;
                for (int i = 0; i < sp.size(); i++) {
                    String why = bind(f, g, sp.get(i), sq.get(i));
                    if (!why.isEmpty()) return why;
                }
                String rp = p.render(), rq = q.render();
                for (var e : f.entrySet()) rp = rp.replace(e.getKey(), "\u0000" + e.getValue() + "\u0000");
                if (!rp.replace("\u0000", "").equals(rq) && sp.size() <= 1) return "indices differ: " + p + " vs " + q;
            }
        }
        if (a.accumulate() != b.accumulate() || a.initialize() != b.initialize() || a.injective() != b.injective()
                || a.surjective() != b.surjective() || !a.padding().equals(b.padding()))
            return "flags or padding differ";
        if (a.reductions().size() != b.reductions().size()) return "reductions differ";
        for (int i = 0; i < a.reductions().size(); i++)
            if (!f.get(a.reductions().get(i)).equals(b.reductions().get(i))) return "reductions differ";
        return "";
    }

    private static String bind(Map<String, String> f, Map<String, String> g, String x, String y) {
        String fx = f.putIfAbsent(x, y), gy = g.putIfAbsent(y, x);
        if (fx != null && !fx.equals(y)) return x + " maps to both " + fx + " and " + y;
        if (gy != null && !gy.equals(x)) return y + " is the image of both " + gy + " and " + x;
        return "";
    }
}
