package org.shapeforge.semantics;

import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Problem;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Which assignments are assignments at all (Def. 1.1): dimension sizes are at least 1, except for
 * variables declared {@code discardable} (seed 000's invalid_vars), which may be 0. A variable not
 * declared discardable that the assignment maps to a size-0 atom, or a row variable whose value has
 * a size-0 axis, makes the assignment inadmissible, whatever the constraints say: so
 * {@code a = 0}, {@code <r> ~ [0, 4]} and {@code a <= 0} have no solution.
 */
public final class Admissible {
    private Admissible() {}

    /** The discardable variables of {@code p}, as keys {@code a} and {@code <r>}. */
    public static Set<String> discardable(Problem p) {
        Set<String> out = new HashSet<>();
        for (Declaration d : p.declarations())
            if (d.kind() == Declaration.Provenance.DISCARDABLE)
                for (Declaration.VarRef v : d.vars()) out.add(v.toString());
        return Set.copyOf(out);
    }

    /** Why {@code a} is not an admissible assignment given the discardable keys, or empty. */
    public static Optional<String> violation(Assignment a, Set<String> discardable) {
        for (Map.Entry<String, Dim> e : a.dims().entrySet())
            if (e.getValue() instanceof Dim.Atom at && at.size() == 0 && !discardable.contains(e.getKey()))
                return Optional.of("size 0 for " + e.getKey() + ", which is not discardable (Def. 1.1: sizes are at least 1)");
        for (Map.Entry<String, Row> e : a.rows().entrySet()) {
            for (Dim d : e.getValue().flat())
                if (d instanceof Dim.Atom at && at.size() == 0) {
                    // the "<name>" key is built only here, not once per row (10^6 strings at scale)
                    if (discardable.contains("<" + e.getKey() + ">")) break;
                    return Optional.of("size-0 axis in <" + e.getKey() + ">, which is not discardable (Def. 1.1: sizes are at least 1)");
                }
        }
        return Optional.empty();
    }

    /** Whether {@code a} is admissible for {@code p} and satisfies all of its constraints under {@code s}. */
    public static boolean solves(Problem p, Assignment a, Semantics s) {
        return violation(a, discardable(p)).isEmpty() && Evaluator.holdsAll(p.constraints(), a, s);
    }
}
