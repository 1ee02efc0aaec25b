package org.shapeforge.solve.rules;

import java.util.List;
import org.shapeforge.lang.Printer;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** Terms in the {@code .shc} syntax for messages, through {@link Printer} (so they parse back). */
public final class Show {
    private Show() {}

    public static String dim(Dim d) {
        return Printer.print(d);
    }

    public static String dims(List<Dim> ds) {
        return Printer.print(Row.literal(ds));
    }

    public static String row(Row r) {
        return Printer.print(r);
    }
}
