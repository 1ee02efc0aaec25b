package org.shapeforge.onnx;

import java.util.List;
import java.util.Optional;
import org.shapeforge.term.Dim;

/**
 * An ONNX value during import: its name, the dimension terms of its shape (one per axis: the rank
 * is known at import time, the sizes are what the constraints decide), and, for initializers and
 * the outputs of {@code Constant} nodes, its integer contents (Reshape targets, Slice starts, Pad
 * amounts, axes, Gather indices). Large float constants keep only their shape. Integer tensors computed
 * from shapes ({@code Shape}, and Gather/Slice/Concat/… of it) carry their contents as
 * {@link ShapeValue}s: in {@code ints} when every element is known, else in {@code symbolic}. Small
 * float constants keep their contents in {@code floats} (Resize's scales, {@link TensorData#floats}).
 */
public record Tensor(String name, List<Dim> dims, Optional<long[]> ints, Optional<List<ShapeValue>> symbolic,
        Optional<double[]> floats) {
    public Tensor {
        dims = List.copyOf(dims);
        symbolic = symbolic.map(List::copyOf);
    }

    public Tensor(String name, List<Dim> dims, Optional<long[]> ints) {
        this(name, dims, ints, Optional.empty(), Optional.empty());
    }

    public Tensor(String name, List<Dim> dims, Optional<long[]> ints, Optional<List<ShapeValue>> symbolic) {
        this(name, dims, ints, symbolic, Optional.empty());
    }

    public static Tensor of(String name, List<Dim> dims) {
        return new Tensor(name, dims, Optional.empty());
    }

    /**
     * This tensor with integer contents {@code vs} computed from shapes ({@link Contents}): all known,
     * they are its {@link #ints}; otherwise its {@link #symbolic} contents.
     */
    Tensor withContents(List<ShapeValue> vs) {
        Optional<long[]> known = ShapeValue.ints(vs);
        return known.isPresent() ? new Tensor(name, dims, known) : new Tensor(name, dims, Optional.empty(), Optional.of(vs));
    }

    /** The integer contents, known or symbolic, if import time knows them. */
    Optional<List<ShapeValue>> contents() {
        return ints.isPresent() ? ints.map(ShapeValue::known) : symbolic;
    }

    public int rank() {
        return dims.size();
    }

    public Dim dim(int axis) {
        return dims.get(axis);
    }
}
