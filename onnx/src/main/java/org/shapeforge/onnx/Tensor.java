package org.shapeforge.onnx;

import java.util.List;
import java.util.Optional;
import org.shapeforge.term.Dim;

/**
 * An ONNX value during import: its name, the dimension terms of its shape (one per axis: the rank
 * is known at import time, the sizes are what the constraints decide), and, for initializers and
 * the outputs of {@code Constant} nodes, its integer contents (Reshape targets, Slice starts, Pad
 * amounts, axes, Gather indices). Float constants keep only their shape.
 */
public record Tensor(String name, List<Dim> dims, Optional<long[]> ints) {
    public Tensor {
        dims = List.copyOf(dims);
    }

    public static Tensor of(String name, List<Dim> dims) {
        return new Tensor(name, dims, Optional.empty());
    }

    public int rank() {
        return dims.size();
    }

    public Dim dim(int axis) {
        return dims.get(axis);
    }
}
