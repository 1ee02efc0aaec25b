package org.shapeforge.program;

import java.util.List;
import java.util.stream.Collectors;
import org.shapeforge.lang.Printer;
import org.shapeforge.term.Dim;

/**
 * An inferred (closed) tensor shape: the ground axes of each row, printed in the {@code .shc}
 * dim syntax ({@code 3}, {@code 4:rgb}; {@code 1} is the unit 1∅, {@code 1:default} the atom).
 */
public record TensorShape(List<Dim> batch, List<Dim> input, List<Dim> output) {
    public TensorShape {
        batch = List.copyOf(batch);
        input = List.copyOf(input);
        output = List.copyOf(output);
    }

    /** {@code batch|input->output}, axes separated by commas (OCANNL's multi-character form). */
    public String printed() {
        return axes(batch) + "|" + axes(input) + "->" + axes(output);
    }

    /** {@code b=[…] i=[…] o=[…]}. */
    public String rows() {
        return "b=[" + list(batch) + "] i=[" + list(input) + "] o=[" + list(output) + "]";
    }

    public static List<String> texts(List<Dim> axes) {
        return axes.stream().map(Printer::print).toList();
    }

    private static String axes(List<Dim> ds) {
        return ds.stream().map(Printer::print).collect(Collectors.joining(","));
    }

    private static String list(List<Dim> ds) {
        return ds.stream().map(Printer::print).collect(Collectors.joining(", "));
    }
}
