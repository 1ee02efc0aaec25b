package org.shapeforge.codegen.ir;

import java.util.List;
import java.util.Objects;

/** One occurrence of a tensor in an operation, with one {@link Index} per axis (the index map π_T). */
public record Access(String tensor, List<Index> index) {
    public Access {
        Objects.requireNonNull(tensor, "tensor");
        index = List.copyOf(index);
    }

    /** Every symbol the access mentions, in axis order (with repeats). */
    public List<String> symbols() {
        return index.stream().flatMap(i -> i.symbols().stream()).toList();
    }
}
