package org.shapeforge.program;

import java.util.BitSet;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.solver.ClosingPolicy;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.term.Row;

/**
 * OCANNL's "You forgot to specify the hidden dimension(s)" for rows ({@code tensor/row.ml},
 * closing a terminal row of a parameter with no lower-bound information): a parameter's open row
 * that, before closing, is unbound and has no cap with an explicit axis is determined by nothing
 * in the program; closing would silently make it empty. The native solver reports this only for
 * caps with holes and for dimension variables, so the front end checks the solved form. Rows
 * that OCANNL deems safe to guess (input rows used only pointwise) are exempt. Under {@link
 * ClosingPolicy#OCANNL} so is a row that closing gave at least one axis (issue 28): OCANNL's stage 3
 * sets a terminal row to the LUB that reaches it through interior rows, or to "one axis of the
 * required dimension" when its {@code Total_elems} needs one, and reports only a row closed to
 * no-further-axes.
 */
final class HiddenDims {
    private HiddenDims() {}

    static Solution check(Generated g, Solution s, ClosingPolicy policy) {
        if (!(s instanceof Solution.Solved solved) || solved.solved().isEmpty()) return s;
        SolvedForm sf = solved.solved().get();
        Set<String> capped = new HashSet<>(); // row variables with a cap that has an explicit axis
        for (Constraint c : sf.residual())
            if (c instanceof Constraint.RowLe(Row lower, Row upper, var _) && upper.rowVar() != null && lower.knownRank() > 0)
                capped.add(upper.rowVar());
        for (Declaration d : g.declarations()) {
            if (d.kind() != Declaration.Provenance.PARAM) continue;
            for (Declaration.VarRef v : d.vars()) {
                if (!v.row() || g.safeToGuess().contains(v.name()) || determined(v.name(), sf, capped, 0)) continue;
                if (policy == ClosingPolicy.OCANNL && solved.model().rows().get(v.name()) instanceof Row r && r.knownRank() > 0) continue;
                BitSet involved = new BitSet();
                for (int i = 0; i < g.constraints().size(); i++)
                    if (mentions(g.constraints().get(i), v.name())) involved.set(i);
                return new Solution.Failed("error", "unspecified hidden dimension in parameter <" + v.name()
                        + ">: no operation gives this row an axis, and closing would make it empty", involved,
                        Optional.of(v.name()));
            }
        }
        return s;
    }

    private static boolean determined(String v, SolvedForm sf, Set<String> capped, int depth) {
        Row bound = sf.rowBindings().get(v);
        if (bound != null) {
            if (!(bound instanceof Row.Open o) || bound.knownRank() > 0 || depth > 64) return true;
            return determined(o.var(), sf, capped, depth + 1);
        }
        return capped.contains(v);
    }

    private static boolean mentions(Constraint c, String v) {
        return switch (c) {
            case Constraint.RowLe(Row l, Row u, var _) -> v.equals(l.rowVar()) || v.equals(u.rowVar());
            case Constraint.RowEq(Row l, Row r, var _) -> v.equals(l.rowVar()) || v.equals(r.rowVar());
            default -> false;
        };
    }
}
