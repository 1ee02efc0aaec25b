package org.shapeforge.cli.dynamic;

import java.util.List;
import java.util.stream.Collectors;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.term.Dim;

/** Closed dims printed as sizes, {@code [8, 128]}: the form {@code Binding.Bound.printed()} uses. */
final class ClosedSizes {
    private ClosedSizes() {}

    static String nums(List<Dim> ds) {
        return ds.stream().map(d -> Long.toString(Sizes.size(d))).collect(Collectors.joining(", ", "[", "]"));
    }
}
