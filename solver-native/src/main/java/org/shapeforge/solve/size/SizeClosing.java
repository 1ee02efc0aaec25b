package org.shapeforge.solve.size;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.shapeforge.lang.Constraint.Rel;

/**
 * Closing of the size part (issue 4: "products beyond what staging resolves stay residual and
 * fail at closing with a clear 'underdetermined product' message, not a guess that silently
 * violates them"). Products are staged first — aliases {@code x = y} of the linear part renamed
 * away (so {@code a·b = 12 ∧ a = b} is {@code a·a = 12}, w27), known sizes and the sizes the
 * linear part pins (exact interval propagation) substituted, one unknown solved
 * ({@link ProductSolver}) — to a fixpoint; then the linear part is decided with
 * the known sizes fixed ({@link LinearSolver}, least material, preferred values first); then
 * every remaining product is checked exactly on that model. A product the model violates, or
 * one with a size the linear part does not mention, makes the answer {@code Unknown}
 * ("underdetermined product"): the linear model was not chosen with it in view (Conj. 8.4(b)).
 */
public final class SizeClosing {
    private SizeClosing() {}

    /**
     * Closes the sizes: {@code known} sizes are hypotheses (a product they violate is
     * {@code Unsat}); {@code preferred} as in {@link LinearSolver#solve}. A {@code Sat} model binds
     * the system's sizes, the products' sizes and the known ones, every constraint exactly checked.
     */
    public static LinearResult close(LinearSystem sys, List<ProductConstraint> products, Map<String, Long> known,
            Map<String, Long> preferred) {
        Map<String, String> alias = aliases(sys);
        List<ProductConstraint> open = new ArrayList<>();
        for (ProductConstraint p : products)
            open.add(new ProductConstraint(p.left().renamed(v -> find(alias, v)), p.rel(), p.right().renamed(v -> find(alias, v)), p.label()));
        Map<String, Long> fixed = new TreeMap<>(known);
        known.forEach((v, value) -> fixed.putIfAbsent(find(alias, v), value));
        LinearSystem withKnown = withFixed(sys, fixed, alias);
        boolean progress = true;
        while (progress) {
            progress = false;
            for (var e : LinearSolver.forced(withKnown).entrySet())
                progress |= fixed.putIfAbsent(find(alias, e.getKey()), e.getValue()) == null;
            for (var it = open.iterator(); it.hasNext(); ) {
                ProductConstraint p = it.next();
                switch (ProductSolver.solve(p, fixed, sys.discardable())) {
                    case SizeResult.Failed f -> {
                        return new LinearResult.Unsat(f.message());
                    }
                    case SizeResult.Holds h -> it.remove();
                    case SizeResult.Solved s -> {
                        fixed.putAll(s.values());
                        it.remove();
                        progress = true;
                    }
                    case SizeResult.Residual r -> {}
                }
            }
            withKnown = withFixed(sys, fixed, alias);
        }
        LinearResult r = LinearSolver.solve(withKnown, preferred);
        if (!(r instanceof LinearResult.Sat(Map<String, Long> model))) return r;
        Map<String, Long> all = new HashMap<>(fixed);
        all.putAll(model);
        for (String v : sys.variables()) all.putIfAbsent(find(alias, v), model.get(v));
        for (ProductConstraint p : open) {
            var missing = new TreeSet<>(p.left().variables());
            missing.addAll(p.right().variables());
            missing.removeAll(all.keySet());
            if (!missing.isEmpty())
                return new LinearResult.Unknown("underdetermined product " + p.label() + ": no size fixes " + missing);
            if (!p.holds(all)) {
                BigInteger l = p.left().eval(all), rt = p.right().eval(all);
                return new LinearResult.Unknown("underdetermined product " + p.label() + ": the least-material sizes "
                        + new TreeMap<>(model) + " give " + l + " " + p.rel().symbol + " " + rt + ", false; not guessing further");
            }
        }
        return new LinearResult.Sat(new TreeMap<>(all));
    }

    private static LinearSystem withFixed(LinearSystem sys, Map<String, Long> fixed, Map<String, String> alias) {
        LinearSystem out = sys;
        for (String v : sys.variables()) {
            Long value = fixed.containsKey(v) ? fixed.get(v) : fixed.get(find(alias, v));
            if (value != null) out = out.with(LinearConstraint.eq(LinearExpr.var(v), LinearExpr.of(value), "known " + v + " = " + value));
        }
        return out;
    }

    /** Union–find over the equalities {@code x − y = 0} of the linear part. */
    private static Map<String, String> aliases(LinearSystem sys) {
        Map<String, String> parent = new HashMap<>();
        for (LinearConstraint c : sys.constraints()) {
            LinearExpr e = c.expr();
            if (c.rel() != Rel.EQ || e.constant().signum() != 0 || e.coeffs().size() != 2) continue;
            var cs = List.copyOf(e.coeffs().entrySet());
            if (!cs.get(0).getValue().add(cs.get(1).getValue()).equals(BigInteger.ZERO) || !cs.get(0).getValue().abs().equals(BigInteger.ONE))
                continue;
            String a = find(parent, cs.get(0).getKey()), b = find(parent, cs.get(1).getKey());
            if (!a.equals(b)) parent.put(a.compareTo(b) < 0 ? b : a, a.compareTo(b) < 0 ? a : b);
        }
        return parent;
    }


    private static String find(Map<String, String> parent, String v) {
        String p = parent.get(v);
        return p == null ? v : find(parent, p);
    }
}
