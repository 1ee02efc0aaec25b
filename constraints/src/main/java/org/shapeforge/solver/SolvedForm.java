package org.shapeforge.solver;

import java.util.List;
import java.util.Map;
import org.shapeforge.lang.Constraint;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The native solver's answer before closing (Def. 5.3, Thm. 5.6): bindings σ⋆ (possibly
 * non-ground), the residual store B⋆ printed as constraints, whether it is principal
 * (Cor. 5.8: no residual caps), and γ↑ (Prop. 5.4: every unsolved variable to its top).
 */
public record SolvedForm(
        Map<String, Dim> dimBindings,
        Map<String, Row> rowBindings,
        List<Constraint> residual,
        boolean principal,
        Assignment upward) {
    public SolvedForm {
        dimBindings = org.shapeforge.collect.FrozenMap.copyOf(dimBindings);
        rowBindings = org.shapeforge.collect.FrozenMap.copyOf(rowBindings);
        residual = List.copyOf(residual);
    }
}
