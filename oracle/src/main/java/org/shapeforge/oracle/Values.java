package org.shapeforge.oracle;

import java.util.TreeSet;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Printer;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** Printing of the values that a check compares, in the language of {@code language.md}. */
final class Values {
    private Values() {}

    static String describe(Assignment a) {
        return Printer.print(a);
    }

    /** The values in {@code model} of the variables at the top of a {@code closed} binding. */
    static String describe(Constraint binding, Assignment model) {
        return switch (binding) {
            case Constraint.DimEq(Dim.Var(String n, _), var r, var s) -> value(n, model);
            case Constraint.RowEq(Row.Open o, var r, var s) when o.lead().isEmpty() && o.trail().isEmpty() ->
                value("<" + o.var() + ">", model);
            default -> Printer.print(model);
        };
    }

    private static String value(String name, Assignment model) {
        if (name.startsWith("<")) {
            String v = name.substring(1, name.length() - 1);
            Row r = model.rows().get(v);
            return name + " = " + (r == null ? "(unassigned; model has " + new TreeSet<>(model.rows().keySet()) + ")" : Printer.print(r));
        }
        Dim d = model.dims().get(name);
        return name + " = " + (d == null ? "(unassigned)" : Printer.print(d));
    }
}
