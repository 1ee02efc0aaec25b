package org.shapeforge.program.dynamic;

import java.util.List;
import java.util.stream.Collectors;

/** A tensor's rows as extent metadata: batch, input, output (rank exact, each axis an extent). */
public record SymbolicShape(List<ShapeExtent> batch, List<ShapeExtent> input, List<ShapeExtent> output) {
    public SymbolicShape {
        batch = List.copyOf(batch);
        input = List.copyOf(input);
        output = List.copyOf(output);
    }

    /** {@code b=[n] i=[] o=[n*4]}. */
    public String printed() {
        return "b=" + row(batch) + " i=" + row(input) + " o=" + row(output);
    }

    static String row(List<ShapeExtent> r) {
        return r.stream().map(ShapeExtent::printed).collect(Collectors.joining(", ", "[", "]"));
    }
}
