package org.shapeforge.solve.rules;

import java.util.List;
import java.util.stream.Collectors;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Terms in the {@code .shc} syntax of {@code language.md}, for messages and outputs. A stand-in
 * for {@code org.shapeforge.lang.Printer} (branch lang) for the core terms the solver produces.
 */
public final class Show {
    private Show() {}

    public static String dim(Dim d) {
        return switch (d) {
            case Dim.Unit u -> "1";
            case Dim.Atom a -> a.size() + (a.hasDefaultBasis() ? "" : ":" + a.basis());
            case Dim.Var v -> v.name();
            case Dim.Concat c -> c.parts().stream().map(Show::dim).collect(Collectors.joining(" ^ "));
            case Dim.Affine a -> "affine(" + dim(a.over()) + ", stride=" + a.stride()
                    + a.kernel().map(k -> ", kernel=" + dim(k) + ", dilation=" + a.dilation()
                            + (a.padding() ? ", padding=same" : "")).orElse("")
                    + (a.offset() != 0 ? ", offset=" + a.offset() : "") + ")";
        };
    }

    public static String dims(List<Dim> ds) {
        return "[" + ds.stream().map(Show::dim).collect(Collectors.joining(", ")) + "]";
    }

    public static String row(Row r) {
        return switch (r) {
            case Row.Closed c when c.lead().isEmpty() -> dims(c.trail());
            case Row.Closed c -> dims(c.lead()) + " <>" + (c.trail().isEmpty() ? "" : " " + dims(c.trail()));
            case Row.Open o -> (o.lead().isEmpty() ? "" : dims(o.lead()) + " ") + "<" + o.var() + ">"
                    + (o.trail().isEmpty() ? "" : " " + dims(o.trail()));
            case Row.Rigid g -> "!" + dims(g.axes());
        };
    }
}
