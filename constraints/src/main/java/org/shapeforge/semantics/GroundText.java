package org.shapeforge.semantics;

import java.util.List;
import java.util.stream.Collectors;
import org.shapeforge.lang.Printer;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Text of values in evaluator details, in the surface syntax ({@link Printer}): {@code 1} is
 * the unit, {@code 3} the atom {@code 3_default}, {@code 1:default} the atom {@code 1_default};
 * rows print as {@code [3] <> [5]}, {@code [3, 5]} (front marker) and {@code ![3, 5]}. Flat
 * sequences (expansions, flattenings) print as a bracketed list.
 */
final class GroundText {
    private GroundText() {}

    static String dim(Dim d) {
        return Printer.print(d);
    }

    static String dims(List<Dim> ds) {
        return ds.stream().map(Printer::print).collect(Collectors.joining(", ", "[", "]"));
    }

    static String row(Row r) {
        return Printer.print(r);
    }
}
