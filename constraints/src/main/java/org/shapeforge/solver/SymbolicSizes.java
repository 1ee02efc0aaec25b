package org.shapeforge.solver;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * The sizes the constraints determine as functions of the dynamic dimensions (issue 31):
 * {@code sizes} maps every variable of the input whose size is such a function — a variable bound
 * to a dynamic dim ({@code y_0 = batch}) or a derived symbol ({@code y_2 = (samples + 1) // 2}) —
 * to its canonical normal form over the dynamic names; the dynamic dims themselves are not in it.
 * {@code conditions} are the domain conditions over the dynamic dims under which these sizes are a
 * solution (a derived size is at least 1; a division that must be exact is); they are never
 * trivially true. {@code checkedAt} lists the bindings of the dynamic dims the native solver's
 * soundness guard evaluated the whole input at (each satisfying every condition). Immutable,
 * sorted by name.
 */
public record SymbolicSizes(Map<String, SymSize> sizes, List<SymCondition> conditions, List<Map<String, Long>> checkedAt) {
    public static final SymbolicSizes NONE = new SymbolicSizes(Map.of(), List.of(), List.of());

    public SymbolicSizes {
        sizes = Collections.unmodifiableSortedMap(new TreeMap<>(sizes));
        conditions = List.copyOf(conditions);
        checkedAt = checkedAt.stream().map(b -> (Map<String, Long>) Collections.unmodifiableSortedMap(new TreeMap<>(b))).toList();
    }

    public boolean isEmpty() {
        return sizes.isEmpty() && conditions.isEmpty();
    }
}
