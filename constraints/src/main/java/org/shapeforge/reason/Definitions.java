package org.shapeforge.reason;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.shapeforge.lang.Constraint.Rel;
import org.shapeforge.term.sym.SymAtom;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * The names that the assumed equalities define: an equality {@code c·x + rest == 0} with
 * {@code c = ±1} and {@code x} in no other term (not under a division either) defines
 * {@code x = −c·rest}. Equalities are taken in the order of their printed forms, each first
 * rewritten by the definitions before it; of several names it could define, the greatest in name
 * order is defined (so {@code unify(a, b)} rewrites {@code b} to {@code a}). Every definition is
 * over names no definition defines, so one substitution rewrites an expression completely.
 */
final class Definitions {
    private Definitions() {}

    static Map<String, SymSize> of(List<SymCondition> assumptions) {
        List<SymCondition> eqs = new ArrayList<>();
        for (SymCondition c : assumptions) if (c.rel() == Rel.EQ) eqs.add(c);
        eqs.sort(Comparator.comparing(SymCondition::toString));
        Map<String, SymSize> defs = new TreeMap<>();
        for (SymCondition c : eqs) {
            try {
                SymSize d = c.left().minus(c.right()).substitute(defs);
                Optional<String> x = definable(d);
                if (x.isEmpty()) continue;
                long coeff = d.terms().get(new SymSize.Mono(List.of(new SymAtom.Name(x.get()))));
                SymSize value = d.minus(SymSize.name(x.get()).times(coeff)).times(-coeff);
                Map<String, SymSize> one = Map.of(x.get(), value);
                defs.replaceAll((n, v) -> v.substitute(one));
                defs.put(x.get(), value);
            } catch (ArithmeticException overflow) { // SymOverflow included: that equality defines nothing
            }
        }
        return defs;
    }

    /** The greatest name {@code x} with {@code d = ±x + rest}, {@code rest} free of {@code x}. */
    private static Optional<String> definable(SymSize d) {
        String best = null;
        for (var t : d.terms().entrySet()) {
            List<SymAtom> atoms = t.getKey().atoms();
            if (atoms.size() != 1 || !(atoms.getFirst() instanceof SymAtom.Name(String x)) || Math.abs(t.getValue()) != 1) continue;
            if (best != null && x.compareTo(best) < 0) continue;
            SymSize rest = d.minus(SymSize.name(x).times(t.getValue()));
            if (!rest.vars().contains(x)) best = x;
        }
        return Optional.ofNullable(best);
    }
}
