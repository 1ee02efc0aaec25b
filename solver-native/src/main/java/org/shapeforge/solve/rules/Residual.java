package org.shapeforge.solve.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.shapeforge.solve.size.LinearConstraint;
import org.shapeforge.solve.size.LinearSystem;
import org.shapeforge.solve.size.SizeTranslator;
import org.shapeforge.solve.store.Trace;
import org.shapeforge.solve.store.Why;
import org.shapeforge.term.Dim;

/**
 * The linear part of the live size items under σ (issue 4: "decide the linear-integer part with
 * a real solver"): residual sums and affine equations, and the linear constraints of size
 * predicates, with known sizes substituted. A relaxation of the input, so its unsatisfiability
 * refutes the input. {@code order} lists the variables inside compound terms first, so closing
 * commits the parts of a sum and lets propagation compute the sum (with its basis).
 */
public record Residual(LinearSystem system, Why why, List<String> order) {
    public static Residual of(SizeView view) {
        SizeRules sr = view.sr;
        List<LinearConstraint> cs = new ArrayList<>();
        Why why = Why.NONE;
        Set<String> inner = new LinkedHashSet<>(), outer = new LinkedHashSet<>();
        for (SizeItem it : sr.live()) {
            Trace t = new Trace(it.why, false);
            List<LinearConstraint> lin = linear(sr, it, t, inner, outer);
            if (lin == null) continue;
            cs.addAll(lin);
            why = why.and(t.why());
        }
        List<String> order = new ArrayList<>(inner);
        outer.stream().filter(v -> !inner.contains(v)).forEach(order::add);
        return new Residual(new LinearSystem(cs, sr.discardable, sr.translator.auxiliary()), why, order);
    }

    /**
     * The linear constraints of one live item under σ with known sizes substituted (variables
     * renamed to their representatives; a predicate's remainders are {@code %} auxiliaries), or
     * null for an item with no linear reading (Total_elems, Exact, orders). The variables inside
     * compound terms are added to {@code inner}, the others to {@code outer}.
     */
    static List<LinearConstraint> linear(SizeRules sr, SizeItem it, Trace t, Set<String> inner, Set<String> outer) {
        List<LinearConstraint> cs = new ArrayList<>();
        switch (it.body) {
            case SizeItem.Eq e -> {
                Dim l = sr.deep(e.left(), t), r = sr.deep(e.right(), t);
                var known = sr.known(SizeTerms.vars(List.of(l, r)), t);
                cs.add(LinearConstraint.eq(SizeTranslator.size(l).substitute(known),
                        SizeTranslator.size(r).substitute(known), Show.dim(e.left()) + " = " + Show.dim(e.right())));
                for (Dim d : List.of(l, r)) (SizeTerms.compound(d) ? inner : outer).addAll(SizeTerms.vars(List.of(d)));
            }
            case SizeItem.Pred p -> {
                for (LinearConstraint c : p.linear()) {
                    LinearConstraint x = new LinearConstraint(sr.resolve(c.expr(), new HashMap<>(), t), c.rel(), c.label());
                    cs.add(x);
                    x.expr().variables().stream().filter(v -> !v.startsWith("%")).forEach(outer::add);
                }
            }
            default -> {
                return null;
            }
        }
        return cs;
    }
}
