package org.shapeforge.semantics;

import java.util.List;
import java.util.stream.Collectors;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Compact text of ground values for evaluator details, in the surface syntax of
 * {@code language.md}: {@code 1} is the unit, {@code 3} the atom {@code 3_default}, {@code 3:rgb}
 * a tagged atom ({@code 1:default} for the atom {@code 1_default}); rows print as
 * {@code [3] <> [5]} and {@code ![3, 5]}.
 */
final class GroundText {
    private GroundText() {}

    static String dim(Dim d) {
        return switch (d) {
            case Dim.Unit u -> "1";
            case Dim.Atom a when a.hasDefaultBasis() && a.size() != 1 -> Long.toString(a.size());
            case Dim.Atom a -> a.size() + ":" + a.basis();
            default -> d.toString();
        };
    }

    static String dims(List<Dim> ds) {
        return ds.stream().map(GroundText::dim).collect(Collectors.joining(", ", "[", "]"));
    }

    static String row(Row r) {
        return switch (r) {
            case Row.Closed c -> dims(c.lead()) + " <> " + dims(c.trail());
            case Row.Rigid g -> "!" + dims(g.axes());
            case Row.Open o -> dims(o.lead()) + " <" + o.var() + "> " + dims(o.trail());
        };
    }
}
